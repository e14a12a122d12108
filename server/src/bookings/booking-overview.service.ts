import type { MikroORM } from '@mikro-orm/postgresql';
import { canReadSome } from '../../../common/permissions/permissions.js';
import { AppError } from '../shared/errors.js';
import type { Viewer } from '../users/viewer.service.js';
import { bookingStatusConditions, staffBookingConditions } from './booking-conditions.js';
import { overviewCalendar, type Window } from './booking-overview.rules.js';
import { pgTextArray } from '../shared/sql.js';

/** How many objects the occupancy chart names; the rest are summed up as one. */
export const OVERVIEW_CHART_OBJECTS = 8;

export interface WindowCount extends Window {
  count: number;
}

export interface ObjectHours {
  /** Null for the sum of the objects beyond the named ones. */
  bookableId: string | null;
  title: string;
  bookedHours: number;
}

export interface OverviewWeek extends Window {
  bookings: number;
  bookedHours: number;
  objects: ObjectHours[];
}

/** What needs doing in a tenant: the staff's start page. */
export interface BookingOverview {
  awaitingRelease: number;
  unpaidReleased: number;
  today: WindowCount;
  thisWeek: WindowCount;
  weeks: OverviewWeek[];
}

interface WeekObjectRow {
  week: number;
  bookable_id: string;
  title: string | null;
  bookings: string;
  hours: string;
}

/**
 * The staff's start page (bookings waiting for release, today's and this week's, unpaid released
 * ones, and the booked hours of the coming weeks per object), over the bookings the viewer may read.
 * Every count reads through an index: the windows through the (tenant, time range) GiST index, the
 * open tasks through the partial indexes on their status.
 */
export class BookingOverviewService {
  constructor(private readonly orm: MikroORM) {}

  async overview(viewer: Viewer, tenantId: string, weekCount: number, now = new Date()): Promise<BookingOverview> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
    const calendar = overviewCalendar(now, weekCount);
    const em = this.orm.em.fork();
    const count = (extra: (where: ReturnType<typeof staffBookingConditions>) => unknown) => {
      const where = staffBookingConditions(viewer, tenantId);
      extra(where);
      return { sql: `select count(*) from bookings b where ${where.sql.join(' and ')}`, params: where.params };
    };
    const counts = [
      count((where) => where.add(bookingStatusConditions.PENDING)),
      count((where) => where.add(bookingStatusConditions.RELEASED_UNPAID)),
      count((where) => where.add('not b.is_rejected').overlapping(calendar.today.begin, calendar.today.end)),
      count((where) => where.add('not b.is_rejected').overlapping(calendar.thisWeek.begin, calendar.thisWeek.end)),
    ];
    const [countRow] = await em.execute<{ awaiting: string; unpaid: string; today: string; week: string }[]>(
      `select (${counts[0].sql}) as awaiting, (${counts[1].sql}) as unpaid, (${counts[2].sql}) as today, (${counts[3].sql}) as week`,
      counts.flatMap((part) => part.params),
    );

    const chartWindow = { begin: calendar.weeks[0].begin, end: calendar.weeks[calendar.weeks.length - 1].end };
    const inChart = staffBookingConditions(viewer, tenantId).add('not b.is_rejected').overlapping(chartWindow.begin, chartWindow.end);
    const rows = await em.execute<WeekObjectRow[]>(
      `with weeks as (select w.n::int - 1 as week, w.begins, w.ends from unnest(?::timestamptz[], ?::timestamptz[]) with ordinality as w(begins, ends, n)),
       in_chart as (select b.key from bookings b where ${inChart.sql.join(' and ')})
       select weeks.week, i.bookable_id, max(i.bookable_used->>'title') as title, count(distinct i.booking_key) as bookings,
         sum(extract(epoch from least(i.time_end, weeks.ends) - greatest(i.time_begin, weeks.begins))) / 3600 as hours
       from in_chart
       join booking_items i on i.booking_key = in_chart.key and i.time_begin is not null and i.time_end is not null
       join weeks on i.time_begin < weeks.ends and i.time_end > weeks.begins
       group by weeks.week, i.bookable_id`,
      [pgTextArray(calendar.weeks.map((week) => week.begin.toISOString())), pgTextArray(calendar.weeks.map((week) => week.end.toISOString())), ...inChart.params],
    );

    return {
      awaitingRelease: Number(countRow.awaiting),
      unpaidReleased: Number(countRow.unpaid),
      today: { ...calendar.today, count: Number(countRow.today) },
      thisWeek: { ...calendar.thisWeek, count: Number(countRow.week) },
      weeks: chartWeeks(calendar.weeks, rows),
    };
  }
}

const roundHours = (hours: number) => Math.round(hours * 100) / 100;

/** Per week: the bookings and hours, the most booked objects of the whole chart by name, the rest summed up. */
function chartWeeks(weeks: Window[], rows: WeekObjectRow[]): OverviewWeek[] {
  const totals = new Map<string, { title: string; hours: number }>();
  for (const row of rows) {
    const total = totals.get(row.bookable_id) ?? { title: row.title ?? '', hours: 0 };
    total.hours += Number(row.hours);
    totals.set(row.bookable_id, total);
  }
  const named = [...totals.entries()]
    .sort(([idA, a], [idB, b]) => b.hours - a.hours || a.title.localeCompare(b.title, 'de-DE') || idA.localeCompare(idB))
    .slice(0, OVERVIEW_CHART_OBJECTS);
  const namedIds = new Set(named.map(([id]) => id));
  const hasOthers = totals.size > named.length;
  return weeks.map((window, index) => {
    const ofWeek = rows.filter((row) => row.week === index);
    const hoursOf = (id: string) => Number(ofWeek.find((row) => row.bookable_id === id)?.hours ?? 0);
    const objects: ObjectHours[] = named.map(([id, total]) => ({ bookableId: id, title: total.title, bookedHours: roundHours(hoursOf(id)) }));
    if (hasOthers) {
      const others = ofWeek.filter((row) => !namedIds.has(row.bookable_id)).reduce((sum, row) => sum + Number(row.hours), 0);
      objects.push({ bookableId: null, title: 'Weitere Objekte', bookedHours: roundHours(others) });
    }
    return {
      ...window,
      // A booking of several objects counts once per object: the chart shows the objects' load.
      bookings: ofWeek.reduce((sum, row) => sum + Number(row.bookings), 0),
      bookedHours: roundHours(ofWeek.reduce((sum, row) => sum + Number(row.hours), 0)),
      objects,
    };
  });
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingOverview: BookingOverviewService;
  }
}
