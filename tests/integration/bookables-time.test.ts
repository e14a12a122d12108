import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { gql, storeBookable, week } from './bookables.fixtures.js';

/**
 * Time of bookables: the combined opening hours of an object and its parents, the availability
 * calendar in Europe/Berlin, and the bookings path
 * GET api/{tenantId}/bookables/{id}/bookings.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms');
});
afterAll(async () => app?.close());

const url = (path = '', tenantId = actors.tenant.id) => `/api/${tenantId}/bookables${path}`;
const weekdays = [1, 2, 3, 4, 5];
/** An instant given as Berlin wall time in March 2026 before the DST switch (UTC+1). */
const berlin = (day: number, hour: number) => Date.UTC(2026, 2, day, hour - 1);

interface Period {
  timeBegin: number;
  timeEnd: number;
  available: boolean;
}

/** Mon–Fri 08:00–18:00 in the test week, everything else unavailable. */
function officeHoursWeek(): Period[] {
  const periods: Period[] = [];
  let from = berlin(2, 0);
  for (let day = 2; day <= 6; day++) {
    periods.push({ timeBegin: from, timeEnd: berlin(day, 8), available: false }, { timeBegin: berlin(day, 8), timeEnd: berlin(day, 18), available: true });
    from = berlin(day, 18);
  }
  periods.push({ timeBegin: from, timeEnd: berlin(9, 0), available: false });
  return periods;
}

describe('opening hours', () => {
  it('combine the object with its parents: latest start and earliest end per weekday, special dates merged per date', async () => {
    const owner = actors.clients.tenantOwner;
    const child = await owner.put(url(), {
      type: 'room',
      title: 'Besprechungsraum',
      isPublic: true,
      isOpeningHoursRelated: true,
      openingHours: [{ weekdays: [1, 2, 3, 4, 5, 6], startTime: '09:00', endTime: '20:00' }],
      isSpecialOpeningHoursRelated: true,
      specialOpeningHours: [
        { date: '2026-12-31', startTime: '09:00', endTime: '13:00' },
        { date: '2026-12-24', startTime: '', endTime: '' },
      ],
    });
    expectRest(child, 201, 'child');
    const parent = await owner.put(url(), {
      type: 'event-location',
      title: 'Rathaus',
      relatedBookableIds: [child.json.id],
      isOpeningHoursRelated: true,
      openingHours: [{ weekdays, startTime: '08:00', endTime: '18:00' }],
      isSpecialOpeningHoursRelated: true,
      specialOpeningHours: [
        { date: '2026-12-31', startTime: '10:00', endTime: '14:00' },
        { date: '2026-12-24', startTime: '08:00', endTime: '12:00' },
        { date: '2026-12-23', startTime: '08:00', endTime: '12:00' },
      ],
    });
    expectRest(parent, 201, 'parent');

    const entry = (startTime: string, endTime: string) => ({ weekdays: [1, 2, 3, 4, 5, 6], startTime, endTime });
    const expected = {
      regularOpeningHours: { 1: entry('09:00', '18:00'), 2: entry('09:00', '18:00'), 3: entry('09:00', '18:00'), 4: entry('09:00', '18:00'), 5: entry('09:00', '18:00'), 6: entry('09:00', '20:00') },
      specialOpeningHours: [
        { date: '2026-12-23', startTime: '08:00', endTime: '12:00' },
        { date: '2026-12-24', startTime: '', endTime: '' },
        { date: '2026-12-31', startTime: '10:00', endTime: '13:00' },
      ],
    };
    // Public: anyone may ask.
    const rest = await actors.clients.anonymous.get(url(`/${child.json.id}/openingHours`));
    expectRest(rest, 200, 'REST');
    expect(rest.json).toEqual(expected);
    const result = await actors.clients.anonymous.gql(gql.openingHours, { tenantId: actors.tenant.id, id: child.json.id });
    expect(result.data).toEqual({ bookableOpeningHours: { regularOpeningHours: Object.values(expected.regularOpeningHours), specialOpeningHours: expected.specialOpeningHours } });

    // The parent alone keeps its own hours.

    // A private object (the parent) only for the tenant's people.
    const own = await actors.clients.memberWithoutFlag.get(url(`/${parent.json.id}/openingHours`));
    expect(own.json.regularOpeningHours).toEqual(Object.fromEntries(weekdays.map((day) => [day, { weekdays, startTime: '08:00', endTime: '18:00' }])));
    expectRest(await actors.clients.anonymous.get(url(`/${parent.json.id}/openingHours`)), 404, 'private for anonymous');
    expectRest(await actors.clients.memberOfOtherTenant.get(url(`/${parent.json.id}/openingHours`)), 404, 'private for another tenant');

    const unknown = '00000000-0000-4000-8000-000000000002';
    expectRest(await actors.clients.anonymous.get(url(`/${unknown}/openingHours`)), 404, 'unknown');
    expectGraphql(await actors.clients.anonymous.gql(gql.openingHours, { tenantId: actors.tenant.id, id: unknown }), 404, 'GraphQL unknown');
  });
});

describe('availability', () => {
  const office = { isBookable: true, isPublic: true, isScheduleRelated: true, amount: 2, isOpeningHoursRelated: true, openingHours: [{ weekdays, startTime: '08:00', endTime: '18:00' }] };
  const query = (id: string, extra = '') => url(`/${id}/availability?startDate=${week.start}&endDate=${week.end}${extra}`);
  const gqlPeriods = (data: unknown) =>
    ((data as { bookableAvailability: { timeBegin: string; timeEnd: string; available: boolean }[] } | null | undefined)?.bookableAvailability ?? []).map((period) => ({
      timeBegin: Date.parse(period.timeBegin),
      timeEnd: Date.parse(period.timeEnd),
      available: period.available,
    }));

  it('with opening hours Mon–Fri 08:00–18:00 (Berlin) the week is available exactly inside them, merged, in epoch ms', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, office);
    for (const name of ['anonymous', 'outsider', 'tenantOwner'] as const) {
      const rest = await actors.clients[name].get(query(bookable.id));
      expectRest(rest, 200, name);
      expect(rest.json, name).toEqual(officeHoursWeek());
    }
    const result = await actors.clients.anonymous.gql(gql.availability, { tenantId: actors.tenant.id, id: bookable.id, startDate: week.start, endDate: week.end });
    expectGraphql(result, 200, 'GraphQL');
    expect(gqlPeriods(result.data)).toEqual(officeHoursWeek());
    // The amount of the object is available; more is not.
    expect((await actors.clients.anonymous.get(query(bookable.id, '&amount=2'))).json).toEqual(officeHoursWeek());
    const whole = [{ timeBegin: berlin(2, 0), timeEnd: berlin(9, 0), available: false }];
    expect((await actors.clients.anonymous.get(query(bookable.id, '&amount=3'))).json).toEqual(whole);
    const tooMany = await actors.clients.anonymous.gql(gql.availability, { tenantId: actors.tenant.id, id: bookable.id, startDate: week.start, endDate: week.end, amount: 3 });
    expect(gqlPeriods(tooMany.data)).toEqual(whole);
  });

  it('is computed in Berlin time across the DST switch', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, office);
    // Monday 2026-03-30 is summer time (UTC+2).
    const response = await actors.clients.anonymous.get(url(`/${bookable.id}/availability?startDate=2026-03-30&endDate=2026-03-30`));
    expect(response.json).toEqual([
      { timeBegin: Date.UTC(2026, 2, 29, 22), timeEnd: Date.UTC(2026, 2, 30, 6), available: false },
      { timeBegin: Date.UTC(2026, 2, 30, 6), timeEnd: Date.UTC(2026, 2, 30, 16), available: true },
      { timeBegin: Date.UTC(2026, 2, 30, 16), timeEnd: Date.UTC(2026, 2, 30, 22), available: false },
    ]);
  });

  it('a not-bookable object, an object hidden from the viewer and an unknown id are unavailable throughout', async () => {
    const whole = [{ timeBegin: berlin(2, 0), timeEnd: berlin(9, 0), available: false }];
    const notBookable = await storeBookable(app, actors.tenant.id, { ...office, isBookable: false });
    expect((await actors.clients.tenantOwner.get(query(notBookable.id))).json).toEqual(whole);
    const hidden = await storeBookable(app, actors.tenant.id, { ...office, isPublic: false });
    expect((await actors.clients.anonymous.get(query(hidden.id))).json).toEqual(whole);
    // The tenant's staff see the real calendar of a private object.
    expect((await actors.clients.tenantOwner.get(query(hidden.id))).json).toEqual(officeHoursWeek());
    const unknown = '00000000-0000-4000-8000-000000000003';
    expect((await actors.clients.anonymous.get(query(unknown))).json).toEqual(whole);
    expect((await actors.clients.anonymous.get(query('kein-uuid'))).json).toEqual(whole);
    const result = await actors.clients.anonymous.gql(gql.availability, { tenantId: actors.tenant.id, id: unknown, startDate: week.start, endDate: week.end });
    expect(gqlPeriods(result.data)).toEqual(whole);
  });

  it('a window longer than 366 days, malformed dates or an end before the start are 400', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, office);
    for (const range of ['startDate=2026-01-01&endDate=2027-01-02', 'startDate=morgen&endDate=2026-01-02', 'startDate=2026-02-01&endDate=2026-01-01']) {
      const response = await actors.clients.anonymous.get(url(`/${bookable.id}/availability?${range}`));
      expectRest(response, 400, range);
      expect(response.json).toMatchObject({ code: 'generic.validation' });
    }
    // 366 days are fine.
    expectRest(await actors.clients.anonymous.get(url(`/${bookable.id}/availability?startDate=2026-01-01&endDate=2027-01-01`)), 200, '366 days');
    const result = await actors.clients.anonymous.gql(gql.availability, { tenantId: actors.tenant.id, id: bookable.id, startDate: '2026-01-01', endDate: '2027-06-01' });
    expectGraphql(result, 400, 'GraphQL');
  });
});

describe('the bookings of a bookable', () => {
  it('public=true answers [] to anyone for a public object, a private one only to its tenant, 404 for an unknown one', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, { isPublic: true });
    for (const name of actorNames) {
      const response = await actors.clients[name].get(url(`/${bookable.id}/bookings?public=true`));
      expectRest(response, 200, name);
      expect(response.json).toEqual([]);
    }
    expectRest(await actors.clients.anonymous.get(url(`/${bookable.id}/bookings?public=true&related=true&parent=true`)), 200, 'related and parent');
    const hidden = await storeBookable(app, actors.tenant.id, { isPublic: false });
    expectRest(await actors.clients.anonymous.get(url(`/${hidden.id}/bookings?public=true`)), 404, 'private for anonymous');
    expectRest(await actors.clients.memberWithoutFlag.get(url(`/${hidden.id}/bookings?public=true`)), 200, 'private for a member');
    expectRest(await actors.clients.anonymous.get(url('/00000000-0000-4000-8000-000000000004/bookings?public=true')), 404, 'unknown');
    expectRest(await actors.clients.anonymous.get(url('/kein-uuid/bookings?public=true')), 404, 'malformed');
  });

  it.each(actorNames)('%s: without public it needs manageBookings readAny (owners and instance owners here)', async (name: ActorName) => {
    const bookable = await storeBookable(app, actors.tenant.id, { ownerUserId: actors.userIds.memberAny });
    const expected = name === 'anonymous' ? 401 : name === 'tenantOwner' || name === 'instanceOwner' ? 200 : 403;
    const response = await actors.clients[name].get(url(`/${bookable.id}/bookings?related=true`));
    expectRest(response, expected, name);
    if (expected === 200) expect(response.json).toEqual([]);
  });
});
