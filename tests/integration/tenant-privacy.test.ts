import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { customer } from './bookings.fixtures.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * A tenant's privacy notice and the link to its privacy statement: saved and read by its owner over
 * GraphQL and REST, refused when the link is no https address, public for the booking page, and
 * carried by the customer's confirmation mail (not by the tenant's own mail).
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
const OWNER = 'inhaber@datenschutz.example';
const TENANT_MAIL = 'buchungen@datenschutz.example';
const NOTICE = 'Ihre Angaben verwenden wir nur, um Ihre Buchung zu bearbeiten.';
const LINK = 'https://www.datenschutz.example/datenschutz';

const valid = {
  name: 'Gemeinde Datenschutz',
  contactName: 'Dora Daten',
  location: 'Am Markt 1, 12345 Datendorf',
  mail: TENANT_MAIL,
  phone: '0123 4567',
  website: 'https://www.datenschutz.example',
};
const PRIVACY_FIELDS = 'id privacyNotice privacyPolicyLink';
const UPDATE = `mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { ${PRIVACY_FIELDS} } }`;
const TENANT = `query($id: ID!) { tenant(id: $id) { ${PRIVACY_FIELDS} } }`;
const PUBLIC = 'query($id: ID!) { tenantPrivacy(tenantId: $id) { privacyNotice privacyPolicyLink } }';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { id: OWNER, password: 'inhaber-passwort' });
  tenantId = (await createTenant(app.orm, { name: valid.name, owners: [OWNER] })).id;
  owner = app.client();
  await signIn(owner, OWNER, 'inhaber-passwort');
});
afterAll(async () => app?.close());

const stored = () => app.orm.em.fork().findOneOrFail(Tenant, { id: tenantId });

describe('the tenant owner sets the privacy notice and link', () => {
  it('nothing is set for a new tenant: the public data carries empty texts', async () => {
    const result = await app.client().gql(PUBLIC, { id: tenantId });
    expect(result.data).toEqual({ tenantPrivacy: { privacyNotice: '', privacyPolicyLink: '' } });
  });

  it('GraphQL: saved trimmed and read back', async () => {
    const saved = await owner.gql(UPDATE, { id: tenantId, input: { ...valid, privacyNotice: `  ${NOTICE}\n`, privacyPolicyLink: ` ${LINK} ` } });
    expect(saved.errors).toBeUndefined();
    expect(saved.data).toEqual({ updateTenant: { id: tenantId, privacyNotice: NOTICE, privacyPolicyLink: LINK } });
    expect((await owner.gql(TENANT, { id: tenantId })).data).toEqual({ tenant: { id: tenantId, privacyNotice: NOTICE, privacyPolicyLink: LINK } });
  });

  it('REST: PUT api/tenants saves them, GET api/tenants/:id answers them beside the other fields', async () => {
    const response = await owner.put('/api/tenants', { id: tenantId, ...valid, privacyNotice: 'Per REST gesetzt.', privacyPolicyLink: `${LINK}/rest` });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ id: tenantId, name: valid.name, privacyNotice: 'Per REST gesetzt.', privacyPolicyLink: `${LINK}/rest` });
    const read = await owner.get(`/api/tenants/${tenantId}`);
    expect(read.json).toMatchObject({ privacyNotice: 'Per REST gesetzt.', privacyPolicyLink: `${LINK}/rest`, ownerUserIds: [OWNER] });
    // Absent fields stay as they are.
    await owner.put('/api/tenants', { id: tenantId, phone: '0999' });
    expect(await stored()).toMatchObject({ phone: '0999', privacyNotice: 'Per REST gesetzt.', privacyPolicyLink: `${LINK}/rest` });
  });

  it('a link that is no https address is refused with the German field message, nothing stored (REST and GraphQL)', async () => {
    const before = await stored();
    const rest = await owner.put('/api/tenants', { id: tenantId, privacyPolicyLink: 'http://www.datenschutz.example/datenschutz' });
    expect(rest.status).toBe(400);
    expect(rest.json.code).toBe('generic.validation');
    expect(rest.json.errors).toEqual({ privacyPolicyLink: 'Ungültige URL: Bitte eine vollständige https-Adresse angeben.' });
    const graph = await owner.gql(UPDATE, { id: tenantId, input: { privacyPolicyLink: 'javascript:alert(1)', privacyNotice: 'x'.repeat(2001) } });
    expect(graph.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    expect(graph.errors?.[0].extensions?.fieldErrors).toEqual({
      privacyPolicyLink: 'Ungültige URL: Bitte eine vollständige https-Adresse angeben.',
      privacyNotice: 'Maximal 2000 Zeichen erlaubt.',
    });
    expect(await stored()).toMatchObject({ privacyNotice: before.privacyNotice, privacyPolicyLink: before.privacyPolicyLink });
  });

  it('only owners change them: a guest is refused', async () => {
    const result = await app.client().gql(UPDATE, { id: tenantId, input: { privacyNotice: 'Fremd' } });
    expect(result.errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    expect((await stored()).privacyNotice).not.toBe('Fremd');
  });
});

describe('the public data', () => {
  beforeAll(async () => {
    const saved = await owner.gql(UPDATE, { id: tenantId, input: { privacyNotice: NOTICE, privacyPolicyLink: LINK } });
    expect(saved.errors).toBeUndefined();
  });

  it('anyone reads the notice and the link, over GraphQL and REST, and nothing else of the tenant', async () => {
    const guest = app.client();
    const graph = await guest.gql(PUBLIC, { id: tenantId });
    expect(graph.data).toEqual({ tenantPrivacy: { privacyNotice: NOTICE, privacyPolicyLink: LINK } });
    const rest = await guest.get(`/api/tenants/${tenantId}/privacy`);
    expect(rest.status).toBe(200);
    expect(rest.json).toEqual({ privacyNotice: NOTICE, privacyPolicyLink: LINK });
    expect((await guest.get('/api/tenants/gibt-es-nicht/privacy')).status).toBe(404);
    expect((await guest.gql(PUBLIC, { id: 'gibt-es-nicht' })).errors?.[0].extensions?.code).toBe('GENERIC_NOT_FOUND');
  });

  it('the public tenant list and the Tenant type carry them as public fields', async () => {
    const list = await owner.get('/api/tenants?publicTenants=true');
    expect(list.json).toEqual([expect.objectContaining({ id: tenantId, privacyNotice: NOTICE, privacyPolicyLink: LINK })]);
    const mine = await owner.gql('{ tenants { id privacyNotice privacyPolicyLink } }');
    expect(mine.data).toEqual({ tenants: [{ id: tenantId, privacyNotice: NOTICE, privacyPolicyLink: LINK }] });
  });
});

describe('the mails', () => {
  it("a checkout's confirmation carries the notice and the link in both parts; the tenant's mail does not", async () => {
    const em = app.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
    tenant.mail = TENANT_MAIL;
    tenant.privacyNotice = NOTICE;
    tenant.privacyPolicyLink = LINK;
    await em.flush();
    const ball = await storeBookable(app, tenantId, { title: 'Ball', isBookable: true, autoCommitBooking: true, amount: null });
    const response = await app.client().post(`/api/${tenantId}/checkout?simulate=false`, { bookableItems: [{ bookableId: ball.id, amount: 1 }], ...customer, mail: 'buerger@example.com' });
    expect(response.status, response.text).toBe(200);
    await waitForSettledQueue(app.orm);

    const confirmation = await app.smtp.waitForMail('buerger@example.com', `Vielen Dank für Ihre Buchung im ${valid.name}`);
    expect(confirmation.text).toContain(NOTICE);
    expect(confirmation.text).toContain(`Datenschutzerklärung: ${LINK}`);
    expect(confirmation.html).toContain(`<a href="${LINK}">Datenschutzerklärung</a>`);
    expect(confirmation.links).toContain(LINK);

    // The tenant's own notice; the customer's mail reaches the tenant as a blind copy, which keeps the footer.
    const tenantMails = app.smtp.mails.filter((mail) => mail.to.includes(TENANT_MAIL) && !mail.headerTo.includes('buerger@example.com'));
    expect(tenantMails.length).toBeGreaterThan(0);
    for (const mail of tenantMails) expect(mail.links).not.toContain(LINK);
  });

  it('without a notice and link the confirmation has no privacy footer', async () => {
    await app.orm.em.fork().nativeUpdate(Tenant, { id: tenantId }, { privacyNotice: '', privacyPolicyLink: '' });
    const ball = await storeBookable(app, tenantId, { title: 'Ball ohne Hinweis', isBookable: true, autoCommitBooking: true, amount: null });
    const response = await app.client().post(`/api/${tenantId}/checkout?simulate=false`, { bookableItems: [{ bookableId: ball.id, amount: 1 }], ...customer, mail: 'ohne@example.com' });
    expect(response.status, response.text).toBe(200);
    await waitForSettledQueue(app.orm);
    const confirmation = await app.smtp.waitForMail('ohne@example.com', `Vielen Dank für Ihre Buchung im ${valid.name}`);
    expect(confirmation.text).not.toContain('Datenschutzerklärung');
    expect(confirmation.html).not.toContain('privacy-notice');
  });
});
