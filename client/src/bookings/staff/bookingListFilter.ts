import { addDays, berlinParts, parseDate, startOfBerlinDay } from '../../../../common/time/berlin';
import type { BookingSort, BookingStatusFilter } from '../../gql/graphql';
import type { ColumnSort } from '../../shared/list/listing';
import { formatDate } from '../../shared/format';
import type { StaffBooking } from './bookingRows';

/**
 * The bookings list's filter as it stands in the address (/admin/buchungen?status=PENDING&…), so a
 * filtered list can be bookmarked, shared and linked to from the start page: `q` the search text,
 * `status` a status or payment filter, `from` and `to` ISO instants (bookings overlapping
 * [from, to)), `objekt` the id of a booked object, `serie` the id of a series ("Nur diese Serie"),
 * `sort` the order (a BookingSort; newest first without).
 */
export interface BookingListFilter {
  query: string;
  sort: BookingSort | null;
  status: BookingStatusFilter | null;
  from: string | null;
  to: string | null;
  bookableId: string | null;
  seriesId: string | null;
}

export const NO_FILTER: BookingListFilter = { query: '', sort: null, status: null, from: null, to: null, bookableId: null, seriesId: null };

/** The status and payment filters with the words the list shows for them. */
export const statusFilterLabels: Record<BookingStatusFilter, string> = {
  PENDING: 'Wartet auf Freigabe',
  RELEASED: 'Freigegeben',
  REJECTED: 'Abgelehnt oder storniert',
  PAID: 'Bezahlt',
  UNPAID: 'Nicht bezahlt',
  RELEASED_UNPAID: 'Freigegeben, nicht bezahlt',
};

/**
 * The server's order of each sortable column, ascending and descending. The booked objects have
 * none: a booking's objects are several rows of their own.
 */
export const columnSorts: Readonly<Record<string, { asc: BookingSort; desc: BookingSort }>> = {
  id: { asc: 'NUMBER_ASC', desc: 'NUMBER_DESC' },
  begin: { asc: 'TIME_BEGIN_ASC', desc: 'TIME_BEGIN_DESC' },
  end: { asc: 'TIME_END_ASC', desc: 'TIME_END_DESC' },
  created: { asc: 'OLDEST', desc: 'NEWEST' },
  name: { asc: 'CUSTOMER_ASC', desc: 'CUSTOMER_DESC' },
  price: { asc: 'PRICE_ASC', desc: 'PRICE_DESC' },
  status: { asc: 'STATUS_ASC', desc: 'STATUS_DESC' },
  payment: { asc: 'PAYMENT_ASC', desc: 'PAYMENT_DESC' },
  paymentMethod: { asc: 'PAYMENT_WAY_ASC', desc: 'PAYMENT_WAY_DESC' },
};

const sorts = Object.entries(columnSorts).flatMap(([key, both]) => [
  { sort: both.asc, column: { key, direction: 'asc' as const } },
  { sort: both.desc, column: { key, direction: 'desc' as const } },
]);

/** The order an address names; null (newest first) for none or an unknown one. */
const sortOf = (value: string | null): BookingSort | null => sorts.find((candidate) => candidate.sort === value)?.sort ?? null;

/** The column and direction a sort shows as; newest first is "Erstellt", descending. */
export function columnOfSort(sort: BookingSort | null): ColumnSort {
  return sorts.find((candidate) => candidate.sort === (sort ?? 'NEWEST'))?.column ?? { key: 'created', direction: 'desc' };
}

/** The order after a click on a column's header: ascending first, then the other way round. */
export function sortAfterClick(current: BookingSort | null, columnKey: string): BookingSort | null {
  const both = columnSorts[columnKey];
  if (!both) return current;
  const shown = columnOfSort(current);
  const next = shown.key === columnKey && shown.direction === 'asc' ? both.desc : both.asc;
  return next === 'NEWEST' ? null : next;
}

const isStatusFilter = (value: string | null): value is BookingStatusFilter => value !== null && Object.hasOwn(statusFilterLabels, value);
const instantOrNull = (value: string | null) => (value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : null);

/** The filter an address names; what it names wrongly (an unknown status, no instant) is left out. */
export function filterFromParams(params: URLSearchParams): BookingListFilter {
  const status = params.get('status');
  return {
    query: params.get('q') ?? '',
    sort: sortOf(params.get('sort')),
    status: isStatusFilter(status) ? status : null,
    from: instantOrNull(params.get('from')),
    to: instantOrNull(params.get('to')),
    bookableId: params.get('objekt') || null,
    seriesId: params.get('serie') || null,
  };
}

/** The address parameters of a filter, only those set. */
export function paramsOfFilter(filter: BookingListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('q', filter.query);
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.bookableId) params.set('objekt', filter.bookableId);
  if (filter.seriesId) params.set('serie', filter.seriesId);
  if (filter.sort) params.set('sort', filter.sort);
  return params;
}

/** Whether anything narrows the list (the order does not). */
export const isFiltered = (filter: BookingListFilter) => paramsOfFilter({ ...filter, sort: null }).size > 0;

/** The CSV download of the list as it shows: the same search, filters and order through the same server query; optionally with each booking's last change. */
export function exportLink(tenantId: string, filter: BookingListFilter, withLastChange = false): string {
  const params = new URLSearchParams();
  if (filter.query.trim()) params.set('search', filter.query.trim());
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.bookableId) params.set('bookableId', filter.bookableId);
  if (filter.seriesId) params.set('seriesId', filter.seriesId);
  if (filter.sort) params.set('sort', filter.sort);
  if (withLastChange) params.set('lastChange', 'true');
  const query = params.toString();
  return `/csv/${encodeURIComponent(tenantId)}/bookings${query ? `?${query}` : ''}`;
}

const pad = (value: number) => String(value).padStart(2, '0');
const berlinDay = (instant: Date) => {
  const parts = berlinParts(instant);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
};

/** The Berlin day a `from` instant begins (for a date field); '' without one. */
export const fromDay = (from: string | null) => (from ? berlinDay(new Date(from)) : '');
/** The last Berlin day before a `to` instant (the period's end is exclusive); '' without one. */
export const toDay = (to: string | null) => (to ? berlinDay(new Date(Date.parse(to) - 1)) : '');
/** The instant a period starting on this Berlin day begins; null for an empty or malformed day. */
export const fromOfDay = (day: string) => (parseDate(day) ? startOfBerlinDay(day).toISOString() : null);
/** The instant a period ending with this Berlin day (inclusive) ends; null for an empty or malformed day. */
export const toOfDay = (day: string) => (parseDate(day) ? startOfBerlinDay(addDays(day, 1)).toISOString() : null);

/** "01.12.2026 – 07.12.2026", "ab 01.12.2026", "bis 07.12.2026"; null without a period. */
export function periodText(filter: Pick<BookingListFilter, 'from' | 'to'>): string | null {
  const from = filter.from ? formatDate(startOfBerlinDay(fromDay(filter.from))) : null;
  const to = filter.to ? formatDate(startOfBerlinDay(toDay(filter.to))) : null;
  if (from && to) return from === to ? from : `${from} – ${to}`;
  if (from) return `ab ${from}`;
  if (to) return `bis ${to}`;
  return null;
}

/** The filter in words, for the printed heading: "Status: Wartet auf Freigabe · Objekt: Saal · Serie: wöchentlich dienstags · Suche: „Müller“". */
export function filterText(filter: BookingListFilter, objectTitle: string | null, seriesDescription: string | null = null): string {
  const parts: string[] = [];
  if (filter.status) parts.push(`Status: ${statusFilterLabels[filter.status]}`);
  const period = periodText(filter);
  if (period) parts.push(`Zeitraum: ${period}`);
  if (filter.bookableId) parts.push(`Objekt: ${objectTitle ?? 'unbekannt'}`);
  if (filter.seriesId) parts.push(`Serie: ${seriesDescription ?? 'unbekannt'}`);
  if (filter.query.trim()) parts.push(`Suche: „${filter.query.trim()}“`);
  return parts.length > 0 ? parts.join(' · ') : 'Alle Buchungen';
}

/**
 * Whether a booking (as the cache has it now) still meets the status filter: the server chose the
 * list's bookings, a live change (a release, a payment) may have moved one out of it since.
 */
export function meetsStatus(booking: Pick<StaffBooking, 'isCommitted' | 'isRejected' | 'isPayed'>, status: BookingStatusFilter | null): boolean {
  switch (status) {
    case null:
      return true;
    case 'PENDING':
      return !booking.isCommitted && !booking.isRejected;
    case 'RELEASED':
      return booking.isCommitted && !booking.isRejected;
    case 'REJECTED':
      return booking.isRejected;
    case 'PAID':
      return booking.isPayed;
    case 'UNPAID':
      return !booking.isPayed;
    case 'RELEASED_UNPAID':
      return booking.isCommitted && !booking.isRejected && !booking.isPayed;
  }
}

/**
 * Whether a booking belongs to the series the list is narrowed to ("Nur diese Serie"); every
 * booking without such a filter. The list holds the tenant's bookings, so the series' dates are
 * picked here, and a booking arriving live is too.
 */
export const meetsSeries = (booking: Pick<StaffBooking, 'seriesId'>, seriesId: string | null): boolean => seriesId === null || booking.seriesId === seriesId;
