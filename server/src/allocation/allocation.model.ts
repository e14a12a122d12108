import type { AllocationDecision, AllocationRoundState } from '../../../common/allocation/allocation.schema.js';
import { wallTimesOverlap } from '../../../common/allocation/allocation.schema.js';
import { weekdayCodes, type SeriesDateReason, type SeriesRule, type WeekdayCode } from '../../../common/bookings/series.js';
import { addDays, berlinInstant, berlinParts } from '../../../common/time/berlin.js';
import type { AllocationApplication, AllocationLeftOutDate, AllocationRound, AllocationWish } from './allocation.entities.js';

/** The answers of the allocation API (REST and GraphQL alike). */

export interface AllocationBookableView {
  id: string;
  title: string;
  type: string;
}

export interface AllocationRoundView {
  id: string;
  tenantId: string;
  title: string;
  seasonBegin: string;
  seasonEnd: string;
  applicationsFrom: Date;
  applicationsUntil: Date;
  bookableIds: string[];
  bookables: AllocationBookableView[];
  skipHolidays: boolean;
  state: AllocationRoundState;
  publishedAt: Date | null;
  /** The staff's list and a round's detail: how many applications, and their wishes not decided yet; absent where the public reads the round. */
  applicationCount?: number;
  openWishCount?: number;
}

/** A weekly slot: an object, a weekday and Berlin wall times. */
export interface AllocationSlot {
  bookableId: string;
  weekday: WeekdayCode;
  timeBegin: string;
  timeEnd: string;
}

export interface AllocationWishView {
  id: string;
  applicationId: string;
  bookableId: string | null;
  bookableType: string | null;
  weekday: WeekdayCode;
  timeBegin: string;
  timeEnd: string;
  interval: number;
  participants: number;
  priority: number;
  comment: string;
  decision: AllocationDecision | null;
  /** The granted slot: as wished or what staff granted instead; null unless granted. */
  grant: AllocationSlot | null;
  reason: string;
  decidedAt: Date | null;
  seriesId: string | null;
  leftOutDates: AllocationLeftOutDate[];
}

export interface AllocationApplicationView {
  id: string;
  roundId: string;
  userId: string;
  name: string;
  contactName: string;
  mail: string;
  phone: string;
  registration: string;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  wishes: AllocationWishView[];
}

/** Another wish or grant of the round on the same object and weekday at overlapping times. */
export interface AllocationWishClash {
  wishId: string;
  applicationId: string;
  applicantName: string;
  granted: boolean;
}

/** A season date on which the slot cannot be booked, as the series preview answers it. */
export interface AllocationDateConflict {
  date: string;
  reason: SeriesDateReason | null;
  reasonText: string | null;
}

export interface AllocationWishConflicts {
  wishes: AllocationWishClash[];
  dates: AllocationDateConflict[];
}

export type AllocationStaffWishView = AllocationWishView & { conflicts: AllocationWishConflicts };

export type AllocationStaffApplicationView = Omit<AllocationApplicationView, 'wishes'> & { wishes: AllocationStaffWishView[] };

/** One decision as the history keeps it. */
export interface AllocationDecisionSnapshot {
  decision: AllocationDecision | null;
  bookableId: string | null;
  weekday: WeekdayCode | null;
  timeBegin: string | null;
  timeEnd: string | null;
  reason: string;
}

export interface AllocationHistoryEntry {
  id: string;
  at: Date;
  action: string;
  wishId: string | null;
  actorId: string | null;
  actorLabel: string;
  before: AllocationDecisionSnapshot | null;
  after: AllocationDecisionSnapshot | null;
}

export type AllocationRoundDetail = AllocationRoundView & {
  applications: AllocationStaffApplicationView[];
  history: AllocationHistoryEntry[];
  undecidedCount: number;
};

export interface AllocationGridEntry {
  wishId: string;
  applicationId: string;
  applicantName: string;
  granted: boolean;
  timeBegin: string;
  timeEnd: string;
  /** The kind of object wished when the wish leaves the object to staff (shown in every object of the kind until decided); null for a wish or grant on this object. */
  bookableType: string | null;
}

export interface AllocationGridCell {
  /** The hour of day the cell starts at (0 to 23). */
  hour: number;
  entries: AllocationGridEntry[];
  /** More than one wish or grant in the cell whose times overlap. */
  conflict: boolean;
}

export interface AllocationGridDay {
  weekday: WeekdayCode;
  cells: AllocationGridCell[];
}

export interface AllocationGridRow {
  bookable: AllocationBookableView;
  days: AllocationGridDay[];
}

export interface AllocationGridView {
  roundId: string;
  rows: AllocationGridRow[];
}

export function roundView(round: AllocationRound, titles: ReadonlyMap<string, AllocationBookableView>): AllocationRoundView {
  return {
    id: round.id,
    tenantId: round.tenant.id,
    title: round.title,
    seasonBegin: round.seasonBegin,
    seasonEnd: round.seasonEnd,
    applicationsFrom: round.applicationsFrom,
    applicationsUntil: round.applicationsUntil,
    bookableIds: round.bookableIds,
    bookables: round.bookableIds.map((id) => titles.get(id)).filter((bookable): bookable is AllocationBookableView => bookable !== undefined),
    skipHolidays: round.skipHolidays,
    state: round.state,
    publishedAt: round.publishedAt ?? null,
  };
}

export function grantOf(wish: AllocationWish): AllocationSlot | null {
  if (wish.decision !== 'GRANT' || !wish.grantBookableId || !wish.grantWeekday || !wish.grantTimeBegin || !wish.grantTimeEnd) return null;
  return { bookableId: wish.grantBookableId, weekday: wish.grantWeekday, timeBegin: wish.grantTimeBegin, timeEnd: wish.grantTimeEnd };
}

/** The slot a wish takes on the allocation screen: its grant, else the wished slot on a concrete object; none when declined or only a kind of object is wished. */
export function slotOf(wish: AllocationWish): AllocationSlot | null {
  if (wish.decision === 'DECLINE') return null;
  if (wish.decision === 'GRANT') return grantOf(wish);
  return wish.bookableId ? { bookableId: wish.bookableId, weekday: wish.weekday, timeBegin: wish.timeBegin, timeEnd: wish.timeEnd } : null;
}

export const slotsClash = (a: AllocationSlot, b: AllocationSlot): boolean => a.bookableId === b.bookableId && a.weekday === b.weekday && wallTimesOverlap(a, b);

export function wishView(wish: AllocationWish): AllocationWishView {
  return {
    id: wish.id,
    applicationId: wish.application.id,
    bookableId: wish.bookableId ?? null,
    bookableType: wish.bookableType ?? null,
    weekday: wish.weekday,
    timeBegin: wish.timeBegin,
    timeEnd: wish.timeEnd,
    interval: wish.interval,
    participants: wish.participants,
    priority: wish.priority,
    comment: wish.comment,
    decision: wish.decision ?? null,
    grant: grantOf(wish),
    reason: wish.reason,
    decidedAt: wish.decidedAt ?? null,
    seriesId: wish.seriesId ?? null,
    leftOutDates: wish.leftOutDates,
  };
}

export function applicationFields(application: AllocationApplication): Omit<AllocationApplicationView, 'wishes'> {
  return {
    id: application.id,
    roundId: application.round.id,
    userId: application.userId,
    name: application.name,
    contactName: application.contactName,
    mail: application.mail,
    phone: application.phone,
    registration: application.registration,
    createdAt: application.createdAt,
    updatedAt: application.updatedAt,
    publishedAt: application.publishedAt ?? null,
  };
}

export function decisionSnapshot(wish: AllocationWish): AllocationDecisionSnapshot | null {
  if (!wish.decision) return null;
  return { decision: wish.decision, bookableId: wish.grantBookableId ?? null, weekday: wish.grantWeekday ?? null, timeBegin: wish.grantTimeBegin ?? null, timeEnd: wish.grantTimeEnd ?? null, reason: wish.reason };
}

/** Monday 0 … Sunday 6 of a Berlin day. */
const weekdayIndexOf = (date: string): number => (berlinParts(berlinInstant(date, '12:00')).weekday + 6) % 7;

/**
 * A slot as a series over the round's season: weekly (or every n weeks) on its weekday from the
 * season's first such day to its end, the round's holidays skipped, the dates taken left out.
 * Null when the weekday does not occur in the season.
 */
export function seasonSeries(round: Pick<AllocationRound, 'seasonBegin' | 'seasonEnd' | 'skipHolidays'>, slot: AllocationSlot, interval: number): { firstBegin: Date; firstEnd: Date; rule: SeriesRule } | null {
  const offset = (weekdayCodes.indexOf(slot.weekday) - weekdayIndexOf(round.seasonBegin) + 7) % 7;
  const firstDate = addDays(round.seasonBegin, offset);
  if (firstDate > round.seasonEnd) return null;
  return {
    firstBegin: berlinInstant(firstDate, slot.timeBegin),
    firstEnd: berlinInstant(firstDate, slot.timeEnd),
    rule: { frequency: 'WEEKLY', interval, weekdays: [slot.weekday], until: round.seasonEnd, count: null, skipHolidays: round.skipHolidays, excludeDates: [], requireAll: false },
  };
}
