import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * The tenant's public booking page (query bookingPortal): public objects and upcoming public events
 * with their public tickets, the same for guests and staff; nothing of other tenants, nothing
 * private or restricted to users or roles, no event that is over.
 */
let app: TestApp;
let tenantId: string;
let otherTenantId: string;

const PORTAL = `query ($tenantId: ID!) { bookingPortal(tenantId: $tenantId) {
  tenantId tenantName website
  bookables { id type title location isBookable autoCommitBooking }
  events { id name startsAt endsAt locationName tickets { id title isBookable } }
} }`;

interface Portal {
  tenantId: string;
  tenantName: string;
  website: string;
  bookables: { id: string; type: string; title: string; isBookable: boolean }[];
  events: { id: string; name: string; startsAt: string | null; locationName: string; tickets: { id: string; title: string }[] }[];
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function storeEvent(tenant: string, name: string, startDate: string, isPublic = true): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenant), ownerUserId: null });
  event.setData({
    ...base,
    isPublic,
    information: { ...base.information, name, startDate, startTime: '18:00', endDate: startDate, endTime: '22:00' },
    eventLocation: { ...base.eventLocation, name: 'Bürgerhaus' },
  });
  await em.flush();
  return event;
}

async function portalOf(tenant: string, signedIn = false): Promise<Portal> {
  const client = app.client();
  if (signedIn) await signIn(client, testAdmin.id, testAdmin.password);
  const result = await client.gql<{ bookingPortal: Portal }>(PORTAL, { tenantId: tenant });
  expect(result.errors).toBeUndefined();
  return result.data!.bookingPortal;
}

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: 'Stadt Portal' })).id;
  otherTenantId = (await createTenant(app.orm, { name: 'Nachbarstadt' })).id;
  const em = app.orm.em.fork();
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
  tenant.website = 'https://stadt-portal.example.de';
  await em.flush();
});
afterAll(async () => app?.close());

describe('bookingPortal', () => {
  it('lists only public, unrestricted objects of the tenant, newest first, and names the tenant', async () => {
    const hall = await storeBookable(app, tenantId, { title: 'Festsaal', type: 'event-location', isPublic: true, isBookable: true });
    const bike = await storeBookable(app, tenantId, { title: 'Lastenrad', type: 'resource', isPublic: true, isBookable: true, autoCommitBooking: true });
    await storeBookable(app, tenantId, { title: 'Archiv', isPublic: false, isBookable: true });
    await storeBookable(app, tenantId, { title: 'Nur für Vereine', isPublic: true, permittedRoles: ['verein'] });
    await storeBookable(app, tenantId, { title: 'Nur für Frau Muster', isPublic: true, permittedUsers: ['jemand'] });
    await storeBookable(app, otherTenantId, { title: 'Fremder Saal', isPublic: true, isBookable: true });

    const portal = await portalOf(tenantId);
    expect(portal).toMatchObject({ tenantId, tenantName: 'Stadt Portal', website: 'https://stadt-portal.example.de' });
    expect(portal.bookables.map((bookable) => bookable.title)).toEqual(['Lastenrad', 'Festsaal']);
    expect(portal.bookables.map((bookable) => bookable.id)).toEqual([bike.id, hall.id]);
    expect(portal.bookables[0]).toMatchObject({ type: 'resource', isBookable: true });

    // The other tenant's page shows its own object only.
    expect((await portalOf(otherTenantId)).bookables.map((bookable) => bookable.title)).toEqual(['Fremder Saal']);
  });

  it('lists upcoming public events with their public tickets; tickets of listed events are not repeated as objects', async () => {
    const concert = await storeEvent(tenantId, 'Sommerkonzert', day(10));
    const reading = await storeEvent(tenantId, 'Lesung', day(3));
    const past = await storeEvent(tenantId, 'Vorjahresfest', day(-30));
    const hidden = await storeEvent(tenantId, 'Geschlossene Gesellschaft', day(5), false);
    const adult = await storeBookable(app, tenantId, { title: 'Erwachsene', type: 'ticket', isPublic: true, isBookable: true, eventId: concert.id });
    const child = await storeBookable(app, tenantId, { title: 'Kinder', type: 'ticket', isPublic: true, isBookable: true, eventId: concert.id });
    await storeBookable(app, tenantId, { title: 'Freikarte', type: 'ticket', isPublic: false, isBookable: true, eventId: concert.id });
    await storeBookable(app, tenantId, { title: 'Altes Ticket', type: 'ticket', isPublic: true, isBookable: true, eventId: past.id });
    await storeBookable(app, tenantId, { title: 'Geheimes Ticket', type: 'ticket', isPublic: true, isBookable: true, eventId: hidden.id });
    await storeEvent(otherTenantId, 'Fremdes Fest', day(4));

    const portal = await portalOf(tenantId);
    expect(portal.events.map((event) => event.name)).toEqual(['Lesung', 'Sommerkonzert']);
    expect(portal.events[0]).toMatchObject({ id: reading.id, locationName: 'Bürgerhaus', tickets: [] });
    expect(portal.events[1].tickets.map((ticket) => ticket.id)).toEqual([adult.id, child.id]);
    const objectTitles = portal.bookables.map((bookable) => bookable.title);
    expect(objectTitles).not.toContain('Erwachsene');
    expect(objectTitles).not.toContain('Freikarte');
    expect(objectTitles).not.toContain('Geheimes Ticket');
  });

  it('shows a signed-in administrator the same public page as a guest', async () => {
    await storeBookable(app, tenantId, { title: 'Intern', isPublic: false, isBookable: true });
    const guest = await portalOf(tenantId);
    const admin = await portalOf(tenantId, true);
    expect(admin).toEqual(guest);
    expect(admin.bookables.map((bookable) => bookable.title)).not.toContain('Intern');
  });

  it('answers NOT_FOUND for an unknown or malformed tenant', async () => {
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'kein-mandant']) {
      const result = await app.client().gql(PORTAL, { tenantId: unknown });
      expect(result.data).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    }
  });
});
