import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData, type EventData } from '../../server/src/events/event.model.js';
import { Instance } from '../../server/src/instance/instance.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { GraphQLResponse, HttpClient } from '../support/http.js';
import { allowed, expectGraphql, expectRest, type Expectation } from '../support/matrix.js';
import { actorNames, createActors, readableBy, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { setBookableQuota, storeBookable } from './bookables.fixtures.js';
import { customer } from './bookings.fixtures.js';

/**
 * Events through REST and GraphQL: the manageBookables
 * rights with ownership, owners everything, tenant isolation, the public-event quota, tickets
 * created with the event, duplicate, tags, the bookings of an event and the German validation.
 */
let app: TestApp;
let actors: Actors;
/** A second set of actors whose roles carry manageBookings flags (bookings of an event). */
let bookingActors: Actors;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'events', 'events');
  bookingActors = await createActors(app, 'manageBookings', 'bookings', 'evbookings');
});
afterAll(async () => app?.close());

const tenantId = () => actors.tenant.id;
const url = (path = '', tenant = tenantId()) => `/api/${tenant}/events${path}`;
const signedIn = (name: ActorName) => actors.userIds[name as Exclude<ActorName, 'anonymous'>];
const owners: ActorName[] = ['memberAny', 'tenantOwner', 'instanceOwner'];
const editors: ActorName[] = ['memberOwnOnly', ...owners];

let counter = 0;

/** A complete event form as the wizard sends it. */
function form(overrides: Partial<EventData> & { name?: string; tags?: string[] } = {}): Record<string, unknown> {
  const base = defaultEventData();
  const { name, tags, ...rest } = overrides;
  return {
    ...base,
    information: { ...base.information, name: name ?? `Fest ${++counter}`, teaserText: 'Kurz & bündig <b>', tags: tags ?? [], startDate: '2026-07-15', startTime: '18:00', endDate: '2026-07-15', endTime: '22:00' },
    eventLocation: { ...base.eventLocation, name: 'Stadthalle', emailAddress: 'halle@example.com' },
    eventOrganizer: { ...base.eventOrganizer, name: 'Kulturamt', contactPersonName: 'Erika', contactPersonPhoneNumber: '0123', contactPersonEmailAddress: 'erika@example.com' },
    ...rest,
  };
}

/** An event written straight through the ORM (someone else's). */
async function storeEvent(tenant: string, options: { ownerUserId?: string | null; isPublic?: boolean; name?: string; tags?: string[]; startDate?: string; endDate?: string | null } = {}): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenant), ownerUserId: options.ownerUserId ?? null });
  event.setData({
    ...base,
    isPublic: options.isPublic ?? false,
    information: {
      ...base.information,
      name: options.name ?? `Gespeichertes Fest ${++counter}`,
      tags: options.tags ?? [],
      startDate: options.startDate ?? '2026-09-01',
      startTime: '10:00',
      endDate: options.endDate === undefined ? (options.startDate ?? '2026-09-01') : options.endDate,
      endTime: null,
    },
  });
  await em.flush();
  return event;
}
const foreign = (options: Parameters<typeof storeEvent>[1] = {}) => storeEvent(tenantId(), { ownerUserId: actors.userIds.memberAny, ...options });
const storedEvent = (id: string) => app.orm.em.fork().findOne(Event, { id });
const eventsOf = (tenant: string) => app.orm.em.fork().find(Event, { tenant }, { orderBy: { startsAt: 'desc', createdAt: 'desc', id: 'asc' } });
const ticketsOf = (eventId: string) => app.orm.em.fork().find(Bookable, { eventId });

async function setEventQuota(max: number | null): Promise<void> {
  const em = app.orm.em.fork();
  const instance = await em.findOneOrFail(Instance, { id: 1 });
  instance.maxEvents = max;
  await em.flush();
}

const FIELDS = `id tenantId format isPublic ownerUserId startsAt endsAt images attachments
  information { name teaserText description teaserImage flags tags startDate startTime endDate endTime }
  attendees { publicEvent needsRegistration maxAttendees free priceCategories { id name price } }
  eventLocation { name phoneNumber emailAddress select room url } eventAddress { street houseNumber additional city zip }
  eventOrganizer { name addContactPerson contactPersonName contactPersonEmailAddress speakers { id name emailAddress } }
  schedules { id date time description schedules { id time description } }`;

const gql = {
  list: `query($t: ID!, $tags: [String!], $past: Boolean, $limit: Int) { events(tenantId: $t, tags: $tags, includePast: $past, limit: $limit) { ${FIELDS} } }`,
  get: `query($t: ID!, $id: ID!) { event(tenantId: $t, id: $id) { ${FIELDS} } }`,
  publicList: `query($t: ID!, $tags: [String!]) { publicEvents(tenantId: $t, tags: $tags) { id isPublic information { name } } }`,
  publicGet: `query($t: ID!, $id: ID!) { publicEvent(tenantId: $t, id: $id) { id information { name } } }`,
  tags: 'query($t: ID!) { eventTags(tenantId: $t) }',
  quota: 'query($t: ID!) { eventPublicQuotaAvailable(tenantId: $t) }',
  bookings: 'query($t: ID!, $id: ID!, $limit: Int) { eventBookings(tenantId: $t, id: $id, limit: $limit) { total limit offset items { id assignedUserId items { bookableId } } } }',
  create: `mutation($t: ID!, $input: EventInput!, $tickets: Boolean) { createEvent(tenantId: $t, input: $input, withTickets: $tickets) { ${FIELDS} } }`,
  update: `mutation($t: ID!, $id: ID!, $input: EventInput!) { updateEvent(tenantId: $t, id: $id, input: $input) { ${FIELDS} } }`,
  duplicate: `mutation($t: ID!, $id: ID!) { duplicateEvent(tenantId: $t, id: $id) { ${FIELDS} } }`,
  remove: 'mutation($t: ID!, $id: ID!) { deleteEvent(tenantId: $t, id: $id) }',
};

/** The GraphQL input of a form: the same object as the REST body. */
const input = (overrides: Parameters<typeof form>[0] = {}) => form(overrides);

/** Every actor's REST and GraphQL answer of an operation on a fresh event of someone else. */
async function onFreshEvents(expected: Expectation, call: (client: HttpClient, id: string, via: 'rest' | 'graphql') => Promise<Json>, check?: (name: ActorName, id: string, ok: boolean) => Promise<void>) {
  const made: [ActorName, string, boolean][] = [];
  await expectRest(actors, expected, async (client, name) => {
    const event = await foreign();
    const response = await call(client, event.id, 'rest');
    made.push([name, event.id, response.status < 300]);
    return response;
  });
  await expectGraphql(actors, expected, async (client, name) => {
    const event = await foreign();
    const result = (await call(client, event.id, 'graphql')) as GraphQLResponse;
    made.push([name, event.id, !result.errors?.length]);
    return result;
  });
  if (check) for (const [name, id, ok] of made) await check(name, id, ok);
}

describe('reading an event someone else created', () => {
  it('REST GET api/{tenantId}/events/{id} (public path) and GraphQL event: staff read it with its owner, others find nothing', async () => {
    const event = await foreign({ tags: ['Musik'] });
    await expectRest(actors, { ...allowed(owners, 404), anonymous: 404 }, (client) => client.get(url(`/${event.id}`)));
    await expectGraphql(actors, allowed(owners), (client) => client.gql(gql.get, { t: tenantId(), id: event.id }));
    const rest = await actors.clients.memberAny.get(url(`/${event.id}`));
    expect(rest.json).toMatchObject({ id: event.id, tenantId: tenantId(), ownerUserId: actors.userIds.memberAny, information: { name: event.name, tags: ['Musik'] } });
    expect(rest.json).not.toHaveProperty('_id');
    const result = await actors.clients.tenantOwner.gql<{ event: Json }>(gql.get, { t: tenantId(), id: event.id });
    expect(result.data?.event).toMatchObject({ id: event.id, ownerUserId: actors.userIds.memberAny, startsAt: '2026-09-01T08:00:00.000Z', endsAt: '2026-09-01T22:00:00.000Z' });
  });

  it('memberOwnOnly reads his own event', async () => {
    const own = await storeEvent(tenantId(), { ownerUserId: actors.userIds.memberOwnOnly });
    expect((await actors.clients.memberOwnOnly.get(url(`/${own.id}`))).json.ownerUserId).toBe(actors.userIds.memberOwnOnly);
    expectGraphqlOk(await actors.clients.memberOwnOnly.gql(gql.get, { t: tenantId(), id: own.id }));
  });

  it('a public event is readable by everyone, without its owner for those who may not read it as staff', async () => {
    const event = await foreign({ isPublic: true });
    await expectRest(actors, { ...allowed([...actorNames], 404), anonymous: 'ok' }, (client) => client.get(url(`/${event.id}`)));
    const anonymous = await actors.clients.anonymous.get(url(`/${event.id}`));
    expect(anonymous.json.id).toBe(event.id);
    expect(anonymous.json).not.toHaveProperty('ownerUserId');
    expect((await actors.clients.anonymous.gql<{ publicEvent: Json }>(gql.publicGet, { t: tenantId(), id: event.id })).data?.publicEvent.id).toBe(event.id);
    // Only in its own tenant.
    expect((await actors.clients.anonymous.get(url(`/${event.id}`, actors.otherTenant.id))).status).toBe(404);
  });

  it('unknown and malformed ids are 404 problem+json (not an empty 200)', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const rest = await actors.clients.tenantOwner.get(url(`/${id}`));
      expect(rest.status, id).toBe(404);
      expect(rest.contentType).toContain('application/problem+json');
      expect(rest.json).toMatchObject({ status: 404, code: 'generic.not-found' });
      expect((await actors.clients.tenantOwner.gql(gql.get, { t: tenantId(), id })).errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
      expect((await actors.clients.anonymous.gql(gql.publicGet, { t: tenantId(), id })).errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    }
  });
});

function expectGraphqlOk(result: GraphQLResponse): void {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
}

describe('event lists', () => {
  it.each(actorNames)('%s: REST GET events shows public and readable events, GraphQL events the readable ones, never another tenant', async (name) => {
    await foreign();
    await foreign({ isPublic: true });
    await storeEvent(tenantId(), { ownerUserId: actors.userIds.memberOwnOnly });
    await storeEvent(actors.otherTenant.id, { ownerUserId: actors.userIds.memberOfOtherTenant, isPublic: true });
    const all = await eventsOf(tenantId());
    const readable = readableBy(actors, name, all, (event) => event.ownerUserId).map((event) => event.id);
    const client = actors.clients[name];

    const rest = await client.get(url('?limit=500'));
    expect(rest.status).toBe(200);
    const publicOrReadable = all.filter((event) => event.isPublic || readable.includes(event.id)).map((event) => event.id);
    expect(rest.json.map((event: Json) => event.id)).toEqual(publicOrReadable);
    for (const event of rest.json as Json[]) expect('ownerUserId' in event, event.id).toBe(readable.includes(event.id));

    const staff = await client.gql<{ events: Json[] }>(gql.list, { t: tenantId(), limit: 500 });
    if (name === 'anonymous') expect(staff.errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    else if (['outsider', 'memberWithoutFlag', 'memberOfOtherTenant'].includes(name)) expect(staff.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    else expect(staff.data?.events.map((event) => event.id)).toEqual(readable);

    const pub = await client.gql<{ publicEvents: Json[] }>(gql.publicList, { t: tenantId() });
    expect(pub.data?.publicEvents.map((event) => event.id).sort()).toEqual([...publicOrReadable].slice(0, 100).sort());
  });

  it('are ordered by start, newest first, paginated, and hide past events on request', async () => {
    const tenant = actors.otherTenant.id;
    const old = await storeEvent(tenant, { startDate: '2020-01-01', name: 'Vergangen' });
    const later = await storeEvent(tenant, { startDate: '2099-05-01', name: 'Später' });
    const soon = await storeEvent(tenant, { startDate: '2099-01-01', name: 'Bald' });
    const client = actors.clients.memberOfOtherTenant;
    const names = (list: Json[]) => list.map((event) => event.information.name).filter((name: string) => ['Vergangen', 'Später', 'Bald'].includes(name));
    expect(names((await client.get(url('?limit=500', tenant))).json)).toEqual(['Später', 'Bald', 'Vergangen']);
    expect(names((await client.get(url('?limit=500&includePast=false', tenant))).json)).toEqual(['Später', 'Bald']);
    const result = await client.gql<{ events: Json[] }>(gql.list, { t: tenant, past: false, limit: 500 });
    expect(result.data?.events.map((event) => event.id)).toEqual(expect.arrayContaining([later.id, soon.id]));
    expect(result.data?.events.map((event) => event.id)).not.toContain(old.id);
    const firstTwo = (await client.get(url('?limit=2', tenant))).json;
    const nextTwo = (await client.get(url('?limit=2&offset=2', tenant))).json;
    expect(firstTwo).toHaveLength(2);
    expect(nextTwo.map((event: Json) => event.id)).not.toContain(firstTwo[0].id);
  });

  it('bad paging parameters are a 400 problem, not a 500', async () => {
    for (const query of ['?limit=abc', '?offset=-1', '?limit=1.5']) {
      const response = await actors.clients.anonymous.get(url(query));
      expect(response.status, query).toBe(400);
      expect(response.contentType).toContain('application/problem+json');
    }
  });
});

describe('creating events', () => {
  it.each(actorNames)('%s: REST PUT without id and GraphQL createEvent', async (name) => {
    const client = actors.clients[name];
    const expected = allowed(editors)[name];
    const rest = await client.put(url(), { ...form({ name: `REST ${name}` }), tenantId: actors.otherTenant.id, ownerUserId: 'dieb@example.com' });
    const result = await client.gql<{ createEvent: Json }>(gql.create, { t: tenantId(), input: input({ name: `GQL ${name}` }) });
    const made = [...(await eventsOf(tenantId())), ...(await eventsOf(actors.otherTenant.id))].filter((event) => event.name.endsWith(` ${name}`) && /^(REST|GQL) /.test(event.name));
    if (expected !== 'ok') {
      expect(rest.status).toBe(expected);
      expect(rest.contentType).toContain('application/problem+json');
      expect(result.errors?.[0]?.extensions?.code).toBe(expected === 401 ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
      return expect(made).toEqual([]);
    }
    expect(rest.status, rest.text).toBe(201);
    expectGraphqlOk(result);
    // Stored under the URL tenant, owned by the caller, whatever the body says.
    expect(rest.json).toMatchObject({ tenantId: tenantId(), ownerUserId: signedIn(name), information: { name: `REST ${name}`, startDate: '2026-07-15', startTime: '18:00' } });
    expect(result.data?.createEvent).toMatchObject({ tenantId: tenantId(), ownerUserId: signedIn(name), isPublic: false, startsAt: '2026-07-15T16:00:00.000Z', endsAt: '2026-07-15T20:00:00.000Z' });
    expect(made.map((event) => [event.tenant.id, event.ownerUserId])).toEqual([
      [tenantId(), signedIn(name)],
      [tenantId(), signedIn(name)],
    ]);
  });

  it('stores the whole form, gives nested entries ids and reads the original client ISO dates as Berlin days', async () => {
    const body = form({
      attendees: { publicEvent: true, needsRegistration: true, maxAttendees: 40, free: false, priceCategories: [{ id: '', name: 'Erwachsene', price: 12.5 }] },
      eventOrganizer: { ...defaultEventData().eventOrganizer, name: 'Kulturamt', speakers: [{ id: '', name: 'Rednerin', phoneNumber: '', emailAddress: 'r@example.com', image: '' }] },
      schedules: [{ id: '', date: '2026-07-15', time: '18:00', description: 'Einlass', schedules: [{ id: '', time: '18:30', description: 'Begrüßung' }] }],
      images: ['https://example.com/a.jpg', 'https://example.com/a.jpg'],
      attachments: ['/api/x/files/plan.pdf'],
      format: 1,
    });
    (body.information as Json).startDate = '2026-03-28T23:00:00.000Z';
    (body.information as Json).endDate = '2026-03-29T22:00:00.000Z';
    (body.information as Json).startTime = '02:30';
    (body.information as Json).endTime = '03:30';
    const response = await actors.clients.memberAny.put(url(), body);
    expect(response.status, response.text).toBe(201);
    const saved = response.json;
    expect(saved.information).toMatchObject({ startDate: '2026-03-29', endDate: '2026-03-30', teaserText: 'Kurz & bündig <b>' });
    expect(saved.attendees.maxAttendees).toBe(40);
    expect(saved.attendees.priceCategories[0]).toMatchObject({ name: 'Erwachsene', price: 12.5, id: expect.stringMatching(/.{8,}/) });
    expect(saved.eventOrganizer.speakers[0].id).toMatch(/.{8,}/);
    expect(saved.schedules[0].id).toMatch(/.{8,}/);
    expect(saved.schedules[0].schedules[0].id).toMatch(/.{8,}/);
    expect(saved.images).toEqual(['https://example.com/a.jpg']);
    expect(saved.format).toBe(1);
    const stored = await storedEvent(saved.id);
    // 02:30 on the spring-forward day does not exist: it is 03:30 summer time.
    expect(stored?.startsAt?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(stored?.endsAt?.toISOString()).toBe('2026-03-30T01:30:00.000Z');
    expect(stored?.maxAttendees).toBe(40);
  });
});

describe('validation (German messages, code GENERIC_VALIDATION)', () => {
  const cases: [string, (body: Json) => void, string, string][] = [
    ['name missing', (body) => (body.information.name = '  '), 'information.name', 'Name muss ausgefüllt sein.'],
    ['start date missing', (body) => (body.information.startDate = null), 'information.startDate', 'Startdatum muss ausgefüllt sein.'],
    ['start time missing', (body) => (body.information.startTime = ''), 'information.startTime', 'Startzeit muss ausgefüllt sein.'],
    ['bad date', (body) => (body.information.endDate = '31.12.2026'), 'information.endDate', 'Ungültiges Datum'],
    ['bad time', (body) => (body.information.startTime = '25:00'), 'information.startTime', 'Bitte geben Sie eine Uhrzeit im Format HH:mm an.'],
    ['end before start', (body) => (body.information.endTime = '17:00'), 'information.endTime', 'Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.'],
    ['venue e-mail', (body) => (body.eventLocation.emailAddress = 'kein-mail'), 'eventLocation.emailAddress', 'E-Mail ist ungültig.'],
    ['contact e-mail', (body) => (body.eventOrganizer.contactPersonEmailAddress = 'x@'), 'eventOrganizer.contactPersonEmailAddress', 'E-Mail ist ungültig.'],
    ['seats beyond the limit', (body) => (body.attendees = { ...body.attendees, needsRegistration: true, maxAttendees: 2_000_000 }), 'attendees.maxAttendees', 'Der Wert ist zu groß.'],
    ['seats positive', (body) => (body.attendees = { ...body.attendees, maxAttendees: 0 }), 'attendees.maxAttendees', 'Muss eine ganze Zahl größer als 0 sein.'],
    ['negative price', (body) => (body.attendees = { ...body.attendees, priceCategories: [{ name: 'A', price: -1 }] }), 'attendees.priceCategories.0.price', 'Darf nicht negativ sein'],
    ['format', (body) => (body.format = 7), 'format', 'Ungültiger Wert'],
    ['name too long', (body) => (body.information.name = 'x'.repeat(201)), 'information.name', 'Name Die Anzahl an Zeichen darf nicht größer als 200 sein.'],
    ['link', (body) => (body.images = ['javascript:alert(1)']), 'images.0', 'Ungültige URL.'],
  ];

  it.each(cases)('%s: REST 400 problem+json and GraphQL field errors, nothing stored', async (_label, change, field, message) => {
    const body = form();
    change(body);
    const before = (await eventsOf(tenantId())).length;
    const rest = await actors.clients.tenantOwner.put(url(), body);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.contentType).toContain('application/problem+json');
    expect(rest.json).toMatchObject({ status: 400, code: 'generic.validation', title: 'Validierungsfehler' });
    expect(rest.json.detail).toContain(message.replace(/\.$/, ''));
    const { id: _id, tenantId: _t, ownerUserId: _o, ...gqlInput } = body as Json;
    const result = await actors.clients.tenantOwner.gql(gql.create, { t: tenantId(), input: gqlInput });
    const error = result.errors?.[0];
    expect(error?.extensions?.code).toBe('GENERIC_VALIDATION');
    expect((error?.extensions?.fieldErrors as Record<string, string>)[field]).toBe(message);
    expect((await eventsOf(tenantId())).length).toBe(before);
  });

  it('venue and room must be an event location and a room of the same tenant', async () => {
    const venue = await storeBookable(app, tenantId(), { type: 'event-location', title: 'Halle' });
    const room = await storeBookable(app, tenantId(), { type: 'room', title: 'Saal' });
    const otherRoom = await storeBookable(app, actors.otherTenant.id, { type: 'room', title: 'Fremder Saal' });
    const body = (select: string, chosenRoom: string) => form({ eventLocation: { ...defaultEventData().eventLocation, name: 'Halle', select, room: chosenRoom } });
    expect((await actors.clients.tenantOwner.put(url(), body(venue.id, room.id))).status).toBe(201);
    const wrong = await actors.clients.tenantOwner.put(url(), body(room.id, otherRoom.id));
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail).toContain('eventLocation.select: Unbekannter Veranstaltungsort.');
    expect(wrong.json.detail).toContain('eventLocation.room: Unbekannter Raum.');
  });

  it('a body that is no object is a 400, not a 500', async () => {
    const response = await actors.clients.tenantOwner.put(url(), [1, 2]);
    expect(response.status).toBe(400);
  });
});

describe('updating events', () => {
  it('REST PUT with id and GraphQL updateEvent on an event someone else created', async () => {
    await onFreshEvents(
      allowed(owners),
      (client, id, via) =>
        via === 'rest'
          ? client.put(url(), { ...form({ name: 'Geändert REST' }), id, ownerUserId: 'dieb@example.com', tenantId: actors.otherTenant.id })
          : client.gql(gql.update, { t: tenantId(), id, input: { information: { name: 'Geändert GQL' } } }),
      async (name, id, ok) => {
        const stored = await storedEvent(id);
        expect(stored?.name.startsWith('Geändert'), name).toBe(ok);
        // The owner and tenant never change.
        expect([stored?.ownerUserId, stored?.tenant.id]).toEqual([actors.userIds.memberAny, tenantId()]);
      },
    );
  });

  it('memberOwnOnly updates his own event; a partial GraphQL update keeps the rest', async () => {
    const own = await storeEvent(tenantId(), { ownerUserId: actors.userIds.memberOwnOnly, tags: ['Alt'] });
    const result = await actors.clients.memberOwnOnly.gql<{ updateEvent: Json }>(gql.update, { t: tenantId(), id: own.id, input: { information: { teaserText: 'Neu' } } });
    expectGraphqlOk(result);
    expect(result.data?.updateEvent.information).toMatchObject({ name: own.name, teaserText: 'Neu', tags: ['Alt'], startDate: '2026-09-01' });
  });

  it('an unknown id in the body is a 404, another tenant\'s event is not found', async () => {
    const other = await storeEvent(actors.otherTenant.id);
    for (const id of ['00000000-0000-4000-8000-000000000000', other.id]) {
      const response = await actors.clients.tenantOwner.put(url(), { ...form(), id });
      expect(response.status, id).toBe(404);
    }
    expect((await storedEvent(other.id))?.name).toBe(other.name);
  });
});

describe('deleting events', () => {
  it('REST DELETE and GraphQL deleteEvent on an event someone else created; its tickets stay', async () => {
    await onFreshEvents(
      allowed(owners),
      async (client, id, via) => {
        await storeBookable(app, tenantId(), { type: 'ticket', title: 'Ticket', eventId: id });
        return via === 'rest' ? client.request('DELETE', url(`/${id}`)) : client.gql(gql.remove, { t: tenantId(), id });
      },
      async (name, id, ok) => {
        expect(await storedEvent(id), name).toEqual(ok ? null : expect.objectContaining({ id }));
        const tickets = await app.orm.em.fork().find(Bookable, { title: 'Ticket', eventId: ok ? null : id, tenant: tenantId() });
        expect(tickets.length, name).toBeGreaterThan(0);
      },
    );
    const rest = await actors.clients.tenantOwner.request('DELETE', url(`/${(await foreign()).id}`));
    expect([rest.status, rest.text]).toEqual([200, 'OK']);
  });

  it('memberOwnOnly deletes his own event but not in another tenant', async () => {
    const own = await storeEvent(tenantId(), { ownerUserId: actors.userIds.memberOwnOnly });
    expect((await actors.clients.memberOwnOnly.request('DELETE', url(`/${own.id}`))).status).toBe(200);
    const elsewhere = await storeEvent(actors.otherTenant.id);
    expect((await actors.clients.memberAny.request('DELETE', url(`/${elsewhere.id}`))).status).toBe(404);
    expect((await actors.clients.memberAny.request('DELETE', url(`/${elsewhere.id}`, actors.otherTenant.id))).status).toBe(403);
    expect(await storedEvent(elsewhere.id)).not.toBeNull();
  });
});

describe('duplicating events', () => {
  it('REST POST duplicate and GraphQL duplicateEvent: read and create rights, " (Kopie)", new ids, owned by the caller', async () => {
    await onFreshEvents(
      allowed(owners),
      (client, id, via) => (via === 'rest' ? client.post(url(`/${id}/duplicate`)) : client.gql(gql.duplicate, { t: tenantId(), id })),
    );
    const original = await actors.clients.memberAny.put(url(), form({
      name: 'Original',
      attendees: { publicEvent: true, needsRegistration: false, maxAttendees: null, free: false, priceCategories: [{ id: 'p1', name: 'A', price: 1 }] },
      schedules: [{ id: 'd1', date: '2026-07-15', time: '10:00', description: 'Tag', schedules: [{ id: 'i1', time: '11:00', description: 'Punkt' }] }],
      eventOrganizer: { ...defaultEventData().eventOrganizer, name: 'Amt', speakers: [{ id: 's1', name: 'S', phoneNumber: '', emailAddress: '', image: '' }] },
    }));
    const result = await actors.clients.tenantOwner.gql<{ duplicateEvent: Json }>(gql.duplicate, { t: tenantId(), id: original.json.id });
    expectGraphqlOk(result);
    const copy = result.data?.duplicateEvent;
    expect(copy.id).not.toBe(original.json.id);
    expect(copy.information.name).toBe('Original (Kopie)');
    expect(copy.ownerUserId).toBe(actors.userIds.tenantOwner);
    expect(copy.attendees.priceCategories[0]).toMatchObject({ name: 'A', price: 1 });
    expect(copy.attendees.priceCategories[0].id).not.toBe('p1');
    expect(copy.eventOrganizer.speakers[0].id).not.toBe('s1');
    expect(copy.schedules[0].id).not.toBe('d1');
    expect(copy.schedules[0].schedules[0].id).not.toBe('i1');
  });
});

describe('tags', () => {
  it('REST GET events/_meta/tags and GraphQL eventTags: distinct tags of the tenant, for those with some manageBookables right', async () => {
    const tenant = actors.otherTenant.id;
    await storeEvent(tenant, { tags: ['Musik', 'Open Air'] });
    await storeEvent(tenant, { tags: ['Open Air', 'Kinder'] });
    await storeEvent(tenantId(), { tags: ['Geheim'] });
    const rest = await actors.clients.memberOfOtherTenant.get(url('/_meta/tags', tenant));
    expect(rest.json).toEqual(['Musik', 'Open Air', 'Kinder']);
    expect((await actors.clients.memberOfOtherTenant.gql<{ eventTags: string[] }>(gql.tags, { t: tenant })).data?.eventTags).toEqual(['Musik', 'Open Air', 'Kinder']);
    await expectRest(actors, allowed(editors), (client) => client.get(url('/_meta/tags')));
    await expectGraphql(actors, allowed(editors), (client) => client.gql(gql.tags, { t: tenantId() }));
  });

  it('the tag filter keeps events carrying ALL given tags', async () => {
    const tenant = actors.otherTenant.id;
    const both = await storeEvent(tenant, { tags: ['Filter-A', 'Filter-B'], isPublic: true });
    await storeEvent(tenant, { tags: ['Filter-A'], isPublic: true });
    const client = actors.clients.memberOfOtherTenant;
    expect((await client.get(url('?tags=Filter-A,Filter-B', tenant))).json.map((event: Json) => event.id)).toEqual([both.id]);
    expect((await client.get(url('?tags=Filter-A&tags=Filter-B', tenant))).json.map((event: Json) => event.id)).toEqual([both.id]);
    expect((await client.get(url('?tags=Filter-A', tenant))).json).toHaveLength(2);
    expect((await client.gql<{ events: Json[] }>(gql.list, { t: tenant, tags: ['Filter-B', 'Filter-A'] })).data?.events.map((event) => event.id)).toEqual([both.id]);
    expect((await actors.clients.anonymous.gql<{ publicEvents: Json[] }>(gql.publicList, { t: tenant, tags: ['Filter-A', 'Filter-B'] })).data?.publicEvents.map((event) => event.id)).toEqual([both.id]);
  });
});

describe('public-event quota', () => {
  it('count/check and eventPublicQuotaAvailable answer those who may create or change events', async () => {
    await expectRest(actors, allowed(editors), (client) => client.get(url('/count/check')));
    await expectGraphql(actors, allowed(editors), (client) => client.gql(gql.quota, { t: tenantId() }));
  });

  it('refuses a new or newly public event over the quota (409, German), allows saving a public one, makes a full copy non-public', async () => {
    const tenant = actors.otherTenant.id;
    const client = actors.clients.memberOfOtherTenant;
    const publicCount = (await eventsOf(tenant)).filter((event) => event.isPublic).length;
    await setEventQuota(publicCount + 1);
    try {
      expect((await client.get(url('/count/check', tenant))).json).toBe(true);
      const first = await client.put(url('', tenant), form({ isPublic: true }));
      expect(first.status, first.text).toBe(201);
      expect((await client.get(url('/count/check', tenant))).json).toBe(false);
      expect((await client.gql<{ eventPublicQuotaAvailable: boolean }>(gql.quota, { t: tenant })).data?.eventPublicQuotaAvailable).toBe(false);

      const refused = await client.put(url('', tenant), form({ isPublic: true, name: 'Zu viel' }));
      expect(refused.status).toBe(409);
      expect(refused.contentType).toContain('application/problem+json');
      expect(refused.json).toMatchObject({ code: 'event.quota-reached', detail: 'Sie haben die maximale Anzahl an öffentlichen Events erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Events.' });
      const gqlRefused = await client.gql(gql.create, { t: tenant, input: input({ isPublic: true }) });
      expect(gqlRefused.errors?.[0]?.extensions?.code).toBe('EVENT_QUOTA_REACHED');
      // Nor does a ticket appear for the refused event.
      const refusedWithTickets = await client.put(url('?withTickets=true', tenant), form({ isPublic: true, name: 'Zu viel mit Ticket' }));
      expect(refusedWithTickets.status).toBe(409);
      expect(await app.orm.em.fork().count(Bookable, { title: 'Zu viel mit Ticket' })).toBe(0);

      const draft = await client.put(url('', tenant), form({ name: 'Entwurf' }));
      expect(draft.status).toBe(201);
      expect((await client.put(url('', tenant), { ...draft.json, isPublic: true })).status).toBe(409);
      expect((await client.gql(gql.update, { t: tenant, id: draft.json.id, input: { isPublic: true } })).errors?.[0]?.extensions?.code).toBe('EVENT_QUOTA_REACHED');
      // An already public event may still be saved.
      expect((await client.put(url('', tenant), { ...first.json, information: { ...first.json.information, name: 'Umbenannt' } })).status).toBe(201);
      const copy = await client.post(url(`/${first.json.id}/duplicate`, tenant));
      expect(copy.status).toBe(201);
      expect(copy.json.isPublic).toBe(false);
    } finally {
      await setEventQuota(null);
    }
    const copy = await client.post(url(`/${(await eventsOf(tenant)).find((event) => event.isPublic)?.id}/duplicate`, tenant));
    expect(copy.json.isPublic).toBe(true);
  });
});

describe('withTickets', () => {
  it('REST PUT ?withTickets=true creates the event with its ticket, not counted against the bookable quota', async () => {
    const tenant = actors.otherTenant.id;
    await storeBookable(app, tenant, { isPublic: true, title: 'Öffentlicher Raum' });
    await setBookableQuota(app, 1);
    try {
      const response = await actors.clients.memberOfOtherTenant.put(url('?withTickets=true', tenant), form({ name: 'Konzert' }));
      expect(response.status, response.text).toBe(201);
      const tickets = await ticketsOf(response.json.id);
      expect(tickets).toHaveLength(1);
      expect(tickets[0]).toMatchObject({
        type: 'ticket',
        eventId: response.json.id,
        title: 'Konzert',
        description: 'Kurz &amp; bündig &lt;b&gt;',
        isBookable: true,
        isPublic: true,
        autoCommitBooking: true,
        amount: null,
        priceCategories: [],
        ownerUserId: actors.userIds.memberOfOtherTenant,
      });
      expect(tickets[0].tenant.id).toBe(tenant);
    } finally {
      await setBookableQuota(app, null);
    }
  });

  it('GraphQL createEvent(withTickets: true); without it, and on update, no ticket', async () => {
    const client = actors.clients.tenantOwner;
    const result = await client.gql<{ createEvent: Json }>(gql.create, { t: tenantId(), input: input({ name: 'Lesung' }), tickets: true });
    expectGraphqlOk(result);
    expect((await ticketsOf(result.data?.createEvent.id)).map((ticket) => ticket.title)).toEqual(['Lesung']);
    const plain = await client.put(url(), form());
    expect(await ticketsOf(plain.json.id)).toEqual([]);
    await client.put(url('?withTickets=true'), { ...plain.json });
    expect(await ticketsOf(plain.json.id)).toEqual([]);
  });

  it('a refused event leaves no ticket behind (one transaction)', async () => {
    const before = await app.orm.em.fork().count(Bookable, { type: 'ticket' });
    const response = await actors.clients.tenantOwner.put(url('?withTickets=true'), form({ name: '' }));
    expect(response.status).toBe(400);
    expect(await app.orm.em.fork().count(Bookable, { type: 'ticket' })).toBe(before);
  });

  it('a ticket cannot name an unknown event (German field error, not a database error)', async () => {
    const response = await actors.clients.tenantOwner.put(`/api/${tenantId()}/bookables`, { type: 'ticket', title: 'Ticket', eventId: '00000000-0000-4000-8000-000000000000' });
    expect(response.status).toBe(400);
    expect(response.json.detail).toContain('eventId: Unbekannte Veranstaltung.');
    const event = await foreign();
    expect((await actors.clients.tenantOwner.put(`/api/${tenantId()}/bookables`, { type: 'ticket', title: 'Ticket', eventId: event.id })).status).toBe(201);
  });
});

describe('bookings of an event', () => {
  const bTenant = () => bookingActors.tenant.id;
  const bUrl = (path: string, tenant = bTenant()) => `/api/${tenant}/events${path}`;
  let eventId: string;
  let guestBooking: string;
  let ownBooking: string;

  async function checkout(client: HttpClient, bookableId: string): Promise<string> {
    const response = await client.post(`/api/${bTenant()}/checkout`, { bookableItems: [{ bookableId, amount: 1 }], ...customer });
    expect(response.status, response.text).toBe(200);
    return response.json.id;
  }

  beforeAll(async () => {
    const event = await storeEvent(bTenant(), { isPublic: true });
    eventId = event.id;
    const ticket = await storeBookable(app, bTenant(), { type: 'ticket', title: 'Eintritt', eventId, isBookable: true, isPublic: true, autoCommitBooking: true });
    const secondTicket = await storeBookable(app, bTenant(), { type: 'ticket', title: 'Ermäßigt', eventId, isBookable: true, isPublic: true });
    const unrelated = await storeBookable(app, bTenant(), { type: 'ticket', title: 'Anderes', isBookable: true, isPublic: true });
    guestBooking = await checkout(bookingActors.clients.anonymous, ticket.id);
    ownBooking = await checkout(bookingActors.clients.memberOwnOnly, secondTicket.id);
    await checkout(bookingActors.clients.anonymous, unrelated.id);
  });

  it('REST GET events/{id}/bookings: what the viewer may read of the bookings containing a ticket of the event', async () => {
    const seen: Record<string, string[]> = {};
    for (const name of actorNames) {
      const response = await bookingActors.clients[name].get(bUrl(`/${eventId}/bookings`));
      expect(response.status, `${name}: ${response.text}`).toBe(200);
      seen[name] = (response.json as Json[]).map((booking) => booking.id).sort();
    }
    const all = [guestBooking, ownBooking].sort();
    expect(seen).toEqual({
      anonymous: [],
      outsider: [],
      memberWithoutFlag: [],
      memberOwnOnly: [ownBooking],
      memberAny: all,
      memberOfOtherTenant: [],
      tenantOwner: all,
      instanceOwner: all,
    });
    const page = await bookingActors.clients.tenantOwner.get(bUrl(`/${eventId}/bookings?limit=1`));
    expect(page.json).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe('2');
  });

  it('GraphQL eventBookings needs manageBookings read rights', async () => {
    await expectGraphql(bookingActors, allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.gql(gql.bookings, { t: bTenant(), id: eventId }));
    const result = await bookingActors.clients.memberAny.gql<{ eventBookings: Json }>(gql.bookings, { t: bTenant(), id: eventId, limit: 1 });
    expect(result.data?.eventBookings).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(result.data?.eventBookings.items).toHaveLength(1);
    const own = await bookingActors.clients.memberOwnOnly.gql<{ eventBookings: Json }>(gql.bookings, { t: bTenant(), id: eventId });
    expect(own.data?.eventBookings.items.map((booking: Json) => booking.id)).toEqual([ownBooking]);
  });

  it('an unknown event, or one of another tenant, is a 404', async () => {
    expect((await bookingActors.clients.tenantOwner.get(bUrl('/00000000-0000-4000-8000-000000000000/bookings'))).status).toBe(404);
    expect((await bookingActors.clients.memberOfOtherTenant.get(bUrl(`/${eventId}/bookings`, bookingActors.otherTenant.id))).status).toBe(404);
    expect((await bookingActors.clients.tenantOwner.gql(gql.bookings, { t: bTenant(), id: 'kein-uuid' })).errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});

describe('tenant isolation', () => {
  it('no operation reaches another tenant\'s event through this tenant\'s URL', async () => {
    const other = await storeEvent(actors.otherTenant.id, { isPublic: true, tags: ['Fremd'] });
    const client = actors.clients.tenantOwner;
    expect((await client.get(url(`/${other.id}`))).status).toBe(404);
    expect((await client.gql(gql.get, { t: tenantId(), id: other.id })).errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect((await client.post(url(`/${other.id}/duplicate`))).status).toBe(404);
    expect((await client.gql(gql.update, { t: tenantId(), id: other.id, input: { isPublic: false } })).errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect((await client.get(url())).json.map((event: Json) => event.id)).not.toContain(other.id);
    expect((await client.get(url('/_meta/tags'))).json).not.toContain('Fremd');
    // The other tenant's own people are refused in this tenant.
    expect((await actors.clients.memberOfOtherTenant.put(url(), form())).status).toBe(403);
    expect((await storedEvent(other.id))?.isPublic).toBe(true);
  });
});

describe('a ticket shows its event', () => {
  it('bookables?populate=true carries the event in _populated.event (null after the event is deleted)', async () => {
    const event = await foreign({ name: 'Mit Ticket' });
    const ticket = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Ticket mit Event', eventId: event.id });
    const read = () => actors.clients.memberAny.get(`/api/${tenantId()}/bookables/${ticket.id}?populate=true`);
    expect((await read()).json._populated.event).toMatchObject({ id: event.id, ownerUserId: actors.userIds.memberAny, information: { name: 'Mit Ticket' } });
    await actors.clients.memberAny.request('DELETE', url(`/${event.id}`));
    const after = await read();
    expect(after.json._populated.event).toBeNull();
    expect(after.json.eventId).toBeNull();
  });
});
