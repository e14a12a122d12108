import { describe, expect, it } from 'vitest';
import { bookingListLink } from './bookingListLinks';

const parametersOf = (link: string) => Object.fromEntries(new URL(link, 'https://buchung.example').searchParams);

describe('links into the bookings list', () => {
  it('sets the status filter', () => {
    expect(bookingListLink({ status: 'PENDING' })).toBe('/admin/buchungen?status=PENDING');
    expect(bookingListLink({ status: 'RELEASED_UNPAID' })).toBe('/admin/buchungen?status=RELEASED_UNPAID');
  });

  it('carries a time window as the instants the server gave, which the list reads back unchanged', () => {
    const link = bookingListLink({ from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T23:00:00.000Z' });
    expect(link.startsWith('/admin/buchungen?')).toBe(true);
    expect(parametersOf(link)).toEqual({ from: '2026-11-23T23:00:00.000Z', to: '2026-11-24T23:00:00.000Z' });
  });
});
