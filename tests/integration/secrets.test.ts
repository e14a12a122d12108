import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import { findSecrets, recordedResponses } from '../support/secrets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/**
 * Nothing secret leaves the server: every endpoint is called here as
 * anonymous, user and instance owner, with secrets stored in the database, and every answer is
 * searched for hashes, secret keys and the stored secret values. (tests/support/setup.ts applies
 * the hash and key check to every other test file's answers as well.)
 */
let app: TestApp;
const sam = { id: 'sam@example.com', password: 'sam-passwort-1', phone: '0555' };
const storedSecrets = ['smtp-geheim-instanz', 'graph-geheim-instanz', 'sso-geheim-instanz', 'smtp-geheim-mandant', 'graph-geheim-mandant'];

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, sam);
  const tenant = await createTenant(app.orm, { name: 'Geheim-Gemeinde', owners: [sam.id] });
  const sql = app.orm.em.getConnection();
  await sql.execute(
    `update instance set noreply_password = ?, noreply_graph_client_secret = ?,
       applications = ?::jsonb where id = 1`,
    [storedSecrets[0], storedSecrets[1], JSON.stringify([{ id: 'sso', type: 'auth', active: true, privateClientSecret: storedSecrets[2] }])],
  );
  await sql.execute('update tenants set noreply_password = ?, noreply_graph_client_secret = ? where id = ?', [storedSecrets[3], storedSecrets[4], tenant.id]);
});
afterAll(async () => app?.close());

describe('the secret detector', () => {
  it('finds hashes and secret keys at any depth (so the checks below can fail)', () => {
    const found = findSecrets([
      { method: 'GET', path: '/a', status: 200, body: '{"user":{"passwordHash":"x"}}' },
      { method: 'GET', path: '/b', status: 200, body: '{"list":[{"hooks":[]}]}' },
      { method: 'GET', path: '/c', status: 200, body: 'plain $argon2id$v=19$m=19456' },
      { method: 'GET', path: '/d', status: 200, body: '{"ok":true}' },
      { method: 'GET', path: '/e', status: 200, body: '{"applications":[{"id":"pareva","password":"x"}]}' },
      { method: 'POST', path: '/f', status: 400, body: '{"errors":{"password":"Passwort ist erforderlich"}}' },
    ]);
    expect(found).toEqual([
      'GET /a (200): forbidden key $.user.passwordHash',
      'GET /b (200): forbidden key $.list[0].hooks',
      'GET /c (200): argon2 hash in body',
      'GET /e (200): forbidden key $.applications[0].password',
    ]);
  });
});

describe('every endpoint', () => {
  it('answers without hashes, secret keys or stored secret values', async () => {
    const anonymous = app.client({ ip: '10.9.0.1' });
    const user = app.client({ ip: '10.9.0.2' });
    const admin = app.client({ ip: '10.9.0.3' });

    // REST, anonymous
    await anonymous.post('/auth/signup', { id: 'neu@example.com', password: 'neu-passwort-1', firstName: 'Neu', lastName: 'Ling' });
    const verifyMail = await app.smtp.waitForMail('neu@example.com', 'Bestätigen');
    await anonymous.get(`/auth/verify/${new URL(verifyMail.links[0]).searchParams.get('token')}`);
    await anonymous.post('/auth/verify/confirm', { token: new URL(verifyMail.links[0]).searchParams.get('token') });
    await anonymous.post('/auth/signup', { id: 'neu@example.com', password: 'neu-passwort-1', firstName: 'Neu', lastName: 'Ling' });
    await anonymous.get('/auth/me');
    await anonymous.post('/auth/signin', { id: sam.id, password: 'falsch-falsch' });
    await anonymous.put('/api/user', { firstName: 'X' });
    await anonymous.get('/api/instances?publicInstance=true');
    await anonymous.get('/api/instances');
    await anonymous.get('/api/unbekannt');
    await anonymous.get('/auth/verify/00000000-0000-0000-0000-000000000000');

    // REST, signed in
    await user.post('/auth/signin', { id: sam.id, password: sam.password });
    await user.get('/auth/me');
    await user.get('/auth/me?populatePermissions=0');
    await user.put('/api/user', { city: 'Geheimstadt' });
    await user.get('/api/instances');
    await user.post('/auth/resetpassword', { id: sam.id, password: 'ignoriert-1' });
    const resetMail = await app.smtp.waitForMail(sam.id, 'Kennworts');
    await user.post('/auth/reset', { email: sam.id, password: 'ignoriert-2' });
    const resetToken = new URL(resetMail.links[0]).searchParams.get('token');
    await user.get(`/auth/reset/${resetToken}`);
    await user.post('/auth/reset/confirm', { token: resetToken, password: 'sam-passwort-2' });
    await signIn(admin, testAdmin.id, testAdmin.password);
    await admin.get('/api/instances');
    await admin.get('/auth/me');
    await admin.put('/api/instances', { contactAddress: 'Geheimweg 1', applications: [{ id: 'keycloak', realm: 'geheim' }] });
    await admin.get('/api/users');
    await admin.get(`/api/users/${sam.id}`);
    await user.get('/api/users');
    await user.get(`/api/users/${sam.id}`);
    await admin.get('/api/users/ids');
    await admin.put('/api/users', { id: sam.id, isVerified: true });
    await admin.put('/api/users', { id: 'angelegt@example.com', password: 'angelegt-passwort-1' });
    await anonymous.get('/auth/sso/configuration');
    await anonymous.post('/auth/sso/signin', { token: 'a.b.c' });

    // GraphQL, every operation
    const session = '{ user { id firstName lastName company phone address zipCode city isVerified isSuspended authType created } permissions { instanceOwner allowCreateTenant tenants { tenantId isOwner adminInterfaces freeBookings manageRoles { create readAny } } } }';
    const tenantFields = '{ id name contactName location mail phone website bookableDetailLink eventDetailLink defaultEventCreationMode enablePublicStatusView genericMailTemplate useInstanceMail receiptNumberPrefix invoiceNumberPrefix paymentPurposeSuffix maxBookingAdvanceInMonths }';
    for (const client of [anonymous, user, admin]) {
      await client.gql(`{ me ${session} }`);
      await client.gql('{ publicInstance { contactAddress contactUrl dataProtectionUrl legalNoticeUrl } }');
      await client.gql(`{ tenants ${tenantFields} }`);
      await client.gql(`{ tenants(onlyOwn: false) ${tenantFields} }`);
      await client.gql('mutation { updateProfile(input: { zipCode: "12345" }) { id phone zipCode } }');
    }
    await anonymous.gql('mutation($input: SignUpInput!) { signUp(input: $input) }', { input: { id: 'gql@example.com', password: 'gql-passwort-1', firstName: 'G', lastName: 'Q' } });
    await anonymous.gql(`mutation { signIn(id: "${sam.id}", password: "falsch-falsch") ${session} }`);
    await user.gql(`mutation { signIn(id: "${sam.id}", password: "sam-passwort-2") ${session} }`);
    await user.gql(`mutation { requestPasswordChange(id: "${sam.id}", password: "ignoriert-3") }`);
    await user.gql(`mutation { requestPasswordReset(id: "${sam.id}") }`);
    await anonymous.gql('mutation { resetPassword(token: "unbekannt-unbekannt-unbekannt-unbekannt", password: "egal-egal-1") }');
    await anonymous.gql('mutation { confirmEmail(token: "unbekannt-unbekannt-unbekannt-unbekannt") }');
    const instanceFields = '{ mailAddress noreplyPasswordSet noreplyGraphClientSecretSet sso { active privateClient privateClientSecretSet roleMapping { active } } }';
    await admin.gql(`{ instanceSettings ${instanceFields} }`);
    await admin.gql(`mutation { updateInstance(input: { legalNoticeUrl: "https://example.org/impressum" }) ${instanceFields} }`);
    await admin.gql('{ users { id firstName company phone roles { tenantName name } } }');
    await user.gql('{ users { id firstName company phone } }');
    await admin.gql(`{ user(id: "${sam.id}") { id phone roles { name } } }`);
    await anonymous.gql('{ publicInstance { sso { serverUrl realm publicClient } } }');

    // GraphQL over WebSocket
    const ws = graphqlWsClient(app.url, { cookie: user.cookieHeader() });
    const subscription = new SubscriptionRecorder(ws, `subscription { sessionChanged ${session} }`);
    try {
      for (let attempt = 0; subscription.results.length === 0 && attempt < 40; attempt++) {
        await user.put('/api/user', { firstName: `Sam-${attempt}` });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(subscription.results.length).toBeGreaterThan(0);
    } finally {
      subscription.stop();
      await ws.dispose();
    }

    await user.gql('mutation { signOut }');
    await admin.post('/auth/signout');

    const responses = recordedResponses();
    expect(responses.length).toBeGreaterThan(40);
    // The instance owner's settings did arrive, with the secrets reported only as set.
    const settings = responses.find((response) => response.path === '/api/instances' && response.status === 200);
    expect(JSON.parse(settings!.body)).toMatchObject({ noreplyPasswordSet: true, noreplyGraphClientSecretSet: true });
    expect(findSecrets(responses)).toEqual([]);
    for (const secret of storedSecrets) {
      expect(responses.filter((response) => response.body.includes(secret)).map((response) => `${response.method} ${response.path}`), secret).toEqual([]);
    }
  });

  it('the GraphQL schema has no field that could carry a secret', async () => {
    type FieldInfo = { name: string; type: { name: string | null; ofType: { name: string | null } | null } };
    const result = await app.client().gql<{ __schema: { types: { name: string; fields: FieldInfo[] | null; inputFields: FieldInfo[] | null }[] } }>(
      '{ __schema { types { name fields { name type { name ofType { name } } } inputFields { name type { name ofType { name } } } } } }',
    );
    const types = result.data!.__schema.types;
    const outputs = types.flatMap((type) => (type.fields ?? []).map((field) => ({ ...field, path: `${type.name}.${field.name}` })));
    expect(outputs.length).toBeGreaterThan(50);
    const suspicious = /passwordHash|secret|hooks|payload|noreplyPassword/i;
    // Readable fields never carry a secret; a write-only secret is reported only as a Boolean "…Set".
    const isSetFlag = (field: FieldInfo) => /Set$/.test(field.name) && (field.type.name ?? field.type.ofType?.name) === 'Boolean';
    // The exceptions: a new API token's secret, in createApiToken's answer only (never stored, never readable again),
    // and a new webhook endpoint's signing secret, in createWebhookEndpoint's answer only (never readable again).
    const shownOnce = ['CreatedApiToken.secret', 'CreatedWebhookEndpoint.secret'];
    expect(outputs.filter((field) => suspicious.test(field.name) && !isSetFlag(field) && !shownOnce.includes(field.path)).map((field) => field.path)).toEqual([]);
    expect(types.filter((type) => (type.fields ?? []).some((field) => field.name === 'secret')).map((type) => type.name).sort()).toEqual(['CreatedApiToken', 'CreatedWebhookEndpoint']);
    // Input fields may take secrets (write-only), but never a hash or hooks.
    const inputs = types.flatMap((type) => (type.inputFields ?? []).map((field) => `${type.name}.${field.name}`));
    expect(inputs.filter((name) => /passwordHash|hooks|payload/i.test(name))).toEqual([]);
  });
});
