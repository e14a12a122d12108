import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantMembership } from '../../server/src/tenants/membership.entity.js';
import { User } from '../../server/src/users/user.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { TestOidcIssuer } from '../support/oidc-issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Single sign-on end to end against an OpenID Connect provider this test starts on loopback with its
 * own keys: the server fetches discovery and JWKS from it and verifies signature, issuer, audience
 * and expiry; role mapping grants and withdraws tenant roles; SSO sign-up creates keycloak accounts.
 */
let app: TestApp;
let issuer: TestOidcIssuer;
let admin: HttpClient;
let tenantId: string;
let otherTenantId: string;
const roleIds: Record<string, string> = {};
let ip = 0;
const client = () => app.client({ ip: `10.66.0.${++ip}` });
const erika = { id: 'erika.sso@example.com', password: 'erika-passwort-1' };

const SSO_SIGN_IN = 'mutation($token: String!) { ssoSignIn(token: $token) { user { id authType } permissions { tenants { tenantId } } } }';
const SSO_SIGN_UP = 'mutation($token: String!) { ssoSignUp(token: $token) { id firstName lastName authType isVerified } }';

async function rolesOf(userId: string, tenant: string): Promise<string[]> {
  const membership = await app.orm.em.fork().findOne(TenantMembership, { tenant, user: userId }, { populate: ['roles'] });
  return membership ? membership.roles.getItems().map((role) => role.name).sort() : [];
}

beforeAll(async () => {
  app = await startTestApp();
  issuer = await new TestOidcIssuer().start();
  await createUser(app.orm, erika);
  const tenant = await createTenant(app.orm, {
    name: 'SSO-Gemeinde',
    owners: [testAdmin.id],
    roles: [{ name: 'Buchung' }, { name: 'Technik' }, { name: 'Manuell' }],
    members: [{ userId: erika.id, roles: ['Manuell'] }],
  });
  const other = await createTenant(app.orm, { name: 'SSO-Nachbar', roles: [{ name: 'Kasse' }] });
  tenantId = tenant.id;
  otherTenantId = other.id;
  const roles = await app.orm.em.getConnection().execute<{ id: string; name: string }[]>('select id, name from roles');
  roles.forEach((role) => (roleIds[role.name] = role.id));

  admin = client();
  await signIn(admin, testAdmin.id, testAdmin.password);
  const response = await admin.put('/api/instances', {
    applications: [
      {
        id: 'keycloak',
        type: 'auth',
        active: true,
        serverUrl: issuer.serverUrl,
        realm: issuer.realm,
        publicClient: issuer.clientId,
        privateClient: 'buchung-backend',
        privateClientSecret: 'sso-client-secret-value',
        roleMapping: {
          active: true,
          roles: [
            { tenantId, keycloakRole: 'buchung', tenantRoleId: roleIds.Buchung },
            { tenantId, keycloakRole: 'technik', tenantRoleId: roleIds.Technik },
            { tenantId: otherTenantId, keycloakRole: 'kasse', tenantRoleId: roleIds.Kasse },
          ],
        },
      },
    ],
  });
  expect(response.status, response.text).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

describe('public instance data for the login page', () => {
  it('names the provider but never the private client, its secret or the role mapping', async () => {
    const rest = await client().get('/api/instances?publicInstance=true');
    expect(rest.json.applications).toEqual([{ id: 'keycloak', type: 'auth', active: true, serverUrl: issuer.serverUrl, realm: issuer.realm, publicClient: issuer.clientId }]);
    expect(rest.text).not.toMatch(/buchung-backend|sso-client-secret-value|roleMapping/);
    const { data } = await client().gql<{ publicInstance: { sso: unknown } }>('{ publicInstance { sso { serverUrl realm publicClient } } }');
    expect(data?.publicInstance.sso).toEqual({ serverUrl: issuer.serverUrl, realm: issuer.realm, publicClient: issuer.clientId });
  });

  it("gives the browser the provider's endpoints from discovery", async () => {
    const rest = await client().get('/auth/sso/configuration');
    expect(rest.json).toEqual({
      issuer: issuer.issuer,
      authorizationEndpoint: `${issuer.issuer}/protocol/openid-connect/auth`,
      tokenEndpoint: `${issuer.issuer}/protocol/openid-connect/token`,
      clientId: issuer.clientId,
    });
    const { data } = await client().gql<{ ssoConfiguration: { tokenEndpoint: string } }>('{ ssoConfiguration { tokenEndpoint } }');
    expect(data?.ssoConfiguration.tokenEndpoint).toBe(`${issuer.issuer}/protocol/openid-connect/token`);
  });

  it("lets the browser reach the provider (content security policy's connect-src)", async () => {
    const response = await client().get('/api/instances?publicInstance=true');
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ws: wss: ${issuer.serverUrl}`);
  });
});

describe('POST auth/sso/signin and ssoSignIn', () => {
  it('signs in with a valid token and starts a session', async () => {
    const browser = client();
    const token = await issuer.sign({ email: erika.id });
    const response = await browser.post('/auth/sso/signin', { token });
    expect(response.status, response.text).toBe(200);
    expect(response.json.user).toMatchObject({ id: erika.id, authType: 'local' });
    expect(response.json.permissions.tenants.map((entry: { tenantId: string }) => entry.tenantId)).toContain(tenantId);
    const me = await browser.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.id).toBe(erika.id);
  });

  it('signs in over GraphQL with the session cookie', async () => {
    const browser = client();
    const { data, errors } = await browser.gql(SSO_SIGN_IN, { token: await issuer.sign({ email: erika.id.toUpperCase() }) });
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ ssoSignIn: { user: { id: erika.id } } });
    const me = await browser.gql<{ me: { user: { id: string } } | null }>('{ me { user { id } } }');
    expect(me.data?.me?.user.id).toBe(erika.id);
  });

  it.each([
    ['a wrong signature', { foreignKey: true }, 'sso.token-signature'],
    ['a wrong issuer', { issuer: 'http://127.0.0.1:1/realms/fremd' }, 'sso.token-issuer'],
    ['a wrong audience', { audience: 'andere-anwendung' }, 'sso.token-audience'],
    ['an expired token', { expiresIn: -120 }, 'sso.token-expired'],
  ] as const)('refuses %s with 401 and a clear code (REST and GraphQL), without a session', async (_label, options, code) => {
    const browser = client();
    const token = await issuer.sign({ email: erika.id }, options);
    const response = await browser.post('/auth/sso/signin', { token });
    expect(response.status).toBe(401);
    expect(response.contentType).toContain('application/problem+json');
    expect(response.json).toMatchObject({ status: 401, code, title: 'Anmeldung fehlgeschlagen' });
    expect((await browser.get('/auth/me')).status).toBe(401);
    const { errors } = await browser.gql(SSO_SIGN_IN, { token });
    expect(errors?.[0].extensions).toMatchObject({ key: code, status: 401 });
  });

  it('refuses garbage, a token without a verified e-mail, and an unknown account (404 "user not found")', async () => {
    expect((await client().post('/auth/sso/signin', { token: 'kein.jwt' })).json).toMatchObject({ status: 401, code: 'sso.token-invalid' });
    expect((await client().post('/auth/sso/signin', {})).json).toMatchObject({ status: 401, code: 'sso.token-invalid' });
    const unverified = await issuer.sign({ email: erika.id, email_verified: false });
    expect((await client().post('/auth/sso/signin', { token: unverified })).json).toMatchObject({ status: 401, code: 'sso.email-missing' });
    const unknown = await client().post('/auth/sso/signin', { token: await issuer.sign({ email: 'niemand@example.com' }) });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'sso.user-not-found', title: 'Nicht gefunden' });
  });

  it('refuses suspended accounts', async () => {
    await createUser(app.orm, { id: 'gesperrt.sso@example.com', password: 'gesperrt-passwort' });
    await app.orm.em.getConnection().execute('update users set is_suspended = true where id = ?', ['gesperrt.sso@example.com']);
    const response = await client().post('/auth/sso/signin', { token: await issuer.sign({ email: 'gesperrt.sso@example.com' }) });
    expect(response.status).toBe(401);
    expect(response.json.code).toBe('auth.login-failed');
  });
});

describe('role mapping', () => {
  it("adds the mapped roles of the token's client and realm roles and removes mapped roles no longer present", async () => {
    const signInWith = async (claims: Parameters<TestOidcIssuer['sign']>[0]) => {
      const response = await client().post('/auth/sso/signin', { token: await issuer.sign({ email: erika.id, ...claims }) });
      expect(response.status, response.text).toBe(200);
      return response;
    };
    await signInWith({ clientRoles: ['buchung'], realmRoles: ['technik', 'offline_access'] });
    expect(await rolesOf(erika.id, tenantId)).toEqual(['Buchung', 'Manuell', 'Technik']);
    expect(await rolesOf(erika.id, otherTenantId)).toEqual([]);

    // A realm role mapped in the other tenant creates the membership there.
    const response = await signInWith({ clientRoles: ['buchung', 'kasse'] });
    expect(await rolesOf(erika.id, tenantId)).toEqual(['Buchung', 'Manuell']);
    expect(await rolesOf(erika.id, otherTenantId)).toEqual(['Kasse']);
    expect(response.json.permissions.tenants.map((entry: { tenantId: string }) => entry.tenantId).sort()).toEqual([tenantId, otherTenantId].sort());

    // Roles of another client do not count; unmapped roles stay untouched.
    await signInWith({ resource_access: { 'anderer-client': { roles: ['buchung'] } } });
    expect(await rolesOf(erika.id, tenantId)).toEqual(['Manuell']);
    expect(await rolesOf(erika.id, otherTenantId)).toEqual([]);

    // Each change of a membership is in the tenant's change log, made by the system through the sign-in.
    const logged = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ action: string; actor_kind: string; via: string; changes: unknown[] }[]>(
        `select action, actor_kind, via, changes from tenant_change_log where tenant_id = ? and subject = 'membership' and subject_id = ? order by id`,
        [otherTenantId, erika.id],
      );
    expect(logged.map((row) => [row.action, row.actor_kind, row.via])).toEqual([
      ['created', 'system', 'sso'],
      ['changed', 'system', 'sso'],
    ]);
    expect(logged[0].changes).toContainEqual({ field: 'roles', before: null, after: ['Kasse'] });
    expect(logged[1].changes).toEqual([{ field: 'roles', before: ['Kasse'], after: [] }]);
  });

  it('changes nothing while the mapping is switched off', async () => {
    await admin.put('/api/instances', { applications: [{ id: 'keycloak', roleMapping: { active: false } }] });
    await client().post('/auth/sso/signin', { token: await issuer.sign({ email: erika.id, clientRoles: ['buchung'] }) });
    expect(await rolesOf(erika.id, tenantId)).toEqual(['Manuell']);
    await admin.put('/api/instances', { applications: [{ id: 'keycloak', roleMapping: { active: true } }] });
  });
});

describe('POST auth/sso/signup and ssoSignUp', () => {
  it('creates a verified keycloak account with the mapped roles (201), then signs in with SSO', async () => {
    const token = await issuer.sign({ email: 'Neu.Sso@Example.com', given_name: 'Nora', family_name: 'Neu', clientRoles: ['technik'] });
    const response = await client().post('/auth/sso/signup', { token });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ id: 'neu.sso@example.com', firstName: 'Nora', lastName: 'Neu', isVerified: true, authType: 'keycloak' });
    expect(await rolesOf('neu.sso@example.com', tenantId)).toEqual(['Technik']);
    const user = await app.orm.em.fork().findOneOrFail(User, { id: 'neu.sso@example.com' }, { populate: ['passwordHash'] });
    expect(user.passwordHash).toBeNull();
    expect((await client().post('/auth/sso/signin', { token })).status).toBe(200);
  });

  it('answers 409 when the account exists (REST and GraphQL)', async () => {
    const token = await issuer.sign({ email: erika.id });
    const response = await client().post('/auth/sso/signup', { token });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('register.user-exists');
    const { errors } = await client().gql(SSO_SIGN_UP, { token });
    expect(errors?.[0].extensions?.key).toBe('register.user-exists');
  });

  it('creates over GraphQL and refuses invalid tokens', async () => {
    const { data, errors } = await client().gql(SSO_SIGN_UP, { token: await issuer.sign({ email: 'gql.sso@example.com', given_name: 'Gina', family_name: 'Graf' }) });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ ssoSignUp: { id: 'gql.sso@example.com', firstName: 'Gina', lastName: 'Graf', authType: 'keycloak', isVerified: true } });
    const forged = await client().post('/auth/sso/signup', { token: await issuer.sign({ email: 'forged@example.com' }, { foreignKey: true }) });
    expect(forged.status).toBe(401);
    expect(await app.orm.em.fork().findOne(User, { id: 'forged@example.com' })).toBeNull();
  });

  it('keycloak accounts cannot use password sign-in or a password reset', async () => {
    const signInAttempt = await client().post('/auth/signin', { id: 'neu.sso@example.com', password: 'irgendein-passwort' });
    expect(signInAttempt.status).toBe(401);
    const reset = await client().post('/auth/resetpassword', { id: 'neu.sso@example.com', password: 'neues-passwort-1' });
    expect(reset.status).toBe(403);
    const { errors } = await client().gql('mutation { requestPasswordChange(id: "neu.sso@example.com", password: "neues-passwort-1") }');
    expect(errors?.[0].extensions?.key).toBe('auth.forbidden');
  });
});

describe('while single sign-on is switched off', () => {
  it('refuses every SSO call with sso.inactive and the public data names no provider', async () => {
    await admin.put('/api/instances', { applications: [{ id: 'keycloak', active: false }] });
    const response = await client().post('/auth/sso/signin', { token: await issuer.sign({ email: erika.id }) });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('sso.inactive');
    expect((await client().get('/api/instances?publicInstance=true')).json.applications).toEqual([]);
    const settings = await admin.get('/api/instances');
    expect(settings.json.applications[0]).toMatchObject({ active: false, privateClientSecretSet: true, privateClient: 'buchung-backend' });
  });
});
