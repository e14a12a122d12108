import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { demoAllocation, demoBookingCount, demoCouponCode, demoLogins, demoTenantName, demoTitles, seedIfEmpty } from '../../server/src/db/seed.js';
import { createTestDatabase } from '../support/database.js';
import { signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * `npm start` on an empty database seeds a demo tenant that shows the product at work: objects of
 * each kind with prices and booking times, a coupon, payment, a workflow, an event with priced
 * tickets and bookings in every state around today; a visitor can book at once, as often as the
 * room is free; and a restart adds nothing.
 */
let app: TestApp;
let owner: HttpClient;
let tenantId: string;

interface ListedBooking {
  id: string;
  name: string;
  timeBegin: number | null;
  timeEnd: number | null;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  priceEur: number;
  couponCode: string | null;
  paymentMethod: string;
  bookableItems: { bookableId: string; amount: number; _bookableUsed: { title: string } }[];
}

interface PublicBookable {
  id: string;
  type: string;
  title: string;
  priceType: string;
  amount: number | null;
  priceCategories: { priceEur: number }[];
  autoCommitBooking: boolean;
  allowSeries: boolean;
  isScheduleRelated: boolean;
  isTimePeriodRelated: boolean;
  isOpeningHoursRelated: boolean;
  openingHours: unknown[];
  timePeriods: unknown[];
  eventId: string | null;
  checkoutBookableIds: { bookableId: string; mandatory: boolean }[];
}

const statusOf = (booking: ListedBooking) =>
  booking.isRejected ? (booking.isCommitted ? 'cancelled' : 'rejected') : !booking.isCommitted ? 'pending' : booking.isPayed ? 'paid' : 'released';

async function publicBookables(): Promise<PublicBookable[]> {
  const response = await app.client().get(`/api/${tenantId}/bookables/public`);
  expect(response.status, response.text).toBe(200);
  return response.json as PublicBookable[];
}

const byTitle = (bookables: PublicBookable[], title: string) => {
  const found = bookables.find((bookable) => bookable.title === title);
  expect(found, title).toBeDefined();
  return found as PublicBookable;
};

async function allBookings(): Promise<ListedBooking[]> {
  const response = await owner.get(`/api/${tenantId}/bookings`);
  expect(response.status, response.text).toBe(200);
  return response.json as ListedBooking[];
}

/** A weekday (Monday to Friday) `weeks` weeks ahead of the seeded demo, where its room has no booking. */
function weekdayInWeeks(weeks: number, offset: number): string {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const monday = addDays(today, 7 * weeks + ((8 - weekday) % 7 || 7));
  return addDays(monday, offset);
}

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: 'true' });
  owner = app.client();
  await signIn(owner, demoLogins.tenantOwner.id, demoLogins.tenantOwner.password);
  const me = await owner.get('/auth/me');
  tenantId = me.json.permissions.tenants[0].tenantId as string;
});
afterAll(async () => app?.close());

describe('the seeded demo', () => {
  it('offers an object of each kind with prices, booking times and both kinds of release', async () => {
    const bookables = await publicBookables();
    expect(new Set(bookables.map((bookable) => bookable.type))).toEqual(new Set(['event-location', 'room', 'resource', 'ticket']));
    for (const bookable of bookables) expect(bookable.priceCategories.length, bookable.title).toBeGreaterThan(0);
    expect(bookables.filter((bookable) => bookable.autoCommitBooking).length).toBeGreaterThan(0);
    expect(bookables.filter((bookable) => !bookable.autoCommitBooking).length).toBeGreaterThan(0);

    const projector = byTitle(bookables, demoTitles.projector);
    // The add-on is booked by time: only overlapping bookings share its two devices.
    expect(projector).toMatchObject({ type: 'resource', amount: 2, isScheduleRelated: true });
    expect(byTitle(bookables, demoTitles.room)).toMatchObject({
      type: 'room',
      priceType: 'per-hour',
      isOpeningHoursRelated: true,
      autoCommitBooking: true,
      allowSeries: true,
      checkoutBookableIds: [{ bookableId: projector.id, mandatory: true }],
    });
    // Only the seminar room offers series to the public, so a newcomer finds one to try.
    expect(bookables.filter((bookable) => bookable.allowSeries).map((bookable) => bookable.title)).toEqual([demoTitles.room]);
    expect(byTitle(bookables, demoTitles.room).priceCategories.map((category) => category.priceEur)).toEqual([25, 20]);
    expect(byTitle(bookables, demoTitles.venue)).toMatchObject({ type: 'event-location', priceType: 'per-day', autoCommitBooking: false, isOpeningHoursRelated: true });
    const clubhouse = byTitle(bookables, demoTitles.clubhouse);
    expect(clubhouse).toMatchObject({ type: 'room', isTimePeriodRelated: true, autoCommitBooking: false });
    expect(clubhouse.timePeriods.length).toBeGreaterThan(0);
    expect(byTitle(bookables, demoTitles.tables)).toMatchObject({ type: 'resource', amount: 20, autoCommitBooking: false });
  });

  it('has an event whose tickets cost 12,00 € for adults and 6,50 € reduced, as checkout charges them', async () => {
    const events = await app.client().get(`/api/${tenantId}/events`);
    expect(events.status, events.text).toBe(200);
    const event = (events.json as { id: string; isPublic: boolean; information: { name: string }; attendees: { priceCategories: { name: string; price: number }[] } }[]).find(
      (candidate) => candidate.information.name === demoTitles.event,
    );
    expect(event).toMatchObject({ isPublic: true });
    expect(event?.attendees.priceCategories.map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Erwachsene', price: 12 },
      { name: 'Ermäßigt', price: 6.5 },
    ]);
    const tickets = (await publicBookables()).filter((bookable) => bookable.type === 'ticket' && bookable.eventId === event?.id);
    expect(tickets.map((ticket) => [ticket.title, ticket.priceCategories[0].priceEur])).toEqual([
      [`${demoTitles.event} – Erwachsene`, 12],
      [`${demoTitles.event} – Ermäßigt`, 6.5],
    ]);
    const simulated = await app.client().post(`/api/${tenantId}/checkout?simulate=true`, {
      bookableItems: tickets.map((ticket) => ({ bookableId: ticket.id, amount: 2 })),
      name: 'Paul Probe',
      mail: 'paul.probe@example.com',
    });
    expect(simulated.status, simulated.text).toBe(200);
    expect(simulated.json).toMatchObject({ priceEur: 37, isCommitted: true });
  });

  it('has a valid coupon that a booking already used', async () => {
    const coupon = await owner.get(`/api/${tenantId}/coupons/${demoCouponCode}`);
    expect(coupon.status, coupon.text).toBe(200);
    expect(coupon.json).toMatchObject({ id: demoCouponCode, type: 'percentage', discount: 10, usedAmount: 1 });
    const used = (await allBookings()).filter((booking) => booking.couponCode === demoCouponCode);
    expect(used).toHaveLength(1);
  });

  it('pays with the built-in test provider and by invoice, both active, and shows customers their booking status', async () => {
    const apps = await app.client().get(`/api/tenants/${tenantId}/payment-apps`);
    expect(apps.json).toEqual([
      { id: 'testPayment', title: 'Testzahlung (nur Entwicklung)' },
      { id: 'invoice', title: 'Rechnung' },
    ]);
    // Its secret is generated for this instance and stays write-only.
    const tenant = await owner.get(`/api/tenants/${tenantId}`);
    expect(tenant.json).toMatchObject({ name: demoTenantName, enablePublicStatusView: true, holidayRegion: 'DE-NW' });
    const testPayment = (tenant.json.applications as { id: string; paymentSecretSet?: boolean }[]).find((application) => application.id === 'testPayment');
    expect(testPayment).toMatchObject({ active: true, paymentSecretSet: true });
    expect(testPayment).not.toHaveProperty('paymentSecret');

    const erika = (await allBookings()).find((booking) => booking.name === 'Erika Mustermann') as ListedBooking;
    const status = await app.client().get(`/api/${tenantId}/bookings/${erika.id}/status/public?lastname=${encodeURIComponent('Erika Mustermann')}`);
    expect(status.status, status.text).toBe(200);
    expect(status.json).toMatchObject({ bookingId: erika.id, title: demoTitles.venue, status: { bookingStatus: 'pending', activeStatus: 'pending' } });
  });

  it('has an active workflow whose states hold the bookings by their status', async () => {
    const workflow = await owner.get(`/api/${tenantId}/workflow`);
    expect(workflow.status, workflow.text).toBe(200);
    const states = workflow.json.states as { id: string; name: string; tasks: { id: string }[]; actions: { type: string; bookingStatus: string[] }[] }[];
    expect(workflow.json).toMatchObject({ active: true, defaultState: states[0].id });
    expect(states.map((state) => state.name)).toEqual(['Eingang', 'In Prüfung', 'Freigegeben', 'Zahlung eingegangen', 'Abgelehnt oder storniert']);
    expect(states.flatMap((state) => state.actions.map((action) => action.type))).toEqual(expect.arrayContaining(['email', 'bookingStatus']));
    const bookings = await allBookings();
    const stateOf = new Map(states.flatMap((state) => state.tasks.map((task) => [task.id, state.name])));
    expect(stateOf.size).toBe(bookings.length);
    for (const booking of bookings) {
      const expected = { pending: ['Eingang', 'In Prüfung'], released: ['Freigegeben'], paid: ['Zahlung eingegangen'], rejected: ['Abgelehnt oder storniert'], cancelled: ['Abgelehnt oder storniert'] }[statusOf(booking)];
      expect(expected, booking.name).toContain(stateOf.get(booking.id));
    }
  });

  it('has bookings in every state, before and after today, priced as a checkout prices them', async () => {
    const bookings = await allBookings();
    expect(bookings).toHaveLength(demoBookingCount);
    const counts = new Map<string, number>();
    for (const booking of bookings) counts.set(statusOf(booking), (counts.get(statusOf(booking)) ?? 0) + 1);
    for (const status of ['pending', 'released', 'paid', 'rejected', 'cancelled']) expect(counts.get(status) ?? 0, status).toBeGreaterThanOrEqual(2);
    for (const booking of bookings) expect(booking.id).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const timed = bookings.filter((booking) => booking.timeBegin !== null);
    expect(timed.some((booking) => (booking.timeEnd as number) < Date.now())).toBe(true);
    expect(timed.some((booking) => (booking.timeBegin as number) > Date.now())).toBe(true);
    for (const booking of bookings.filter((candidate) => candidate.isPayed && candidate.priceEur > 0)) expect(['TRANSFER', 'OTHER']).toContain(booking.paymentMethod);

    // Four hours of the venue at 350 € net a day with 19 % VAT.
    const erika = bookings.find((booking) => booking.name === 'Erika Mustermann');
    expect(erika).toMatchObject({ isCommitted: false, isRejected: false, priceEur: 69.41, bookableItems: [{ amount: 1, _bookableUsed: { title: demoTitles.venue } }] });
    // Every booking of the room brought its beamer along.
    const roomBookings = bookings.filter((booking) => booking.bookableItems[0]._bookableUsed.title === demoTitles.room);
    expect(roomBookings.length).toBeGreaterThan(0);
    for (const booking of roomBookings) expect(booking.bookableItems.map((item) => item._bookableUsed.title)).toEqual([demoTitles.room, demoTitles.projector]);

    // The staff member sees them too, and the venue is occupied by those not rejected.
    const staff = app.client();
    await signIn(staff, demoLogins.staff.id, demoLogins.staff.password);
    const listed = await staff.gql<{ bookings: { total: number } }>('query($t: ID!) { bookings(tenantId: $t) { total } }', { t: tenantId });
    expect(listed.data?.bookings.total).toBe(demoBookingCount);
    const venueId = erika?.bookableItems[0].bookableId;
    const occupancy = await owner.get(`/api/${tenantId}/calendar/occupancy?ids=${venueId}`);
    const venueBookings = bookings.filter((booking) => booking.bookableItems.some((item) => item.bookableId === venueId));
    expect(occupancy.json).toHaveLength(venueBookings.filter((booking) => !booking.isRejected).length);
  });
});

describe('a visitor of the demo', () => {
  const guestCheckout = async (through: 'rest' | 'graphql', roomId: string, date: string, from: string, to: string, name: string) => {
    const input = {
      bookableItems: [{ bookableId: roomId, amount: 1 }],
      timeBegin: berlinInstant(date, from).toISOString(),
      timeEnd: berlinInstant(date, to).toISOString(),
      name,
      mail: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      paymentProvider: 'invoice',
    };
    const guest = app.client();
    if (through === 'rest') {
      const response = await guest.post(`/api/${tenantId}/checkout`, input);
      expect(response.status, response.text).toBe(200);
      return { isCommitted: response.json.isCommitted as boolean, titles: (response.json.bookableItems as { _bookableUsed: { title: string } }[]).map((item) => item._bookableUsed.title) };
    }
    const response = await guest.gql<{ checkout: { isCommitted: boolean; items: { bookable: { title: string } }[] } }>(
      'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { isCommitted items { bookable { title } } } }',
      { t: tenantId, input },
    );
    expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
    return { isCommitted: response.data!.checkout.isCommitted, titles: response.data!.checkout.items.map((item) => item.bookable.title) };
  };

  it('books the room five times in a row at different times, each with its beamer and released at once', async () => {
    const room = byTitle(await publicBookables(), demoTitles.room);
    const times: [string, string, string][] = [
      [weekdayInWeeks(6, 0), '09:00', '11:00'],
      [weekdayInWeeks(6, 0), '11:00', '13:00'],
      [weekdayInWeeks(6, 1), '10:00', '14:00'],
      [weekdayInWeeks(6, 2), '08:00', '18:00'],
      [weekdayInWeeks(6, 3), '16:00', '20:00'],
    ];
    for (const [index, [date, from, to]] of times.entries()) {
      const booked = await guestCheckout(index % 2 === 0 ? 'rest' : 'graphql', room.id, date, from, to, `Gast Nummer ${index + 1}`);
      expect(booked).toEqual({ isCommitted: true, titles: [demoTitles.room, demoTitles.projector] });
    }
  });

  it('finds the beamer taken only where two bookings overlap', async () => {
    const bookables = await publicBookables();
    const room = byTitle(bookables, demoTitles.room);
    const projector = byTitle(bookables, demoTitles.projector);
    const date = weekdayInWeeks(7, 1);
    await guestCheckout('rest', room.id, date, '10:00', '12:00', 'Rita Raum');
    const beamerAlone = (from: string, to: string, name: string) =>
      app.client().post(`/api/${tenantId}/checkout`, {
        bookableItems: [{ bookableId: projector.id, amount: 1 }],
        timeBegin: berlinInstant(date, from).toISOString(),
        timeEnd: berlinInstant(date, to).toISOString(),
        name,
        mail: 'beamer@example.com',
      });
    expect((await beamerAlone('11:00', '13:00', 'Bernd Beamer')).status).toBe(200);
    const third = await beamerAlone('11:30', '12:30', 'Britta Beamer');
    expect(third.status, third.text).toBe(409);
    expect(third.json.code).toBe('booking.capacity');
    expect((await beamerAlone('12:00', '14:00', 'Bodo Beamer')).status).toBe(200);
  });
});

describe('seeding again', () => {
  it('has an open allocation round with two applications to decide, one wishing a kind of object, that the applicant reads as its own', async () => {
    const open = await app.client().gql<{ openAllocationRounds: { id: string; title: string; seasonBegin: string; bookables: { title: string; type: string }[] }[] }>(
      'query($tenantId: ID!) { openAllocationRounds(tenantId: $tenantId) { id title seasonBegin bookables { title type } } }',
      { tenantId },
    );
    expect(open.errors).toBeUndefined();
    const round = open.data!.openAllocationRounds.find((candidate) => candidate.title === demoAllocation.round);
    expect(round?.bookables).toEqual([
      { title: demoTitles.room, type: 'room' },
      { title: demoTitles.clubhouse, type: 'room' },
    ]);
    expect(round!.seasonBegin > berlinToday(new Date())).toBe(true);

    const detail = await owner.gql<{ allocationRound: { undecidedCount: number; applications: { name: string; wishes: { bookableType: string | null; conflicts: { wishes: { applicantName: string }[] } }[] }[] } }>(
      'query($tenantId: ID!, $id: ID!) { allocationRound(tenantId: $tenantId, id: $id) { undecidedCount applications { name wishes { bookableType conflicts { wishes { applicantName } } } } } }',
      { tenantId, id: round!.id },
    );
    expect(detail.errors).toBeUndefined();
    const { applications, undecidedCount } = detail.data!.allocationRound;
    expect(applications.map((application) => application.name)).toEqual([demoAllocation.club, demoAllocation.choir]);
    expect(undecidedCount).toBe(3);
    // The club's second wish leaves the room to staff; its first and the choir's clash on Tuesday evening.
    expect(applications[0].wishes.map((wish) => wish.bookableType)).toEqual([null, 'room']);
    expect(applications[1].wishes[0].conflicts.wishes.map((clash) => clash.applicantName)).toEqual([demoAllocation.club]);

    const club = app.client();
    await signIn(club, demoLogins.sportsClub.id, demoLogins.sportsClub.password);
    const mine = await club.gql<{ myAllocationApplications: { name: string; wishes: { priority: number }[] }[] }>('query($tenantId: ID!) { myAllocationApplications(tenantId: $tenantId) { name wishes { priority } } }', { tenantId });
    expect(mine.data?.myAllocationApplications).toEqual([{ name: demoAllocation.club, wishes: [{ priority: 1 }, { priority: 2 }] }]);
  });

  it('adds nothing on a second start', async () => {
    const count = async () => {
      const rows = await app.orm.em
        .fork()
        .getConnection()
        .execute<{ tenants: number; users: number; bookables: number; bookings: number; events: number; coupons: number; workflows: number; tasks: number; rounds: number; applications: number }[]>(
          `select (select count(*) from tenants)::int as tenants, (select count(*) from users)::int as users, (select count(*) from bookables)::int as bookables,
                  (select count(*) from bookings)::int as bookings, (select count(*) from events)::int as events, (select count(*) from coupons)::int as coupons,
                  (select count(*) from workflows)::int as workflows, (select count(*) from workflow_tasks)::int as tasks,
                  (select count(*) from allocation_rounds)::int as rounds, (select count(*) from allocation_applications)::int as applications`,
        );
      return rows[0];
    };
    const before = await count();
    expect(await seedIfEmpty(app.orm, app.config)).toBe(false);
    expect(await count()).toEqual(before);
  });

  // Seven days in a row around the end of summer time: every weekday once, the demo's weeks spanning the change.
  const days = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 9, 22 + day, 9, 30)).toISOString());
  it.each(days)('seeds the whole demo when started at %s, whatever the weekday, also across a change of the clocks', async (startedAt) => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(ormConfig(db.url));
    try {
      expect(await seedIfEmpty(orm, app.config, new Date(startedAt))).toBe(true);
      const rows = await orm.em.fork().getConnection().execute<{ bookings: number }[]>('select count(*)::int as bookings from bookings');
      expect(rows[0].bookings).toBe(demoBookingCount);
    } finally {
      await orm.close(true);
      await db.drop();
    }
  });
});
