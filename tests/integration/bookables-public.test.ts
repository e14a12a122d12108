import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { privateBookableFields } from '../../server/src/bookables/bookable.model.js';
import { Role } from '../../server/src/tenants/role.entity.js';
import { createTenant } from '../support/fixtures.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookablesOf, gql, setBookableQuota, storeBookable, storedBookable, type GqlBookable } from './bookables.fixtures.js';

/**
 * The public side of bookables: public list and item with the visibility
 * lists and without the staff-only fields; the public quota also under concurrent
 * creation; tags and the list filters; duplicate and delete with their effects on other objects;
 * populate.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms');
});
afterAll(async () => app?.close());

const url = (path = '', tenantId = actors.tenant.id) => `/api/${tenantId}/bookables${path}`;
const ids = (list: { id: string }[] | undefined) => (list ?? []).map((item) => item.id).sort();
const roleId = async (tenantId: string, name: string) => (await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name })).id;

describe('public list and item', () => {
  it('show public objects without visibility lists to everyone, restricted public ones only to the named users and role holders, private ones to nobody', async () => {
    const tenant = await createTenant(app.orm, { name: 'Öffentlich Mandant' });
    const t = tenant.id;
    const anyRole = await roleId(actors.tenant.id, 'Alle');
    const open = await storeBookable(app, t, { title: 'Offen', isPublic: true, lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'p1', amount: 1 }] }, amount: 1 });
    const hidden = await storeBookable(app, t, { title: 'Versteckt', isPublic: false });
    const forOutsider = await storeBookable(app, t, { title: 'Für Außenstehende', isPublic: true, permittedUsers: [actors.userIds.outsider], freeBookingUsers: [actors.userIds.outsider] });
    const privateForOutsider = await storeBookable(app, t, { title: 'Privat für Außenstehende', isPublic: false, permittedUsers: [actors.userIds.outsider] });
    // A role of another tenant never matches here: membership is per tenant.
    const forRole = await storeBookable(app, actors.tenant.id, { title: 'Für Rolle', isPublic: true, permittedRoles: [anyRole], freeBookingRoles: [anyRole] });

    const cases = [
      { name: 'anonymous', tenantId: t, visible: [open.id] },
      { name: 'outsider', tenantId: t, visible: [open.id, forOutsider.id] },
      { name: 'memberAny', tenantId: t, visible: [open.id] },
      { name: 'tenantOwner', tenantId: t, visible: [open.id] },
    ] as const;
    for (const { name, tenantId, visible } of cases) {
      const client = actors.clients[name];
      const rest = await client.get(url('/public', tenantId));
      expectRest(rest, 200, `REST ${name}`);
      expect(ids(rest.json), name).toEqual([...visible].sort());
      const result = await client.gql<{ publicBookables: { id: string }[] }>(gql.publicList, { tenantId });
      expect(ids(result.data?.publicBookables), `GraphQL ${name}`).toEqual([...visible].sort());
      for (const bookable of [open, hidden, forOutsider, privateForOutsider]) {
        const shown = (visible as readonly string[]).includes(bookable.id);
        expectRest(await client.get(url(`/public/${bookable.id}`, tenantId)), shown ? 200 : 404, `${name} ${bookable.title}`);
        expectGraphql(await client.gql(gql.publicGet, { tenantId, id: bookable.id }), shown ? 200 : 404, `GraphQL ${name} ${bookable.title}`);
      }
    }
    // Role holders of the role named see the object; the other members do not.
    for (const name of actorNames) {
      const list = await actors.clients[name].get(url('/public'));
      expect(ids(list.json).includes(forRole.id), name).toBe(name === 'memberAny');
    }

    // Never the staff-only fields, in lists or items.
    const item = await actors.clients.outsider.get(url(`/public/${forOutsider.id}`, t));
    const list = await actors.clients.outsider.get(url('/public', t));
    for (const record of [item.json, ...list.json]) {
      for (const field of privateBookableFields) expect(record, field).not.toHaveProperty(field);
      expect(record).toMatchObject({ tenantId: t });
    }
    expect(item.json).toMatchObject({ id: forOutsider.id, title: 'Für Außenstehende', isPublic: true });
  });

  it('GraphQL PublicBookable has none of the staff-only fields; asking for one is a validation error', async () => {
    const result = await actors.clients.anonymous.gql<{ __type: { fields: { name: string }[] } }>('{ __type(name: "PublicBookable") { fields { name } } }');
    const fields = result.data?.__type.fields.map((field) => field.name) ?? [];
    expect(fields).toContain('title');
    for (const field of privateBookableFields) expect(fields).not.toContain(field);
    const asked = await actors.clients.anonymous.gql(`query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id permittedUsers } }`, { tenantId: actors.tenant.id });
    expect(asked.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('the public quota', () => {
  it('count/check turns false at the limit; creating or switching to public is refused with bookable.quota-reached, saving an already public one is not', async () => {
    const tenant = await createTenant(app.orm, { name: 'Kontingent Mandant', owners: [actors.userIds.tenantOwner] });
    const t = tenant.id;
    const client = actors.clients.tenantOwner;
    const privateOne = await storeBookable(app, t, { title: 'Privat', isPublic: false });
    await setBookableQuota(app, 1);
    try {
      expect((await client.get(url('/count/check', t))).json).toBe(true);
      expect((await client.gql(gql.quota, { tenantId: t })).data).toEqual({ bookablePublicQuotaAvailable: true });
      const first = await client.put(url('', t), { type: 'room', title: 'Erster öffentlicher', isPublic: true });
      expectRest(first, 201, 'first public');
      expect((await client.get(url('/count/check', t))).json).toBe(false);
      expect((await client.gql(gql.quota, { tenantId: t })).data).toEqual({ bookablePublicQuotaAvailable: false });

      const second = await client.put(url('', t), { type: 'room', title: 'Zweiter öffentlicher', isPublic: true });
      expectRest(second, 409, 'second public');
      expect(second.json).toMatchObject({ code: 'bookable.quota-reached', status: 409, title: 'Kontingent erreicht' });
      const secondGql = await client.gql(gql.create, { tenantId: t, input: { type: 'room', title: 'Zweiter öffentlicher', isPublic: true } });
      expectGraphql(secondGql, 409, 'GraphQL second public', 'BOOKABLE_QUOTA_REACHED');
      // Private objects may still be created.
      expectRest(await client.put(url('', t), { type: 'room', title: 'Noch ein privater' }), 201, 'private');

      expectRest(await client.put(url('', t), { id: privateOne.id, isPublic: true }), 409, 'switch to public');
      expectGraphql(await client.gql(gql.update, { tenantId: t, id: privateOne.id, input: { isPublic: true } }), 409, 'GraphQL switch', 'BOOKABLE_QUOTA_REACHED');
      expect((await storedBookable(app, privateOne.id))?.isPublic).toBe(false);
      // A duplicate of a public object would be a second one.
      expectRest(await client.post(url(`/${first.json.id}/duplicate`, t)), 409, 'duplicate public');

      expectRest(await client.put(url('', t), { ...first.json, title: 'Erster, umbenannt' }), 201, 'save already public');
      expectGraphql(await client.gql(gql.update, { tenantId: t, id: first.json.id, input: { title: 'Erster, nochmals' } }), 200, 'GraphQL save already public');
      expect((await bookablesOf(app, t)).filter((bookable) => bookable.isPublic).map((bookable) => bookable.title)).toEqual(['Erster, nochmals']);
    } finally {
      await setBookableQuota(app, null);
    }
  });

  it('two concurrent creations of public objects with one place left: exactly one succeeds', async () => {
    const tenant = await createTenant(app.orm, { name: 'Wettlauf Mandant', owners: [actors.userIds.tenantOwner] });
    const t = tenant.id;
    await storeBookable(app, t, { title: 'Schon öffentlich', isPublic: true });
    await setBookableQuota(app, 2);
    try {
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([
          actors.clients.tenantOwner.put(url('', t), { type: 'room', title: `Wettlauf REST ${round}`, isPublic: true }),
          actors.clients.instanceOwner.gql(gql.create, { tenantId: t, input: { type: 'resource', title: `Wettlauf GQL ${round}`, isPublic: true } }),
        ]);
        const [rest, result] = answers;
        const successes = [rest.status === 201, !result.errors].filter(Boolean).length;
        expect(successes, `round ${round}: ${rest.text} ${JSON.stringify(result.errors)}`).toBe(1);
        if (rest.status !== 201) expect(rest.json).toMatchObject({ code: 'bookable.quota-reached' });
        else expect(result.errors?.[0]?.extensions?.code).toBe('BOOKABLE_QUOTA_REACHED');
        const publicOnes = (await bookablesOf(app, t)).filter((bookable) => bookable.isPublic);
        expect(publicOnes).toHaveLength(2);
        // Free the place again for the next round.
        const winner = publicOnes.find((bookable) => bookable.title.startsWith('Wettlauf'));
        expectRest(await actors.clients.tenantOwner.request('DELETE', url(`/${winner?.id}`, t)), 200, 'delete winner');
      }
    } finally {
      await setBookableQuota(app, null);
    }
  });
});

describe('tags and list filters', () => {
  it('tags are distinct in first-seen order; tags= and type= (and the GraphQL arguments) filter lists', async () => {
    const tenant = await createTenant(app.orm, { name: 'Tags Mandant', owners: [actors.userIds.tenantOwner] });
    const t = tenant.id;
    const client = actors.clients.tenantOwner;
    const saal = await storeBookable(app, t, { type: 'room', title: 'Saal', tags: ['Groß', 'Bühne'], isPublic: true });
    const beamer = await storeBookable(app, t, { type: 'resource', title: 'Beamer', tags: ['Technik', 'Groß'], isPublic: true });
    const raum = await storeBookable(app, t, { type: 'room', title: 'Raum', tags: ['Klein', 'Technik'] });
    await storeBookable(app, t, { type: 'ticket', title: 'Ticket', tags: [] });
    await storeBookable(app, actors.otherTenant.id, { title: 'Anderswo', tags: ['Fremd'] });

    expect((await client.get(url('/_meta/tags', t))).json).toEqual(['Groß', 'Bühne', 'Technik', 'Klein']);
    expect((await client.gql(gql.tags, { tenantId: t })).data).toEqual({ bookableTags: ['Groß', 'Bühne', 'Technik', 'Klein'] });

    const titles = (list: { title: string }[] | undefined) => (list ?? []).map((bookable) => bookable.title);
    expect(titles((await client.get(url('?tags=Technik', t))).json)).toEqual(['Beamer', 'Raum']);
    expect(titles((await client.get(url('?tags=Bühne,Klein', t))).json)).toEqual(['Saal', 'Raum']);
    expect(titles((await client.get(url('?type=room', t))).json)).toEqual(['Saal', 'Raum']);
    expect(titles((await client.get(url('?type=room&tags=Technik', t))).json)).toEqual(['Raum']);
    expect(titles((await client.get(url('/public?tags=Groß&type=resource', t))).json)).toEqual(['Beamer']);

    const list = await client.gql<{ bookables: GqlBookable[] }>(gql.list, { tenantId: t, tags: ['Groß'] });
    expect(titles(list.data?.bookables as { title: string }[])).toEqual(['Saal', 'Beamer']);
    const rooms = await client.gql<{ bookables: GqlBookable[] }>(gql.list, { tenantId: t, type: 'room' });
    expect(rooms.data?.bookables.map((bookable) => bookable.id)).toEqual([saal.id, raum.id]);
    const events = await client.gql<{ bookables: GqlBookable[] }>(gql.list, { tenantId: t, type: 'event_location' });
    expect(events.data?.bookables).toEqual([]);
    const publicTech = await client.gql<{ publicBookables: { id: string }[] }>(gql.publicList, { tenantId: t, tags: ['Technik'] });
    expect(publicTech.data?.publicBookables.map((bookable) => bookable.id)).toEqual([beamer.id]);
  });
});

describe('duplicate, delete and populate', () => {
  it('duplicate appends " (Kopie)", gives new ids to the object and its attachments, and makes the caller the owner', async () => {
    const child = await storeBookable(app, actors.tenant.id, { title: 'Kind' });
    const original = await storeBookable(app, actors.tenant.id, {
      title: 'Original',
      ownerUserId: actors.userIds.memberOwnOnly,
      tags: ['A'],
      amount: 3,
      relatedBookableIds: [child.id],
      attachments: [{ id: 'anhang-1', title: 'AGB', caption: '', type: 'agreement', url: 'https://example.org/agb.pdf', show: true, required: true }],
    });
    const copy = await actors.clients.memberAny.post(url(`/${original.id}/duplicate`));
    expectRest(copy, 201, 'duplicate');
    expect(copy.json).toMatchObject({ title: 'Original (Kopie)', ownerUserId: actors.userIds.memberAny, tags: ['A'], amount: 3, relatedBookableIds: [child.id], type: 'room' });
    expect(copy.json.id).not.toBe(original.id);
    expect(copy.json.attachments).toHaveLength(1);
    expect(copy.json.attachments[0]).toMatchObject({ title: 'AGB', url: 'https://example.org/agb.pdf', required: true, show: true });
    expect(copy.json.attachments[0].id).not.toBe('anhang-1');
    const viaGql = await actors.clients.tenantOwner.gql<{ duplicateBookable: GqlBookable }>(gql.duplicate, { tenantId: actors.tenant.id, id: original.id });
    expect(viaGql.data?.duplicateBookable).toMatchObject({ title: 'Original (Kopie)', ownerUserId: actors.userIds.tenantOwner });
    expect(viaGql.data?.duplicateBookable.id).not.toBe(copy.json.id);
    expect(await storedBookable(app, original.id)).toMatchObject({ title: 'Original', ownerUserId: actors.userIds.memberOwnOnly });
  });

  it("delete removes the id from other objects' relatedBookableIds and checkoutBookableIds", async () => {
    const gone = await storeBookable(app, actors.tenant.id, { title: 'Wird gelöscht' });
    const kept = await storeBookable(app, actors.tenant.id, { title: 'Bleibt' });
    const parent = await storeBookable(app, actors.tenant.id, {
      title: 'Elternobjekt',
      relatedBookableIds: [kept.id, gone.id],
      checkoutBookableIds: [
        { bookableId: gone.id, mandatory: true },
        { bookableId: kept.id, mandatory: false },
      ],
    });
    const checkoutOnly = await storeBookable(app, actors.tenant.id, { title: 'Nur Checkout', checkoutBookableIds: [{ bookableId: gone.id, mandatory: false }] });
    const child = await storeBookable(app, actors.tenant.id, { title: 'Kind mit Elternfeld' });
    await app.orm.em.fork().nativeUpdate(Bookable, { id: child.id }, { parent: gone.id });

    expectGraphql(await actors.clients.tenantOwner.gql(gql.remove, { tenantId: actors.tenant.id, id: gone.id }), 200, 'delete');
    expect(await storedBookable(app, gone.id)).toBeNull();
    expect(await storedBookable(app, parent.id)).toMatchObject({ relatedBookableIds: [kept.id], checkoutBookableIds: [{ bookableId: kept.id, mandatory: false }] });
    expect(await storedBookable(app, checkoutOnly.id)).toMatchObject({ checkoutBookableIds: [] });
    expect((await storedBookable(app, child.id))?.parent).toBeNull();
  });

  it('populate=true adds _populated {event: null, relatedBookables: [self, ...descendants]} to list and item', async () => {
    const tenant = await createTenant(app.orm, { name: 'Populate Mandant', owners: [actors.userIds.tenantOwner] });
    const t = tenant.id;
    const grandchild = await storeBookable(app, t, { title: 'Enkel' });
    const childB = await storeBookable(app, t, { title: 'Kind B', relatedBookableIds: [grandchild.id] });
    const childA = await storeBookable(app, t, { title: 'Kind A', relatedBookableIds: [grandchild.id] });
    const root = await storeBookable(app, t, { title: 'Wurzel', relatedBookableIds: [childA.id, childB.id] });
    const client = actors.clients.tenantOwner;

    const item = await client.get(url(`/${root.id}?populate=true`, t));
    expectRest(item, 200, 'item');
    expect(item.json._populated.event).toBeNull();
    expect(item.json._populated.relatedBookables.map((bookable: { id: string }) => bookable.id)).toEqual([root.id, childA.id, childB.id, grandchild.id]);
    expect(item.json._populated.relatedBookables[0]).toMatchObject({ id: root.id, title: 'Wurzel', tenantId: t });

    const list = await client.get(url('?populate=true', t));
    const byId = new Map<string, { _populated: { relatedBookables: { id: string }[] } }>(list.json.map((bookable: { id: string }) => [bookable.id, bookable]));
    expect(byId.get(grandchild.id)?._populated.relatedBookables.map((bookable) => bookable.id)).toEqual([grandchild.id]);
    expect(byId.get(childB.id)?._populated.relatedBookables.map((bookable) => bookable.id)).toEqual([childB.id, grandchild.id]);
    expect((await client.get(url(`/${root.id}`, t))).json).not.toHaveProperty('_populated');

    const related = await client.gql<{ relatedBookables: { id: string }[] }>(gql.related, { tenantId: t, id: root.id });
    expect(related.data?.relatedBookables.map((bookable) => bookable.id)).toEqual([root.id, childA.id, childB.id, grandchild.id]);
  });

  it('populate shows a member with only the own flags just the dependent objects it may read', async () => {
    const own = actors.userIds.memberOwnOnly;
    const foreignChild = await storeBookable(app, actors.tenant.id, { title: 'Fremdes Kind', ownerUserId: actors.userIds.memberAny, permittedUsers: [actors.userIds.outsider] });
    const ownChild = await storeBookable(app, actors.tenant.id, { title: 'Eigenes Kind', ownerUserId: own });
    const root = await storeBookable(app, actors.tenant.id, { title: 'Eigene Wurzel', ownerUserId: own, relatedBookableIds: [foreignChild.id, ownChild.id] });
    const item = await actors.clients.memberOwnOnly.get(url(`/${root.id}?populate=true`));
    expect(item.json._populated.relatedBookables.map((bookable: { id: string }) => bookable.id)).toEqual([root.id, ownChild.id]);
    const related = await actors.clients.memberOwnOnly.gql<{ relatedBookables: { id: string }[] }>(gql.related, { tenantId: actors.tenant.id, id: root.id });
    expect(related.data?.relatedBookables.map((bookable) => bookable.id)).toEqual([root.id, ownChild.id]);
    const full = await actors.clients.memberAny.get(url(`/${root.id}?populate=true`));
    expect(full.json._populated.relatedBookables.map((bookable: { id: string }) => bookable.id)).toEqual([root.id, foreignChild.id, ownChild.id]);
  });
});
