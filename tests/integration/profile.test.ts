import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** PUT /api/user and GraphQL updateProfile: the own profile, field by field. */
let app: TestApp;
let client: HttpClient;
const pia = { id: 'pia@example.com', password: 'pia-passwort-1', firstName: 'Pia', lastName: 'Profil', company: 'Alt GmbH', phone: '0301' };

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, pia);
  client = app.client();
  await signIn(client, pia.id, pia.password);
});
afterAll(async () => app?.close());

const storedUser = async () =>
  (await app.orm.em.getConnection().execute<Record<string, unknown>[]>('select first_name, last_name, company, phone, city, zip_code, address from users where id = ?', [pia.id]))[0];

describe('PUT /api/user', () => {
  it('changes only the fields given and answers the public user', async () => {
    const response = await client.put('/api/user', { phone: '  0170 1234567 ', city: 'Musterstadt' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: pia.id,
      firstName: 'Pia',
      lastName: 'Profil',
      company: 'Alt GmbH',
      phone: '0170 1234567',
      address: '',
      zipCode: '',
      city: 'Musterstadt',
      isVerified: true,
      isSuspended: false,
      authType: 'local',
      created: expect.any(Number),
    });
    expect(await storedUser()).toEqual({ first_name: 'Pia', last_name: 'Profil', company: 'Alt GmbH', phone: '0170 1234567', city: 'Musterstadt', zip_code: '', address: '' });
  });

  it('ignores fields outside the profile (the e-mail, flags)', async () => {
    const response = await client.put('/api/user', { id: 'andere@example.com', isVerified: false, isSuspended: true, authType: 'keycloak', zipCode: '12345' });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: pia.id, zipCode: '12345', isVerified: true, isSuspended: false, authType: 'local' });
    expect((await client.get('/auth/me')).json.user.id).toBe(pia.id);
  });

  it('refuses an empty first name with field errors and changes nothing', async () => {
    const response = await client.put('/api/user', { firstName: '  ', city: 'Anderswo' });
    expect(response.status).toBe(400);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({
      type: 'about:blank',
      title: 'Fehler',
      status: 400,
      detail: 'Ihr Profil konnte nicht aktualisiert werden. firstName: Pflichtfeld.',
      code: 'profile.update-error',
      errors: { firstName: 'Pflichtfeld' },
    });
    expect((await storedUser()).city).toBe('Musterstadt');
  });

  it('refuses over-long values and non-text values', async () => {
    const long = await client.put('/api/user', { address: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual({ address: 'Maximal 200 Zeichen erlaubt.' });
    const number = await client.put('/api/user', { phone: 12345 });
    expect(number.status).toBe(400);
    expect(number.json.errors).toEqual({ phone: 'Ungültiger Wert' });
  });

  it('answers 401 without a session', async () => {
    const response = await app.client().put('/api/user', { firstName: 'Anonym' });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: 'auth.unauthenticated', detail: 'Bitte melden Sie sich an.' });
  });

  it('is visible in the next /auth/me', async () => {
    await client.put('/api/user', { lastName: 'Profil-Neu' });
    expect((await client.get('/auth/me')).json.user.lastName).toBe('Profil-Neu');
  });
});

describe('GraphQL updateProfile', () => {
  const UPDATE = 'mutation($input: ProfileInput!) { updateProfile(input: $input) { id firstName lastName company city phone } }';

  it('changes only the fields given', async () => {
    const result = await client.gql(UPDATE, { input: { company: 'Neu AG', city: 'Berlin' } });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ updateProfile: { id: pia.id, firstName: 'Pia', lastName: 'Profil-Neu', company: 'Neu AG', city: 'Berlin', phone: '0170 1234567' } });
  });

  it('reports an empty first name with fieldErrors', async () => {
    const result = await client.gql(UPDATE, { input: { firstName: '' } });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({
      message: 'Ihr Profil konnte nicht aktualisiert werden.',
      path: ['updateProfile'],
      extensions: { code: 'PROFILE_UPDATE_ERROR', fieldErrors: { firstName: 'Pflichtfeld' } },
    });
    expect((await storedUser()).first_name).toBe('Pia');
  });

  it('reports AUTH_UNAUTHENTICATED without a session', async () => {
    const result = await app.client().gql(UPDATE, { input: { firstName: 'Anonym' } });
    expect(result.errors?.[0]).toMatchObject({ message: 'Bitte melden Sie sich an.', extensions: { code: 'AUTH_UNAUTHENTICATED' } });
  });
});
