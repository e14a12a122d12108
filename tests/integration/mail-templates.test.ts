import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/fixtures.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The instance's mail template: stored, returned to its owners by GET api/instances and
 * instanceSettings, saved by PUT api/instances and updateInstance, and the layout of the account
 * mails. The "Vorschau" queries of the instance's and the tenants' mail templates.
 */
let app: TestApp;
let actors: Actors;
const rita = { id: 'rita.reset@example.com', password: 'rita-passwort-0' };
const TEMPLATE = '<!DOCTYPE html><html><body><header id="instanz-layout">{{title}}</header><main>{{{content}}}</main></body></html>';

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users');
  await createUser(app.orm, { ...rita, firstName: 'Rita', lastName: 'Reset' });
});
afterAll(async () => app?.close());

describe("the instance's mail template", () => {
  it('is saved by PUT api/instances and updateInstance and returned to the owners only', async () => {
    const owner = actors.clients.instanceOwner;
    const put = await owner.put('/api/instances', { mailTemplate: TEMPLATE });
    expect(put.status, put.text).toBe(200);
    expect(put.json.mailTemplate).toBe(TEMPLATE);
    expect((await owner.get('/api/instances')).json.mailTemplate).toBe(TEMPLATE);
    const stored = await app.orm.em.getConnection().execute<{ mail_template: string }[]>('select mail_template from instance');
    expect(stored[0].mail_template).toBe(TEMPLATE);

    const gql = await owner.gql<{ updateInstance: { mailTemplate: string } }>('mutation($t: String) { updateInstance(input: { mailTemplate: $t }) { mailTemplate } }', { t: `${TEMPLATE}\n` });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.updateInstance.mailTemplate).toBe(`${TEMPLATE}\n`);
    expect((await owner.gql<{ instanceSettings: { mailTemplate: string } }>('{ instanceSettings { mailTemplate } }')).data?.instanceSettings.mailTemplate).toBe(`${TEMPLATE}\n`);

    // Nobody else reads or writes it.
    await expectRest(actors, allowed(['instanceOwner']), (client) => client.get('/api/instances'));
    await expectGraphql(actors, allowed(['instanceOwner']), (client) => client.gql('{ instanceSettings { mailTemplate } }'));
    for (const name of ['anonymous', 'tenantOwner', 'memberAny'] as const) {
      expect((await actors.clients[name].put('/api/instances', { mailTemplate: 'fremd' })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await owner.get('/api/instances')).json.mailTemplate).toBe(`${TEMPLATE}\n`);
    expect((await actors.clients.anonymous.get('/api/instances?publicInstance=true')).json).not.toHaveProperty('mailTemplate');
  });

  it('refuses a template that is not text', async () => {
    const put = await actors.clients.instanceOwner.put('/api/instances', { mailTemplate: 42 });
    expect(put.status).toBe(400);
    expect(put.json.errors).toEqual({ mailTemplate: 'Ungültiger Wert' });
  });

  it('is the layout of the account mails: title escaped, content as HTML, the link inside', async () => {
    await actors.clients.instanceOwner.put('/api/instances', { mailTemplate: TEMPLATE });
    app.smtp.clear();
    expect((await app.client({ ip: '10.9.0.1' }).post('/auth/resetpassword', { id: rita.id })).status).toBe(200);
    const mail = await app.smtp.waitForMail(rita.id, 'Zurücksetzen Ihres Kennworts');
    expect(mail.html).toContain('<header id="instanz-layout">Zurücksetzen Ihres Kennworts</header><main><p>Hallo Rita Reset,</p>');
    expect(mail.links.some((link) => link.startsWith(`${app.url}/password/new?token=`))).toBe(true);

    // Empty: the bundled layout.
    await actors.clients.instanceOwner.put('/api/instances', { mailTemplate: '' });
    app.smtp.clear();
    await app.client({ ip: '10.9.0.2' }).post('/auth/resetpassword', { id: rita.id });
    const plain = await app.smtp.waitForMail(rita.id, 'Zurücksetzen Ihres Kennworts');
    expect(plain.html).not.toContain('instanz-layout');
    expect(plain.html).toContain('<title>Zurücksetzen Ihres Kennworts</title>');
  });
});

describe('the mail templates\' "Vorschau"', () => {
  it('fills the instance template with a sample account mail; instance owners only', async () => {
    const query = 'query($t: String!) { instanceMailTemplatePreview(template: $t) }';
    const result = await actors.clients.instanceOwner.gql<{ instanceMailTemplatePreview: string }>(query, { t: TEMPLATE });
    expect(result.errors).toBeUndefined();
    expect(result.data?.instanceMailTemplatePreview).toMatch(/^<!DOCTYPE html><html><body><header id="instanz-layout">Bestätigen Sie Ihre E-Mail-Adresse<\/header><main><p>Hallo /);
    await expectGraphql(actors, allowed(['instanceOwner']), (client) => client.gql(query, { t: '' }));
  });

  it("fills a tenant's template with a sample booking mail; owners of the tenant only", async () => {
    const query = 'query($id: ID!, $t: String!) { tenantMailTemplatePreview(tenantId: $id, template: $t) }';
    const result = await actors.clients.tenantOwner.gql<{ tenantMailTemplatePreview: string }>(query, { id: actors.tenant.id, t: '<p class="m">{{title}}</p>{{content}}' });
    expect(result.errors).toBeUndefined();
    expect(result.data?.tenantMailTemplatePreview).toMatch(/^<p class="m">Ihre Buchung Nr\. ABCD-EFGH<\/p><p>/);
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(query, { id: actors.tenant.id, t: '' }));
  });
});
