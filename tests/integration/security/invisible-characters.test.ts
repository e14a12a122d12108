import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../support/http.js';
import { defaultEventData } from '../../../server/src/events/event.model.js';
import { createActors, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, customer, slot } from '../bookings.fixtures.js';

/**
 * Bidirectional and zero-width control characters disguise entries in admin lists ("Saal" with a
 * right-to-left override shows reversed, two names differing by a zero-width space look alike).
 * Names, titles and addresses refuse them with 400 / GENERIC_VALIDATION naming the field, over
 * REST and GraphQL; the rule is one (common/validation/text.ts) in the schemas both sides use.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
const MESSAGE = 'Enthält unsichtbare Steuerzeichen.';
const DISGUISES = ['Saal\u202Eexe.gpj', 'Ver\u200Bwaltung', 'Rat\uFEFFhaus', 'Halle\u2066A\u2069', 'Raum\u061C1', 'Zelt\u180E'];

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'bookables', 'invisible');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
});
afterAll(async () => app?.close());

describe('names, titles and addresses refuse invisible controls', () => {
  it.each(DISGUISES)('an object title %j: REST and GraphQL answer 400 naming the title', async (title) => {
    const rest = await owner.put(`/api/${tenantId}/bookables`, { type: 'room', title, isBookable: true });
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json).toMatchObject({ code: 'generic.validation', errors: { title: MESSAGE } });
    const graphql = await owner.gql(`mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }`, { t: tenantId, input: { type: 'room', title } });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { title: MESSAGE } });
  });

  it('role names, token names, webhook addresses and object links are refused alike; plain names pass', async () => {
    const role = await owner.gql(`mutation($t: ID!, $input: RoleInput!) { saveRole(tenantId: $t, input: $input) { id } }`, { t: tenantId, input: { name: 'Admin\u200D' } });
    expect(role.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { name: MESSAGE } });
    const restRole = await owner.put(`/api/${tenantId}/roles`, { name: '\u202EnimdA' });
    expect(restRole.status).toBe(400);
    expect(restRole.json.errors).toEqual({ name: MESSAGE });

    const token = await owner.post(`/api/${tenantId}/api-tokens`, { name: 'Webseite\u2067', preset: 'OCCUPANCY_READ' });
    expect(token.status).toBe(400);
    expect(token.json.errors).toEqual({ name: MESSAGE });

    const hook = await owner.gql(`mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { secret } }`, {
      t: tenantId,
      input: { url: 'https://example.org/\u202Ehook', events: ['booking.created'] },
    });
    expect(hook.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { url: MESSAGE } });

    const link = await owner.put(`/api/${tenantId}/bookables`, { type: 'room', title: 'Saal', imgUrl: 'https://example.org/\u200Bbild.png' });
    expect(link.status).toBe(400);
    expect(link.json.errors).toEqual({ imgUrl: MESSAGE });

    const plain = await owner.put(`/api/${tenantId}/bookables`, { type: 'room', title: 'Großer Saal – Süd', isBookable: true });
    expect(plain.status, plain.text).toBe(201);
  });

  it('an event’s venue, organizer, contact, speaker and price-category names are refused, each named', async () => {
    const base = defaultEventData();
    const body = {
      ...base,
      information: { ...base.information, name: 'Sommerfest', startDate: '2027-07-15', startTime: '18:00', endDate: '2027-07-15', endTime: '22:00' },
      eventLocation: { ...base.eventLocation, name: 'Stadt\u200Bhalle' },
      eventOrganizer: {
        ...base.eventOrganizer,
        name: 'Kultur\u202Eamt',
        contactPersonName: 'Erika\u2066',
        speakers: [{ id: '', name: 'Red\uFEFFnerin', phoneNumber: '', emailAddress: '', image: '' }],
      },
      attendees: { ...base.attendees, priceCategories: [{ id: '', name: 'Erwach\u200Dsene', price: 5 }] },
    };
    const rest = await owner.put(`/api/${tenantId}/events`, body);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json.errors).toEqual({
      'eventLocation.name': MESSAGE,
      'eventOrganizer.name': MESSAGE,
      'eventOrganizer.contactPersonName': MESSAGE,
      'eventOrganizer.speakers.0.name': MESSAGE,
      'attendees.priceCategories.0.name': MESSAGE,
    });
  });

  it('a customer’s name and company at checkout are refused, over REST and GraphQL; nothing is booked', async () => {
    const room = await bookableRoom(app, tenantId);
    const guest = actors.clients.anonymous;
    const body = { ...slot(10, '2027-04-04'), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, name: 'Erika\u202E Mustermann', company: 'Verein\u200B e. V.' };
    const rest = await guest.post(`/api/${tenantId}/checkout`, body);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json.errors).toEqual({ name: MESSAGE, company: MESSAGE });
    const input = { ...body, timeBegin: new Date(body.timeBegin).toISOString(), timeEnd: new Date(body.timeEnd).toISOString() };
    const graphql = await guest.gql(`mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }`, { t: tenantId, input });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { name: MESSAGE, company: MESSAGE } });
    const listed = await owner.get(`/api/${tenantId}/bookings?limit=50`);
    expect(listed.text).not.toContain('Mustermann');
  });

  it('a user name in the profile is refused', async () => {
    const profile = await owner.put('/api/user', { firstName: 'Erika\u202E' });
    expect(profile.status).toBe(400);
    expect(profile.json.errors).toMatchObject({ firstName: MESSAGE });
  });
});
