import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../support/http.js';
import { createActors, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

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

  it('a user name in the profile is refused', async () => {
    const profile = await owner.put('/api/user', { firstName: 'Erika\u202E' });
    expect(profile.status).toBe(400);
    expect(profile.json.errors).toMatchObject({ firstName: MESSAGE });
  });
});
