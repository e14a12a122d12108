import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../../support/app.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { clearRecordedResponses, recordedResponses, responsesContaining } from '../../support/secrets.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The locker system's API key came back to the tenant's owners in every tenant answer (REST and
 * GraphQL `tenant.applications`). Every secret of every settings form is write-only now: saved
 * through the real mutations and routes, it is answered only as "…Set". One planted value per
 * secret field, then every answer an owner gets for the tenant and the instance (every GraphQL
 * query with the tenant's arguments, its fields read as deep as they go without arguments, and the
 * REST reads) is searched for each of them. The webhook's signing secret is shown once, in the
 * answer that creates it, and nowhere after.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let admin: HttpClient;
let receiver: Server;
const ownerLogin = { id: 'geheim.besitz@example.com', password: 'geheim-besitz-1' };
const planted = (name: string) => `PLANTED-${name}-${randomBytes(9).toString('hex')}`;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, ownerLogin);
  tenantId = (await createTenant(app.orm, { name: 'Rathaus Geheim', owners: [ownerLogin.id] })).id;
  owner = app.client({ ip: '10.88.0.1' });
  admin = app.client({ ip: '10.88.0.2' });
  await signIn(owner, ownerLogin.id, ownerLogin.password);
  await signIn(admin, testAdmin.id, testAdmin.password);
  receiver = createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedField {
  name: string;
  args: { name: string; type: TypeRef }[];
  type: TypeRef;
}
interface IntrospectedType {
  name: string;
  kind: string;
  fields: IntrospectedField[] | null;
  possibleTypes: { name: string }[] | null;
}

const INTROSPECTION = `{ __schema { queryType { name } types { name kind possibleTypes { name } fields { name args { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
  type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
const required = (type: TypeRef) => type.kind === 'NON_NULL';

/** Every field without arguments, object fields as deep as `depth`. */
function selection(types: Map<string, IntrospectedType>, typeName: string, depth: number): string {
  const type = types.get(typeName);
  if (!type) return '';
  if (type.kind === 'UNION' || type.kind === 'INTERFACE') {
    const parts = (type.possibleTypes ?? []).map((possible) => `... on ${possible.name} ${selection(types, possible.name, depth) || '{ __typename }'}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  const fields = (type.fields ?? []).filter((field) => field.args.every((arg) => !required(arg.type)) && !field.name.startsWith('__'));
  const parts: string[] = [];
  for (const field of fields) {
    const target = named(field.type);
    if (target.kind === 'SCALAR' || target.kind === 'ENUM') parts.push(field.name);
    else if (depth > 0) {
      const inner = selection(types, target.name ?? '', depth - 1);
      if (inner) parts.push(`${field.name} ${inner}`);
    }
  }
  return parts.length > 0 ? `{ ${parts.join(' ')} }` : '';
}

describe('write-only secrets', () => {
  it('a planted value in every secret field of every settings form appears in no answer', async () => {
    clearRecordedResponses();
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const secrets = {
      tenantNoreplyPassword: planted('tenant-smtp'),
      tenantGraphClientSecret: planted('tenant-graph'),
      giroCockpitKey: planted('giro'),
      pmPaymentSalt: planted('pmpayment'),
      lockerApiKey: planted('locker-key'),
      lockerPassword: planted('locker-password'),
      restLockerApiKey: planted('locker-key-rest'),
      instanceNoreplyPassword: planted('instance-smtp'),
      instanceGraphClientSecret: planted('instance-graph'),
      ssoClientSecret: planted('sso'),
    };

    // Saved through GraphQL and REST, as the forms send them.
    const saved = await owner.gql(`mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id } }`, {
      id: tenantId,
      input: {
        contactName: 'Frau Amt',
        location: 'Markt 1, 12345 Geheim',
        mail: 'rathaus@geheim.example',
        phone: '01234 5678',
        website: 'https://geheim.example',
        noreplyPassword: secrets.tenantNoreplyPassword,
        noreplyGraphClientSecret: secrets.tenantGraphClientSecret,
        applications: [
          { id: 'giroCockpit', active: false, paymentMerchantId: '123', paymentProjectId: '456', paymentSecret: secrets.giroCockpitKey },
          { id: 'pmPayment', active: false, paymentMerchantId: '789', paymentProjectId: 'abc', paymentSecret: secrets.pmPaymentSalt },
          { id: 'pareva', active: false, serverUrl: 'https://schliessfach.example.org', apiKey: secrets.lockerApiKey, lockerId: 'L1', user: 'rathaus', password: secrets.lockerPassword },
          { id: 'testPayment', active: false },
        ],
      },
    });
    expect(saved.errors).toBeUndefined();
    const instance = await admin.gql('mutation($input: InstanceInput!) { updateInstance(input: $input) { noreplyPasswordSet } }', {
      input: { noreplyPassword: secrets.instanceNoreplyPassword, noreplyGraphClientSecret: secrets.instanceGraphClientSecret, sso: { privateClientSecret: secrets.ssoClientSecret } },
    });
    expect(instance.errors).toBeUndefined();
    const webhook = await owner.gql<{ createWebhookEndpoint: { endpoint: { id: string }; secret: string } }>(
      'mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { endpoint { id } secret } }',
      { t: tenantId, input: { url: receiverUrl, events: ['booking.created'], description: 'Geheim' } },
    );
    expect(webhook.errors).toBeUndefined();
    const endpointId = webhook.data!.createWebhookEndpoint.endpoint.id;
    const webhookSecret = webhook.data!.createWebhookEndpoint.secret;
    const shownOnce = recordedResponses().length;
    // The REST form of the tenant saves the locker key too.
    const current = (await owner.get(`/api/tenants/${tenantId}`)).json as Record<string, unknown>;
    const restSave = await owner.put('/api/tenants', { ...current, id: tenantId, applications: [{ id: 'pareva', apiKey: secrets.restLockerApiKey }] });
    expect(restSave.status, restSave.text).toBeLessThan(300);
    // The test provider's secret is generated; nobody types it, so it is taken from the database.
    const [stored] = await app.orm.em.getConnection().execute<{ applications: { id: string; paymentSecret?: string; apiKey?: string }[] }[]>('select applications from tenants where id = ?', [tenantId]);
    const generated = stored.applications.find((application) => application.id === 'testPayment')?.paymentSecret;
    expect(generated).toBeTruthy();
    expect(stored.applications.find((application) => application.id === 'pareva')?.apiKey).toBe(secrets.restLockerApiKey);

    // Every answer: the GraphQL queries with the tenant's arguments, their fields as deep as they go…
    const schema = await owner.gql<{ __schema: { queryType: { name: string }; types: IntrospectedType[] } }>(INTROSPECTION);
    const types = new Map(schema.data!.__schema.types.map((type) => [type.name, type]));
    const values: Record<string, unknown> = { tenantId, endpointId, template: 'Hallo', mail: 'jemand@example.com' };
    const queries = types.get(schema.data!.__schema.queryType.name)!.fields ?? [];
    let asked = 0;
    for (const query of queries) {
      const args = query.args.filter((arg) => required(arg.type) || arg.name in values || (query.name === 'tenant' && arg.name === 'id'));
      if (args.some((arg) => !(arg.name in values) && !(query.name === 'tenant' && arg.name === 'id'))) continue;
      const variables = Object.fromEntries(args.map((arg) => [arg.name, arg.name === 'id' ? tenantId : values[arg.name]]));
      const declared = args.map((arg) => `$${arg.name}: ${named(arg.type).name}${required(arg.type) ? '!' : ''}`).join(', ');
      const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const target = named(query.type);
      const inner = target.kind === 'SCALAR' || target.kind === 'ENUM' ? '' : selection(types, target.name ?? '', 4);
      const document = `query${declared ? `(${declared})` : ''} { ${query.name}${passed ? `(${passed})` : ''} ${inner} }`;
      for (const client of [owner, admin]) await client.gql(document, variables);
      asked += 1;
    }
    expect(asked).toBeGreaterThan(20);
    // The reads did answer: the tenant with its applications, secrets reported as set.
    expect(recordedResponses().some((response) => response.path === '/graphql' && response.body.includes('"apiKeySet":true') && response.body.includes('"paymentSecretSet":true'))).toBe(true);
    expect(recordedResponses().some((response) => response.path === '/graphql' && response.body.includes('"privateClientSecretSet":true'))).toBe(true);
    // …and the REST reads of the tenant and the instance.
    for (const client of [owner, admin]) {
      for (const path of ['/api/tenants', `/api/tenants/${tenantId}`, `/api/tenants/${tenantId}/payment-apps`, `/api/tenants/${tenantId}/privacy`, `/api/tenants/${tenantId}/users`, `/api/${tenantId}/change-log`, '/api/instances', '/api/instances?publicInstance=true', '/auth/me', '/auth/sso/configuration']) {
        await client.get(path);
      }
    }

    const answers = recordedResponses();
    expect(answers.length).toBeGreaterThan(50);
    for (const [name, value] of Object.entries({ ...secrets, generated: generated! })) {
      expect(responsesContaining(answers, value), name).toEqual([]);
    }
    // The signing secret: in the one answer that created the endpoint, nowhere later.
    expect(responsesContaining(answers.slice(0, shownOnce), webhookSecret)).toHaveLength(1);
    expect(responsesContaining(answers.slice(shownOnce), webhookSecret)).toEqual([]);
  }, 120_000);
});
