import type { EntityManager } from '@mikro-orm/postgresql';
import { describeSeriesRule } from '../../../../common/bookings/series.js';
import { berlinParts } from '../../../../common/time/berlin.js';
import { AppError } from '../../shared/errors.js';
import { isUuid } from '../../shared/ids.js';
import { Booking } from '../booking.entity.js';
import { BookingSeries } from './booking-series.entity.js';
import type { SeriesRuleView } from './booking-series.model.js';

/** Reading stored series: shared by the series service, the mails and the documents. */

/** More bookings than a series can have (200 dates, and dates staff added later): the read stays bounded. */
const MAX_SERIES_BOOKINGS = 1000;

/** The stored rule as it was given, with its RFC 5545 form and German description. */
export function storedRuleView(series: BookingSeries): SeriesRuleView {
  const firstDate = berlinParts(series.firstBegin).date;
  const rule = { frequency: series.frequency, interval: series.interval, weekdays: series.weekdays, until: series.until ?? null, count: series.count ?? null };
  return { ...rule, skipHolidays: series.skipHolidays, excludeDates: series.excludeDates, rrule: series.rrule, description: describeSeriesRule(rule, firstDate) };
}

/** The series of a tenant; not found for an unknown id or another tenant's series. */
export async function findSeries(em: EntityManager, tenantId: string, id: string): Promise<BookingSeries> {
  const series = isUuid(id) ? await em.findOne(BookingSeries, { id, tenant: tenantId }) : null;
  if (!series) throw new AppError('generic.not-found', { detail: 'Die Serie existiert nicht.' });
  return series;
}

/** The bookings of a series, earliest first, through the index on (tenant, series, begin). */
export async function seriesBookings(em: EntityManager, tenantId: string, seriesId: string): Promise<Booking[]> {
  return em.find(Booking, { tenant: tenantId, seriesId }, { orderBy: { timeBegin: 'asc', number: 'asc' }, limit: MAX_SERIES_BOOKINGS });
}


/**
 * The bookings of a series locked for a series action, earliest first, then read under the locks:
 * the rows are taken in one order (time, number), so two actions on one series wait for each other
 * instead of deadlocking, and what is read is what the action changes.
 */
export async function lockedSeriesBookings(em: EntityManager, tenantId: string, seriesId: string): Promise<Booking[]> {
  await em.execute('select key from bookings where tenant_id = ? and series_id = ? order by time_begin asc nulls last, number asc limit ? for update', [tenantId, seriesId, MAX_SERIES_BOOKINGS]);
  return seriesBookings(em, tenantId, seriesId);
}
