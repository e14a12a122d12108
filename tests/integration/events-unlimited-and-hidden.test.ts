import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { customer } from './bookings.fixtures.js';

/**
 * Events without a seat limit (registration needed, seats unlimited), events reached only through
 * their own link (attendees.publicEvent false: left out of every public list, shown by their id),
 * and the seat limit that may not fall below the seats already sold; through GraphQL and REST.
 */
let app: TestApp;
let tenantId: string;
let staff: HttpClient;
let anonymous: HttpClient;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST and GraphQL answers are read as plain JSON
type Json = any;

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: 'Stadt Veranstaltungen' })).id;
  staff = app.client();
  await signIn(staff, testAdmin.id, testAdmin.password);
  anonymous = app.client();
});
afterAll(async () => app?.close());

let counter = 0;

function form(attendees: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = defaultEventData();
  return {
    isPublic: true,
    information: { ...base.information, name: `Abend ${++counter}`, startDate: '2027-06-01', startTime: '19:00', endDate: '2027-06-01', endTime: '22:00' },
    attendees: { ...base.attendees, ...attendees },
    ...extra,
  };
}

const FIELDS = 'id isPublic attendees { publicEvent needsRegistration maxAttendees } seatsSold directLink';
const gql = {
  create: `mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { ${FIELDS} } }`,
  update: `mutation($t: ID!, $id: ID!, $input: EventInput!) { updateEvent(tenantId: $t, id: $id, input: $input) { ${FIELDS} } }`,
  event: `query($t: ID!, $id: ID!) { event(tenantId: $t, id: $id) { ${FIELDS} } }`,
  publicList: 'query($t: ID!) { publicEvents(tenantId: $t) { id } }',
  publicGet: 'query($t: ID!, $id: ID!) { publicEvent(tenantId: $t, id: $id) { id information { name } } }',
  seatsLeft: 'query($t: ID!, $b: ID!) { ticketSeatsLeft(tenantId: $t, bookableId: $b) }',
};

async function createByGraphql(attendees: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Json> {
  const result = await staff.gql<{ createEvent: Json }>(gql.create, { t: tenantId, input: form(attendees, extra) });
  expect(result.errors).toBeUndefined();
  return result.data?.createEvent;
}

const ticketsOf = (eventId: string) => app.orm.em.fork().find(Bookable, { eventId }, { orderBy: { createdAt: 'asc' } });
const checkout = (bookableId: string, amount: number) =>
  anonymous.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId, amount }], ...customer, mail: `gast-${++counter}@example.com` });

describe('an event that needs registration without a seat limit', () => {
  it('is created through GraphQL and REST with maxAttendees null', async () => {
    const created = await createByGraphql({ needsRegistration: true, maxAttendees: null });
    expect(created.attendees).toEqual({ publicEvent: true, needsRegistration: true, maxAttendees: null });

    const rest = await staff.put(`/api/${tenantId}/events`, form({ needsRegistration: true, maxAttendees: null }));
    expect(rest.status, rest.text).toBe(201);
    expect(rest.json.attendees).toMatchObject({ needsRegistration: true, maxAttendees: null });
    expect((await app.orm.em.fork().findOneOrFail(Event, { id: rest.json.id })).maxAttendees).toBeNull();
  });

  it('has unlimited seats at checkout, in the availability and as seats left', async () => {
    const event = await createByGraphql({ needsRegistration: true, maxAttendees: null, free: true });
    const [ticket] = await ticketsOf(event.id);
    expect((await anonymous.gql<{ ticketSeatsLeft: number | null }>(gql.seatsLeft, { t: tenantId, b: ticket.id })).data?.ticketSeatsLeft).toBeNull();
    const availability = await anonymous.get(`/api/${tenantId}/bookables/${ticket.id}/availability?startDate=2027-05-01&endDate=2027-05-01&amount=400`);
    expect(availability.status, availability.text).toBe(200);
    expect(new Set((availability.json as { available: boolean }[]).map((period) => period.available))).toEqual(new Set([true]));
    for (const amount of [250, 250]) {
      const response = await checkout(ticket.id, amount);
      expect(response.status, response.text).toBe(200);
    }
    expect((await staff.gql<{ event: Json }>(gql.event, { t: tenantId, id: event.id })).data?.event.seatsSold).toBe(500);
  });
});

describe('an event reached only through its own link', () => {
  it('is left out of the public lists and snippet lists, and shown by its link, REST, GraphQL and HTML', async () => {
    const listed = await createByGraphql({ publicEvent: true, free: true });
    const hidden = await createByGraphql({ publicEvent: false, free: true });
    const name = (await app.orm.em.fork().findOneOrFail(Event, { id: hidden.id })).name;
    const [hiddenTicket] = await ticketsOf(hidden.id);
    const [listedTicket] = await ticketsOf(listed.id);

    const restList = await anonymous.get(`/api/${tenantId}/events`);
    expect(restList.json.map((event: Json) => event.id)).toContain(listed.id);
    expect(restList.json.map((event: Json) => event.id)).not.toContain(hidden.id);
    expect((await anonymous.get(`/api/${tenantId}/events/${hidden.id}`)).json.id).toBe(hidden.id);

    const gqlList = await anonymous.gql<{ publicEvents: Json[] }>(gql.publicList, { t: tenantId });
    expect(gqlList.data?.publicEvents.map((event) => event.id)).toContain(listed.id);
    expect(gqlList.data?.publicEvents.map((event) => event.id)).not.toContain(hidden.id);
    expect((await anonymous.gql<{ publicEvent: Json }>(gql.publicGet, { t: tenantId, id: hidden.id })).data?.publicEvent.id).toBe(hidden.id);

    const snippetList = await anonymous.get(`/html/${tenantId}/events`);
    expect(snippetList.text).toContain(listed.id);
    expect(snippetList.text).not.toContain(hidden.id);
    const tickets = await anonymous.get(`/html/${tenantId}/bookables?type=ticket`);
    expect(tickets.text).toContain(`id=${listedTicket.id}`);
    expect(tickets.text).not.toContain(hiddenTicket.id);

    // The link the wizard shows: without a tenant page it is this product's detail snippet.
    expect(hidden.directLink).toBe(`${app.config.publicUrl}/html/${tenantId}/events/${hidden.id}`);
    const page = await anonymous.get(new URL(hidden.directLink).pathname);
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain(`<h3>${name}</h3>`);
    expect(page.text).toContain(`checkout?id=${hiddenTicket.id}`);
    const booked = await checkout(hiddenTicket.id, 2);
    expect(booked.status, booked.text).toBe(200);
  });

  it("the link is the tenant's event page when it has one", async () => {
    const em = app.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
    tenant.eventDetailLink = 'https://stadt.example.de/veranstaltung';
    await em.flush();
    try {
      const hidden = await createByGraphql({ publicEvent: false });
      expect(hidden.directLink).toBe(`https://stadt.example.de/veranstaltung?bkid=${hidden.id}`);
    } finally {
      tenant.eventDetailLink = '';
      await em.flush();
    }
  });

  it('an invisible event (isPublic false) stays hidden, also by its id', async () => {
    const draft = await createByGraphql({ publicEvent: false }, { isPublic: false });
    expect((await anonymous.get(`/api/${tenantId}/events/${draft.id}`)).status).toBe(404);
    expect((await anonymous.get(`/html/${tenantId}/events/${draft.id}`)).status).toBe(404);
  });
});

describe('the seat limit against the seats sold', () => {
  const message = 'Es sind bereits 4 Plätze verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.';

  it('may not fall below the seats sold: GraphQL and REST answer a field error and store nothing', async () => {
    const event = await createByGraphql({ needsRegistration: true, maxAttendees: 10, free: true });
    const [ticket] = await ticketsOf(event.id);
    expect((await checkout(ticket.id, 4)).status).toBe(200);

    const lowered = await staff.gql(gql.update, { t: tenantId, id: event.id, input: { attendees: { maxAttendees: 3 } } });
    expect(lowered.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    expect((lowered.errors?.[0]?.extensions?.fieldErrors as Record<string, string>)['attendees.maxAttendees']).toBe(message);

    const rest = await staff.put(`/api/${tenantId}/events`, { id: event.id, attendees: { needsRegistration: true, maxAttendees: 2 } });
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json.errors).toEqual({ 'attendees.maxAttendees': message });
    expect((await app.orm.em.fork().findOneOrFail(Event, { id: event.id })).maxAttendees).toBe(10);

    const exact = await staff.gql<{ updateEvent: Json }>(gql.update, { t: tenantId, id: event.id, input: { attendees: { maxAttendees: 4 } } });
    expect(exact.errors).toBeUndefined();
    expect(exact.data?.updateEvent).toMatchObject({ seatsSold: 4, attendees: { maxAttendees: 4 } });
    const unlimited = await staff.gql<{ updateEvent: Json }>(gql.update, { t: tenantId, id: event.id, input: { attendees: { maxAttendees: null } } });
    expect(unlimited.data?.updateEvent.attendees.maxAttendees).toBeNull();
  });

  it('rejected bookings do not count, and other changes of an event keep working', async () => {
    const event = await createByGraphql({ needsRegistration: true, maxAttendees: 5, free: true });
    const [ticket] = await ticketsOf(event.id);
    expect((await checkout(ticket.id, 5)).status).toBe(200);
    const renamed = await staff.gql(gql.update, { t: tenantId, id: event.id, input: { information: { teaserText: 'Neu' } } });
    expect(renamed.errors).toBeUndefined();
    await app.orm.em.fork().getConnection().execute('update bookings set is_rejected = true where key in (select booking_key from booking_items where bookable_id = ?)', [ticket.id]);
    const lowered = await staff.gql<{ updateEvent: Json }>(gql.update, { t: tenantId, id: event.id, input: { attendees: { maxAttendees: 1 } } });
    expect(lowered.errors).toBeUndefined();
    expect(lowered.data?.updateEvent).toMatchObject({ seatsSold: 0, attendees: { maxAttendees: 1 } });
  });

  it('a checkout racing a lowered limit never ends above it: the guard reads the limit under the event lock', async () => {
    for (let round = 0; round < 8; round++) {
      const event = await createByGraphql({ needsRegistration: true, maxAttendees: 3, free: true });
      const [ticket] = await ticketsOf(event.id);
      expect((await checkout(ticket.id, 2)).status).toBe(200);
      await Promise.all([checkout(ticket.id, 1), staff.gql(gql.update, { t: tenantId, id: event.id, input: { attendees: { maxAttendees: 2 } } })]);
      const stored = await staff.gql<{ event: Json }>(gql.event, { t: tenantId, id: event.id });
      const { seatsSold, attendees } = stored.data?.event ?? {};
      expect(seatsSold, `round ${round}`).toBeLessThanOrEqual(attendees.maxAttendees);
    }
  });
});
