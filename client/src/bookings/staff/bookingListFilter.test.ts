import { describe, expect, it } from 'vitest';
import { bookingListLink } from '../overview/bookingListLinks';
import { columnOfSort, exportLink, filterFromParams, filterText, fromDay, fromOfDay, isFiltered, meetsSeries, meetsStatus, NO_FILTER, paramsOfFilter, periodText, sortAfterClick, toDay, toOfDay } from './bookingListFilter';

const paramsOf = (link: string) => new URL(link, 'https://buchung.example').searchParams;

describe('the bookings list filter in the address', () => {
  it('reads what the start page links to', () => {
    expect(filterFromParams(paramsOf(bookingListLink({ status: 'PENDING' })))).toEqual({ ...NO_FILTER, status: 'PENDING' });
    const today = filterFromParams(paramsOf(bookingListLink({ from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T23:00:00.000Z' })));
    expect(today).toEqual({ ...NO_FILTER, from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T23:00:00.000Z' });
    expect(periodText(today)).toBe('24.11.2026');
  });

  it('writes every filter back, so reading the address restores it', () => {
    const filter = {
      query: 'Müller Saal',
      sort: 'PRICE_DESC' as const,
      status: 'RELEASED_UNPAID' as const,
      from: '2026-11-30T23:00:00.000Z',
      to: '2026-12-07T23:00:00.000Z',
      bookableId: 'b-1',
      seriesId: 's-1',
    };
    const params = paramsOfFilter(filter);
    expect(params.toString()).toBe('q=M%C3%BCller+Saal&status=RELEASED_UNPAID&from=2026-11-30T23%3A00%3A00.000Z&to=2026-12-07T23%3A00%3A00.000Z&objekt=b-1&serie=s-1&sort=PRICE_DESC');
    expect(filterFromParams(params)).toEqual(filter);
    expect(paramsOfFilter(NO_FILTER).toString()).toBe('');
  });

  it('leaves out an unknown status and a malformed instant', () => {
    expect(filterFromParams(new URLSearchParams('status=ALLES&from=gestern&to=&sort=NACH_LAUNE'))).toEqual(NO_FILTER);
  });

  it('turns Berlin days into the period [first day 00:00, day after the last 00:00) and back', () => {
    expect(fromOfDay('2026-12-01')).toBe('2026-11-30T23:00:00.000Z');
    expect(toOfDay('2026-12-07')).toBe('2026-12-07T23:00:00.000Z');
    expect(fromDay('2026-11-30T23:00:00.000Z')).toBe('2026-12-01');
    expect(toDay('2026-12-07T23:00:00.000Z')).toBe('2026-12-07');
    expect(fromOfDay('')).toBeNull();
  });

  it('names the filter in words for the printed heading', () => {
    expect(filterText(NO_FILTER, null)).toBe('Alle Buchungen');
    expect(filterText({ query: ' Müller ', sort: null, status: 'PENDING', from: '2026-11-30T23:00:00.000Z', to: '2026-12-07T23:00:00.000Z', bookableId: 'b-1', seriesId: null }, 'Saal')).toBe(
      'Status: Wartet auf Freigabe · Zeitraum: 01.12.2026 – 07.12.2026 · Objekt: Saal · Suche: „Müller“',
    );
    expect(filterText({ ...NO_FILTER, seriesId: 's-1' }, null, 'wöchentlich dienstags, 4 Termine')).toBe('Serie: wöchentlich dienstags, 4 Termine');
    expect(filterText({ ...NO_FILTER, seriesId: 's-1' }, null)).toBe('Serie: unbekannt');
  });

  it('links the export with the same filters, under the names the server reads', () => {
    expect(exportLink('t 1', NO_FILTER)).toBe('/csv/t%201/bookings');
    expect(exportLink('t1', { query: 'Saal', sort: 'CUSTOMER_ASC', status: 'PAID', from: null, to: '2026-12-07T23:00:00.000Z', bookableId: 'b-1', seriesId: 's-1' })).toBe(
      '/csv/t1/bookings?search=Saal&status=PAID&to=2026-12-07T23%3A00%3A00.000Z&bookableId=b-1&seriesId=s-1&sort=CUSTOMER_ASC',
    );
    expect(exportLink('t1', { ...NO_FILTER, status: 'PAID' }, true)).toBe('/csv/t1/bookings?status=PAID&lastChange=true');
  });

  it('tells whether a booking still meets the status filter after a live change', () => {
    const released = { isCommitted: true, isRejected: false, isPayed: false };
    expect(meetsStatus(released, 'PENDING')).toBe(false);
    expect(meetsStatus(released, 'RELEASED_UNPAID')).toBe(true);
    expect(meetsStatus({ ...released, isPayed: true }, 'RELEASED_UNPAID')).toBe(false);
    expect(meetsStatus({ ...released, isRejected: true }, 'REJECTED')).toBe(true);
    expect(meetsStatus(released, null)).toBe(true);
  });

  it('keeps only the dates of the chosen series ("Nur diese Serie"), every booking without one', () => {
    expect(meetsSeries({ seriesId: 's-1' }, 's-1')).toBe(true);
    expect(meetsSeries({ seriesId: 's-2' }, 's-1')).toBe(false);
    expect(meetsSeries({ seriesId: null }, 's-1')).toBe(false);
    expect(meetsSeries({ seriesId: null }, null)).toBe(true);
    expect(filterFromParams(new URLSearchParams('serie='))).toEqual(NO_FILTER);
  });
});

describe('the order of the list by its columns', () => {
  it('shows newest first as "Erstellt" descending, and each order under its column', () => {
    expect(columnOfSort(null)).toEqual({ key: 'created', direction: 'desc' });
    expect(columnOfSort('OLDEST')).toEqual({ key: 'created', direction: 'asc' });
    expect(columnOfSort('PAYMENT_WAY_DESC')).toEqual({ key: 'paymentMethod', direction: 'desc' });
  });

  it('sorts a column ascending on its first click, descending on the next, and back to newest first by "Erstellt"', () => {
    expect(sortAfterClick(null, 'price')).toBe('PRICE_ASC');
    expect(sortAfterClick('PRICE_ASC', 'price')).toBe('PRICE_DESC');
    expect(sortAfterClick('PRICE_DESC', 'price')).toBe('PRICE_ASC');
    expect(sortAfterClick(null, 'created')).toBe('OLDEST');
    expect(sortAfterClick('OLDEST', 'created')).toBeNull();
    // The booked objects have no order of their own.
    expect(sortAfterClick('STATUS_ASC', 'objects')).toBe('STATUS_ASC');
  });

  it('an order is not a filter: "Filter zurücksetzen" does not show for it alone', () => {
    expect(isFiltered({ ...NO_FILTER, sort: 'PRICE_ASC' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, status: 'PAID' })).toBe(true);
  });
});
