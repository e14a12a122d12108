/**
 * The hourly slots of the booking page's time choice, built from the server's availability periods:
 * which hours are free, booked, outside the opening hours or past, and how a start and an end are
 * picked. Pure; days and hours are Berlin time whatever the browser's zone.
 */
import { addDays, berlinParts } from '../../../../common/time/berlin';

const HOUR_MS = 3_600_000;

export type SlotStatus = 'free' | 'booked' | 'closed' | 'past' | 'unavailable';

export interface Slot {
  /** Epoch ms. */
  begin: number;
  end: number;
  /** Berlin date "YYYY-MM-DD" and hour of the begin. */
  date: string;
  hour: number;
  status: SlotStatus;
}

export interface AvailabilityAnswer {
  timeBegin: string | number;
  timeEnd: string | number;
  available: boolean;
}

export interface OpeningHoursAnswer {
  regularOpeningHours: readonly { weekdays: readonly number[]; startTime: string; endTime: string }[];
  specialOpeningHours: readonly { date: string; startTime: string; endTime: string }[];
}

export interface BookedWindow {
  timeBegin: string | number;
  timeEnd: string | number;
}

const toMs = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

const closedAllDay = (entry: { startTime: string; endTime: string }) => !entry.startTime || !entry.endTime || entry.startTime === entry.endTime;

/**
 * Whether the combined opening hours (one entry per weekday and per special date) leave the hour
 * from `time` on the Berlin `date` closed: the date's special entry wins, else the weekday's; an
 * object without regular hours is open on days without a special entry, as on the server.
 */
export function isOutsideOpeningHours(hours: OpeningHoursAnswer, date: string, weekday: number, time: string): boolean {
  const special = hours.specialOpeningHours.find((entry) => entry.date === date);
  if (!special && hours.regularOpeningHours.length === 0) return false;
  const entry = special ?? hours.regularOpeningHours.find((candidate) => candidate.weekdays.includes(weekday));
  if (!entry || closedAllDay(entry)) return true;
  const end = `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  // "23:59" and "24:00" both close the day.
  const closesAt = entry.endTime >= '23:59' ? '24:00' : entry.endTime;
  return time < entry.startTime || end > closesAt;
}

/**
 * One slot per hour of the periods. The server decides what is bookable; an hour it refuses is
 * told apart for the reader as outside the opening hours, booked (a booking of the object or a
 * dependent one overlaps it) or otherwise unavailable. Hours that have begun are past (or closed,
 * so closed rows stay recognisable on the current day).
 */
export function hourlySlots(periods: readonly AvailabilityAnswer[], opening: OpeningHoursAnswer, booked: readonly BookedWindow[], now: number): Slot[] {
  const bookings = booked.map((window) => ({ begin: toMs(window.timeBegin), end: toMs(window.timeEnd) }));
  const slots: Slot[] = [];
  for (const period of periods) {
    const periodEnd = toMs(period.timeEnd);
    for (let begin = toMs(period.timeBegin); begin < periodEnd; begin += HOUR_MS) {
      const end = begin + HOUR_MS;
      const { date, hour, weekday, time } = berlinParts(new Date(begin));
      const closed = () => isOutsideOpeningHours(opening, date, weekday, time);
      let status: SlotStatus;
      if (begin < now) status = closed() ? 'closed' : 'past';
      else if (period.available) status = 'free';
      else if (closed()) status = 'closed';
      else if (bookings.some((booking) => booking.begin < end && begin < booking.end)) status = 'booked';
      else status = 'unavailable';
      slots.push({ begin, end, date, hour, status });
    }
  }
  return slots;
}

export interface GridDay {
  date: string;
  /** One entry per row of `hours`; null where the day has no such hour (the spring DST switch). */
  cells: (Slot | null)[];
}

export interface SlotGrid {
  /** The Berlin hours shown as rows, ascending. */
  hours: number[];
  days: GridDay[];
}

/**
 * The slots as a table: a column per date, a row per hour. Hours closed (or missing) on every
 * shown day at the start and the end are left out, so an object open 8 to 22 shows those rows
 * only. On the autumn DST night the repeated hour appears once (its first occurrence).
 */
export function slotGrid(slots: readonly Slot[], dates: readonly string[]): SlotGrid {
  const byDay = new Map<string, Map<number, Slot>>(dates.map((date) => [date, new Map()]));
  for (const slot of slots) {
    const day = byDay.get(slot.date);
    if (day && !day.has(slot.hour)) day.set(slot.hour, slot);
  }
  const open = (hour: number) => dates.some((date) => {
    const slot = byDay.get(date)?.get(hour);
    return slot !== undefined && slot.status !== 'closed';
  });
  let first = 0;
  let last = 23;
  while (first <= last && !open(first)) first += 1;
  while (last >= first && !open(last)) last -= 1;
  const hours = first > last ? [] : Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return { hours, days: dates.map((date) => ({ date, cells: hours.map((hour) => byDay.get(date)?.get(hour) ?? null) })) };
}

/** The Monday of the Berlin week a date belongs to. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven dates Monday to Sunday. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The chosen time: begin and end in epoch ms; `open` while the end is still to be picked. */
export interface SlotSelection {
  begin: number;
  end: number;
  open: boolean;
}

export type SelectionOutcome = 'started' | 'extended' | 'restarted' | 'unavailable';

/**
 * Picking a slot: the first pick selects that hour and waits for the end; a later free hour with
 * only free hours in between ends the selection there (the same hour makes it one hour long).
 * A pick before the start, or across a hour that is not free, starts afresh; a slot that is not
 * free changes nothing.
 */
export function pickSlot(current: SlotSelection | null, slot: Slot, slots: readonly Slot[]): { selection: SlotSelection | null; outcome: SelectionOutcome } {
  if (slot.status !== 'free') return { selection: current, outcome: 'unavailable' };
  const fresh = { begin: slot.begin, end: slot.end, open: true };
  if (!current?.open || slot.begin < current.begin) return { selection: fresh, outcome: current?.open ? 'restarted' : 'started' };
  const between = slots.filter((candidate) => candidate.begin >= current.begin && candidate.end <= slot.end).sort((a, b) => a.begin - b.begin);
  const contiguous = between.length > 0 && between[0].begin === current.begin && between[between.length - 1].end === slot.end && between.every((candidate, index) => index === 0 || between[index - 1].end === candidate.begin);
  if (!contiguous || between.some((candidate) => candidate.status !== 'free')) return { selection: fresh, outcome: 'restarted' };
  return { selection: { begin: current.begin, end: slot.end, open: false }, outcome: 'extended' };
}

/** Whether a slot lies within the selection. */
export function isSelected(selection: SlotSelection | null, slot: Slot): boolean {
  return selection !== null && slot.begin >= selection.begin && slot.end <= selection.end;
}
