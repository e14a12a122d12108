import { describe, expect, it } from 'vitest';
import { emptyGrant, type Permissions } from '../../shared/permissions';
import { bookingActions, bookingRow, cellTextsOf, objectsText, PAID_BOOKING_NOT_DELETABLE, type StaffBooking } from './bookingRows';

const TENANT = 'tenant-1';

const booking = (overrides: Partial<StaffBooking> = {}): StaffBooking => ({
  id: 'ABCD-EFGH',
  tenantId: TENANT,
  timeCreated: '2026-11-20T09:00:00.000Z',
  timeBegin: '2026-12-24T17:00:00.000Z',
  timeEnd: '2026-12-24T21:00:00.000Z',
  name: 'Erika Mustermann',
  company: '',
  mail: 'erika@example.com',
  phone: '',
  location: 'Musterstadt',
  priceEur: 350,
  isCommitted: false,
  isRejected: false,
  isPayed: false,
  paymentMethod: 'CASH',
  paymentProvider: null,
  assignedUserId: 'erika@example.com',
  seriesId: null,
  items: [{ bookableId: 'venue', amount: 1, regularGrossPriceEur: 350, userGrossPriceEur: 350, bookable: { title: 'Bürgerhaus Musterstadt' }, event: null }],
  ...overrides,
});

function viewer(flags: Partial<Record<'create' | 'readOwn' | 'readAny' | 'updateAny' | 'updateOwn' | 'deleteAny' | 'deleteOwn', boolean>>, userId = 'staff@example.com') {
  const permissions: Permissions = {
    instanceOwner: false,
    allowCreateTenant: false,
    tenants: [{ ...emptyGrant({ adminInterfaces: ['bookings'], manageBookings: flags }), tenantId: TENANT, isOwner: false }],
  };
  return { userId, permissions };
}

describe('bookingRow', () => {
  it('shows the objects with their amounts and the German status, payment and method', () => {
    const row = bookingRow(booking({ isCommitted: true, isPayed: true, items: [...booking().items, { bookableId: 'beamer', amount: 2, regularGrossPriceEur: 0, userGrossPriceEur: 0, bookable: { title: 'Beamer' }, event: null }] }));
    expect(row.objects).toBe('Bürgerhaus Musterstadt, 2 × Beamer');
    expect([row.status, row.payment, row.paymentMethod]).toEqual(['freigegeben', 'bezahlt', 'Bar']);
  });

  it('shows the customer\'s payment choice: alone while unpaid, beside the method once paid, "Unbekannt" only without either', () => {
    expect(bookingRow(booking({ paymentMethod: '', paymentProvider: 'invoice' })).paymentMethod).toBe('Rechnung');
    expect(bookingRow(booking({ paymentMethod: 'CASH', paymentProvider: 'invoice', isPayed: true })).paymentMethod).toBe('Bar (gewählt: Rechnung)');
    expect(bookingRow(booking({ paymentMethod: '', paymentProvider: null })).paymentMethod).toBe('Unbekannt');
  });

  it('computes a booking object once', () => {
    const stored = booking();
    expect(bookingRow(stored)).toBe(bookingRow(stored));
  });

  it("gives a booking of tickets (no times of its own) its event's times in Von/Bis", () => {
    const concert = { id: 'e1', name: 'Sommerkonzert', startsAt: '2026-07-15T17:00:00.000Z', endsAt: '2026-07-15T20:30:00.000Z', place: 'Stadthalle' };
    const row = bookingRow(booking({ timeBegin: null, timeEnd: null, items: [{ bookableId: 'ticket', amount: 2, regularGrossPriceEur: 12, userGrossPriceEur: 12, bookable: { title: 'Erwachsene' }, event: concert }] }));
    expect([row.beginAt, row.endAt]).toEqual([Date.parse(concert.startsAt), Date.parse(concert.endsAt)]);
    expect(cellTextsOf(row)).toMatchObject({ begin: '15.07.2026, 19:00', end: '15.07.2026, 22:30' });
  });

  it('writes a single object without an amount', () => {
    expect(objectsText(booking().items)).toBe('Bürgerhaus Musterstadt');
  });
});

describe('bookingActions', () => {
  it('offers nothing to a reader', () => {
    expect(bookingActions(viewer({ readAny: true }), booking())).toEqual({ details: false, edit: false, release: false, reject: null, markPaid: false, receipt: false, invoice: false, delete: false, deleteBlocked: null });
  });

  it('offers release and "ablehnen" before release, "stornieren" after, nothing of it once rejected', () => {
    const editor = viewer({ readAny: true, updateAny: true });
    expect(bookingActions(editor, booking())).toMatchObject({ details: true, edit: true, release: true, reject: 'Buchung ablehnen', delete: false });
    expect(bookingActions(editor, booking({ isCommitted: true }))).toMatchObject({ release: false, reject: 'Buchung stornieren' });
    expect(bookingActions(editor, booking({ isCommitted: true, isRejected: true }))).toMatchObject({ release: false, reject: null });
  });

  it('offers marking paid while unpaid and a receipt once paid, both with the update right', () => {
    const editor = viewer({ readAny: true, updateAny: true });
    expect(bookingActions(editor, booking())).toMatchObject({ markPaid: true, receipt: false });
    expect(bookingActions(editor, booking({ isPayed: true }))).toMatchObject({ markPaid: false, receipt: true });
    expect(bookingActions(viewer({ readAny: true, deleteAny: true }), booking({ isPayed: true }))).toMatchObject({ markPaid: false, receipt: false });
  });

  it('offers an invoice of a booking with something to pay, paid or not, while not cancelled, with the update right', () => {
    const editor = viewer({ readAny: true, updateAny: true });
    expect(booking().priceEur).toBeGreaterThan(0);
    expect(bookingActions(editor, booking()).invoice).toBe(true);
    expect(bookingActions(editor, booking({ isPayed: true })).invoice).toBe(true);
    expect(bookingActions(editor, booking({ priceEur: 0 })).invoice).toBe(false);
    expect(bookingActions(editor, booking({ isCommitted: true, isRejected: true })).invoice).toBe(false);
    expect(bookingActions(viewer({ readAny: true, deleteAny: true }), booking()).invoice).toBe(false);
  });

  it('lets the "own" rights act only on bookings assigned to the viewer', () => {
    const own = viewer({ readOwn: true, updateOwn: true, deleteOwn: true }, 'erika@example.com');
    expect(bookingActions(own, booking())).toMatchObject({ edit: true, delete: true });
    expect(bookingActions(own, booking({ assignedUserId: 'someone@example.com' }))).toMatchObject({ edit: false, delete: false });
  });

  it('blocks deleting a paid booking of a priced object, not of a free one', () => {
    const deleter = viewer({ readAny: true, deleteAny: true });
    expect(bookingActions(deleter, booking({ isPayed: true })).deleteBlocked).toBe(PAID_BOOKING_NOT_DELETABLE);
    expect(bookingActions(deleter, booking({ isPayed: false })).deleteBlocked).toBeNull();
    const free = booking({ isPayed: true, items: [{ bookableId: 'beamer', amount: 1, regularGrossPriceEur: 0, userGrossPriceEur: 0, bookable: { title: 'Beamer' }, event: null }] });
    expect(bookingActions(deleter, free).deleteBlocked).toBeNull();
  });
});
