import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, BookingItem } from '../../server/src/bookings/booking.entity.js';
import { overviewCalendar } from '../../server/src/bookings/booking-overview.rules.js';
import { OVERVIEW_CHART_OBJECTS } from '../../server/src/bookings/booking-overview.service.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The staff's start page (bookingOverview): open tasks, today's and this week's bookings and the
 * booked hours of the coming weeks, over exactly the bookings the viewer may read; and the list
 * filters its cards link to.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
const HOUR = 3_600_000;
const calendar = overviewCalendar(new Date(), 3);
const todayNoon = calendar.today.begin.getTime() + 12 * HOUR;
const nextWeek = calendar.weeks[1].begin.getTime() + 10 * HOUR;
let numberCounter = 0;

interface StoredBooking {
  begin: number;
  hours: number;
  objects?: { id: string; title: string }[];
  committed?: boolean;
  paid?: boolean;
  rejected?: boolean;
  assignedTo?: string;
  tenant?: string;
}

const room = { id: '00000000-0000-4000-8000-000000000001', title: 'Großer Saal' };
const hall = { id: '00000000-0000-4000-8000-000000000002', title: 'Turnhalle' };

/** A booking row with its items, as the checkout stores them (the overview reads, it does not book). */
async function store(booking: StoredBooking): Promise<void> {
  const em = app.orm.em.fork();
  const timeBegin = new Date(booking.begin);
  const timeEnd = new Date(booking.begin + booking.hours * HOUR);
  numberCounter += 1;
  const row = em.create(Booking, {
    tenant: em.getReference(Tenant, booking.tenant ?? tenantId),
    number: `AAAA-${String(numberCounter).padStart(4, 'A').replace(/\d/g, (digit) => 'BCDEFGHJKM'[Number(digit)])}`,
    timeBegin,
    timeEnd,
    isCommitted: booking.committed ?? false,
    isPayed: booking.paid ?? false,
    isRejected: booking.rejected ?? false,
    assignedUserId: booking.assignedTo ?? null,
    priceEur: 20,
  });
  (booking.objects ?? [room]).forEach((object, position) =>
    em.create(BookingItem, {
      booking: row,
      position,
      bookableId: object.id,
      amount: 1,
      regularPriceEur: 20,
      regularGrossPriceEur: 20,
      userPriceEur: 20,
      userGrossPriceEur: 20,
      bookableUsed: { id: object.id, title: object.title } as BookingItem['bookableUsed'],
      timeBegin,
      timeEnd,
    }),
  );
  await em.flush();
}

const OVERVIEW = `query($t: ID!, $weeks: Int) { bookingOverview(tenantId: $t, weeks: $weeks) {
  awaitingRelease unpaidReleased today { begin end count } thisWeek { begin end count }
  weeks { begin end bookings bookedHours objects { bookableId title bookedHours } } } }`;

interface Overview {
  awaitingRelease: number;
  unpaidReleased: number;
  today: { begin: string; end: string; count: number };
  thisWeek: { begin: string; end: string; count: number };
  weeks: { begin: string; end: string; bookings: number; bookedHours: number; objects: { bookableId: string | null; title: string; bookedHours: number }[] }[];
}

async function overviewAs(actor: ActorName, weeks = 3) {
  return actors.clients[actor].gql<{ bookingOverview: Overview }>(OVERVIEW, { t: tenantId, weeks });
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'overview');
  tenantId = actors.tenant.id;
  await store({ begin: todayNoon, hours: 2 }); // waiting for release, today
  await store({ begin: todayNoon - 4 * HOUR, hours: 1, committed: true, objects: [room, hall] }); // released, unpaid, today, two objects
  await store({ begin: todayNoon, hours: 3, committed: true, rejected: true }); // cancelled: counts nowhere
  await store({ begin: nextWeek, hours: 1.5, committed: true, paid: true, objects: [hall] }); // next week, paid
  await store({ begin: nextWeek, hours: 1, assignedTo: actors.userIds.memberOwnOnly }); // the own-only member's, waiting
  await store({ begin: todayNoon, hours: 5, tenant: actors.otherTenant.id }); // another tenant's
  // Long ago: in no window, but still waiting for release.
  await store({ begin: calendar.today.begin.getTime() - 400 * 24 * HOUR, hours: 1 });
});
afterAll(async () => app?.close());

describe('bookingOverview', () => {
  it('counts the open tasks, today and this week in Berlin time, and leaves rejected and other tenants out', async () => {
    const { data, errors } = await overviewAs('tenantOwner');
    expect(errors).toBeUndefined();
    const overview = data!.bookingOverview;
    expect(overview.awaitingRelease).toBe(3);
    expect(overview.unpaidReleased).toBe(1);
    expect(overview.today).toEqual({ begin: calendar.today.begin.toISOString(), end: calendar.today.end.toISOString(), count: 2 });
    expect(overview.thisWeek).toEqual({ begin: calendar.thisWeek.begin.toISOString(), end: calendar.thisWeek.end.toISOString(), count: 2 });
  });

  it('sums the booked hours per week and object, the most booked first, in the same order every week', async () => {
    const { data } = await overviewAs('tenantOwner');
    const [thisWeek, next, after] = data!.bookingOverview.weeks;
    expect(thisWeek.begin).toBe(calendar.weeks[0].begin.toISOString());
    expect(thisWeek.objects).toEqual([
      { bookableId: room.id, title: 'Großer Saal', bookedHours: 3 },
      { bookableId: hall.id, title: 'Turnhalle', bookedHours: 1 },
    ]);
    expect(thisWeek).toMatchObject({ bookings: 3, bookedHours: 4 });
    expect(next.objects).toEqual([
      { bookableId: room.id, title: 'Großer Saal', bookedHours: 1 },
      { bookableId: hall.id, title: 'Turnhalle', bookedHours: 1.5 },
    ]);
    expect(next).toMatchObject({ bookings: 2, bookedHours: 2.5 });
    expect(after).toMatchObject({ bookings: 0, bookedHours: 0 });
  });

  it('names the most booked objects and sums up the rest as "Weitere Objekte"', async () => {
    const many = Array.from({ length: OVERVIEW_CHART_OBJECTS + 1 }, (_, index) => ({
      id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
      title: `Raum ${index + 1}`,
    }));
    const week = calendar.weeks[2].begin.getTime() + 8 * HOUR;
    for (const [index, object] of many.entries()) await store({ begin: week, hours: 0.5, objects: [object], committed: true, paid: true, tenant: actors.otherTenant.id, ...(index === 0 ? { hours: 6 } : {}) });
    const { data, errors } = await actors.clients.instanceOwner.gql<{ bookingOverview: Overview }>(OVERVIEW, { t: actors.otherTenant.id, weeks: 3 });
    expect(errors).toBeUndefined();
    const objects = data!.bookingOverview.weeks[2].objects;
    expect(objects).toHaveLength(OVERVIEW_CHART_OBJECTS + 1);
    // The other tenant's five hours in the Großer Saal today rank it second: the order is by the whole chart.
    expect(objects.slice(0, 2)).toEqual([
      { bookableId: many[0].id, title: 'Raum 1', bookedHours: 6 },
      { bookableId: room.id, title: 'Großer Saal', bookedHours: 0 },
    ]);
    expect(objects.at(-1)).toEqual({ bookableId: null, title: 'Weitere Objekte', bookedHours: 1 });
  });

  it('shows a member with "own" rights only the bookings assigned to him', async () => {
    const { data } = await overviewAs('memberOwnOnly');
    expect(data!.bookingOverview).toMatchObject({ awaitingRelease: 1, unpaidReleased: 0, today: { count: 0 }, thisWeek: { count: 0 } });
    expect(data!.bookingOverview.weeks[1]).toMatchObject({ bookings: 1, bookedHours: 1 });
  });

  it.each(actorNames)('answers %s by the read right of manageBookings', async (actor) => {
    const { data, errors } = await overviewAs(actor);
    const allowed = ['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner'].includes(actor);
    if (allowed) {
      expect(errors).toBeUndefined();
      expect(data?.bookingOverview.weeks).toHaveLength(3);
    } else {
      expect(errors?.[0].extensions?.code).toBe(actor === 'anonymous' ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
    }
  });

  it('links to list filters that find the same bookings as the counts', async () => {
    const list = (variables: Record<string, unknown>) =>
      actors.clients.tenantOwner.gql<{ bookings: { total: number } }>(
        'query($t: ID!, $status: BookingStatusFilter, $from: DateTimeISO, $to: DateTimeISO) { bookings(tenantId: $t, status: $status, from: $from, to: $to) { total } }',
        { t: tenantId, ...variables },
      );
    expect((await list({ status: 'PENDING' })).data!.bookings.total).toBe(3);
    expect((await list({ status: 'RELEASED_UNPAID' })).data!.bookings.total).toBe(1);
    const today = await list({ from: calendar.today.begin.toISOString(), to: calendar.today.end.toISOString() });
    // The list keeps rejected bookings unless filtered: the cancelled one overlaps today too.
    expect(today.data!.bookings.total).toBe(3);
  });
});
