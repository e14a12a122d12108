import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableMessages } from '../../server/src/bookables/bookable.validation.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { gql, storeBookable, storedBookable, type GqlBookable } from './bookables.fixtures.js';

/**
 * The save rules of docs/bookables-and-files.md, enforced on the server whatever the client
 * sends: REST PUT with the whole form (as the editor sends it after a GET) and GraphQL
 * createBookable / updateBookable.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms');
});
afterAll(async () => app?.close());

const url = (path = '') => `/api/${actors.tenant.id}/bookables${path}`;
const owner = () => actors.clients.tenantOwner;

/** The stored object as the editor loads it, with the changes applied, PUT back. */
async function saveForm(id: string, changes: Record<string, unknown>) {
  const form = (await owner().get(url(`/${id}`))).json as Record<string, unknown>;
  return owner().put(url(), { ...form, ...changes });
}

/** A new object through REST; refused saves answer 400 with the messages by field. */
async function restErrors(body: Record<string, unknown>, id?: string): Promise<Record<string, string>> {
  const response = id ? await saveForm(id, body) : await owner().put(url(), { type: 'room', title: 'Regel', ...body });
  expectRest(response, 400, JSON.stringify(body));
  expect(response.json).toMatchObject({ code: 'generic.validation', title: 'Validierungsfehler', status: 400 });
  return response.json.errors as Record<string, string>;
}

async function gqlErrors(input: Record<string, unknown>, id?: string): Promise<Record<string, string>> {
  const result = id
    ? await owner().gql(gql.update, { tenantId: actors.tenant.id, id, input })
    : await owner().gql(gql.create, { tenantId: actors.tenant.id, input: { type: 'room', title: 'Regel', ...input } });
  expectGraphql(result, 400, JSON.stringify(input));
  return result.errors?.[0]?.extensions?.fieldErrors as Record<string, string>;
}

async function gqlCreate(input: Record<string, unknown>): Promise<GqlBookable> {
  const result = await owner().gql<{ createBookable: GqlBookable }>(gql.create, { tenantId: actors.tenant.id, input: { type: 'room', title: 'Regel', ...input } });
  expectGraphql(result, 200, JSON.stringify(input));
  return result.data?.createBookable as GqlBookable;
}

describe('numbers typed as text', () => {
  it('comma decimals become numbers, amount an integer or null, duration bounds null when not a number', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, { amount: 5, minBookingDuration: 1 });
    const saved = await saveForm(bookable.id, {
      priceValueAddedTax: '7,5',
      priceCategories: [{ priceEur: '12,50', priceValueAddedTax: '19', interval: { start: '', end: '' }, fixedPrice: false }],
      amount: '3.7',
      minBookingDuration: 'abc',
      maxBookingDuration: '2,5',
    });
    expectRest(saved, 201, 'REST');
    expect(saved.json).toMatchObject({
      priceValueAddedTax: 7.5,
      priceCategories: [{ priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }],
      amount: 3,
      minBookingDuration: null,
      maxBookingDuration: 2.5,
    });
    expect(await storedBookable(app, bookable.id)).toMatchObject({ amount: 3, priceValueAddedTax: 7.5, minBookingDuration: null, maxBookingDuration: 2.5 });
    expect((await saveForm(bookable.id, { amount: '' })).json.amount).toBeNull();

    const created = await gqlCreate({ amount: '3.7', priceCategories: [{ priceEur: '12,50' }], minBookingDuration: 'abc', maxBookingDuration: '4' });
    expect(created).toMatchObject({ amount: 3, minBookingDuration: null, maxBookingDuration: 4, priceCategories: [{ priceEur: 12.5, priceValueAddedTax: 0, fixedPrice: false }] });
    const cleared = await owner().gql<{ updateBookable: GqlBookable }>(gql.update, { tenantId: actors.tenant.id, id: created.id, input: { amount: '' } });
    expect(cleared.data?.updateBookable.amount).toBeNull();
    expect(await gqlErrors({ priceCategories: [{ priceEur: 'teuer' }] })).toEqual({ 'priceCategories.0.priceEur': bookableMessages.number });
  });
});

describe('values beyond the columns', () => {
  it('an amount or duration the database cannot hold is a 400 with field messages, not a 500', async () => {
    expect(await restErrors({ amount: '99999999999', minBookingDuration: 1e7 })).toEqual({ amount: bookableMessages.tooLarge, minBookingDuration: bookableMessages.tooLarge });
    expect(await gqlErrors({ amount: '1e20', maxBookingDuration: '12345678' })).toEqual({ amount: bookableMessages.tooLarge, maxBookingDuration: bookableMessages.tooLarge });
    expect(await restErrors({ priceCategories: [{ priceEur: 1e308 }] })).toEqual({ 'priceCategories.0.priceEur': bookableMessages.tooLarge });
  });
});

describe('booking-time modes, prices, special dates, long range, lockers, attachments', () => {
  it('calendar bookings and fixed booking times exclude each other', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, { isScheduleRelated: true });
    const periods = [{ weekdays: [1], startTime: '10:00', endTime: '12:00' }];
    expect(await restErrors({ isTimePeriodRelated: true, timePeriods: periods }, bookable.id)).toEqual({ isTimePeriodRelated: bookableMessages.exclusiveModes });
    expect(await gqlErrors({ isTimePeriodRelated: true, timePeriods: periods }, bookable.id)).toEqual({ isTimePeriodRelated: bookableMessages.exclusiveModes });
    expect(await gqlErrors({ isScheduleRelated: true, isTimePeriodRelated: true })).toEqual({ isTimePeriodRelated: bookableMessages.exclusiveModes });
    expect(await storedBookable(app, bookable.id)).toMatchObject({ isScheduleRelated: true, isTimePeriodRelated: false, timePeriods: [] });
    // Switching one off and the other on in the same save is fine.
    const switched = await saveForm(bookable.id, { isScheduleRelated: false, isTimePeriodRelated: true, timePeriods: periods });
    expectRest(switched, 201, 'switched');
    expect(switched.json).toMatchObject({ isScheduleRelated: false, isTimePeriodRelated: true, timePeriods: periods });
  });

  it('series for the public: off by default, switched on and off through REST and GraphQL, shown on the public object too', async () => {
    const created = await gqlCreate({});
    expect(created.allowSeries).toBe(false);
    const updated = await owner().gql<{ updateBookable: GqlBookable }>(gql.update, { tenantId: actors.tenant.id, id: created.id, input: { allowSeries: true } });
    expectGraphql(updated, 200, 'GraphQL on');
    expect(updated.data?.updateBookable.allowSeries).toBe(true);
    expect(await storedBookable(app, created.id)).toMatchObject({ allowSeries: true });
    // A save that leaves the flag out keeps it, as for every other field.
    await owner().gql(gql.update, { tenantId: actors.tenant.id, id: created.id, input: { title: 'Turnhalle' } });
    expect(await storedBookable(app, created.id)).toMatchObject({ allowSeries: true, title: 'Turnhalle' });

    const restOff = await saveForm(created.id, { allowSeries: false, isPublic: true, isBookable: true });
    expectRest(restOff, 201, 'REST off');
    expect(restOff.json).toMatchObject({ allowSeries: false });
    const restOn = await saveForm(created.id, { allowSeries: 'true' });
    expect(restOn.json).toMatchObject({ allowSeries: true });
    expect((await actors.clients.anonymous.get(url(`/public/${created.id}`))).json).toMatchObject({ allowSeries: true });
    const publicItem = await actors.clients.anonymous.gql<{ publicBookable: GqlBookable }>(gql.publicGet, { tenantId: actors.tenant.id, id: created.id });
    expect(publicItem.data?.publicBookable.allowSeries).toBe(true);
  });

  it('graduated categories: inclusive intervals may touch, a start after its end is refused', async () => {
    const categories = [
      { priceEur: '20', interval: { start: 0, end: 2 } },
      { priceEur: '15', interval: { start: 2, end: 5 } },
      { priceEur: '10,5', interval: { start: 5, end: null }, fixedPrice: true },
    ];
    const created = await owner().put(url(), { type: 'room', title: 'Staffel', priceType: 'per-hour', priceCategories: categories });
    expectRest(created, 201, 'touching');
    expect(created.json.priceCategories.map((category: { priceEur: number; interval: unknown; fixedPrice: boolean }) => [category.priceEur, category.interval, category.fixedPrice])).toEqual([
      [20, { start: 0, end: 2 }, false],
      [15, { start: 2, end: 5 }, false],
      [10.5, { start: 5, end: null }, true],
    ]);
    const inverted = [categories[0], { priceEur: '15', interval: { start: 5, end: 2 } }];
    expect(await restErrors({ priceCategories: inverted }, created.json.id)).toEqual({ 'priceCategories.1.interval': bookableMessages.interval });
    expect(await gqlErrors({ priceCategories: [{ priceEur: '1', interval: { start: 3, end: 1 } }] })).toEqual({ 'priceCategories.0.interval': bookableMessages.interval });
    // A single-point interval is inclusive on both ends.
    expect((await gqlCreate({ priceCategories: [{ priceEur: '1', interval: { start: 3, end: 3 } }] })).priceCategories).toEqual([
      { priceEur: 1, priceValueAddedTax: 0, interval: { start: 3, end: 3 }, fixedPrice: false },
    ]);
  });

  it('special opening hours without a date are dropped; long range off clears its options, on without a type is refused', async () => {
    const special = [
      { date: '', startTime: '10:00', endTime: '12:00' },
      { date: '2026-12-24', startTime: '', endTime: '' },
    ];
    const saved = await owner().put(url(), { type: 'room', title: 'Sonderzeiten', isSpecialOpeningHoursRelated: true, specialOpeningHours: special, isLongRange: false, longRangeOptions: { type: 'week' } });
    expectRest(saved, 201, 'REST');
    expect(saved.json).toMatchObject({ specialOpeningHours: [{ date: '2026-12-24', startTime: '', endTime: '' }], isLongRange: false, longRangeOptions: null });
    const viaGql = await gqlCreate({ isSpecialOpeningHoursRelated: true, specialOpeningHours: special, isLongRange: true, longRangeOptions: { type: 'month' } });
    expect(viaGql).toMatchObject({ specialOpeningHours: [{ date: '2026-12-24', startTime: '', endTime: '' }], isLongRange: true, longRangeOptions: { type: 'month' } });
    const off = await owner().gql<{ updateBookable: GqlBookable }>(gql.update, { tenantId: actors.tenant.id, id: viaGql.id, input: { isLongRange: false } });
    expect(off.data?.updateBookable).toMatchObject({ isLongRange: false, longRangeOptions: null });
    expect(await storedBookable(app, viaGql.id)).toMatchObject({ longRangeOptions: null });

    expect(await restErrors({ isLongRange: true, longRangeOptions: null })).toEqual({ longRangeOptions: bookableMessages.longRange });
    expect(await restErrors({ isLongRange: true, longRangeOptions: { type: 'jahr' } })).toEqual({ longRangeOptions: bookableMessages.longRange });
    expect(await gqlErrors({ isLongRange: true })).toEqual({ longRangeOptions: bookableMessages.longRange });
  });

  it('an active locker system needs an amount', async () => {
    const units = [{ lockerSystem: 'pareva', id: 'produkt-1', amount: 2 }];
    expect(await restErrors({ amount: '', lockerDetails: { active: true, units } })).toEqual({ 'lockerDetails.active': bookableMessages.lockerAmount });
    expect(await gqlErrors({ lockerDetails: { active: true, units } })).toEqual({ 'lockerDetails.active': bookableMessages.lockerAmount });
    const withAmount = await gqlCreate({ amount: '2', lockerDetails: { active: true, units } });
    expect(withAmount.lockerDetails).toEqual({ active: true, units });
    // Clearing the amount later is refused while lockers are active.
    expect(await restErrors({ amount: '' }, withAmount.id)).toEqual({ 'lockerDetails.active': bookableMessages.lockerAmount });
  });

  it('a required attachment is always shown; rich text is sanitised', async () => {
    const attachment = { id: '', title: 'Hausordnung', caption: 'Bitte lesen', type: 'agreement', url: 'https://example.org/hausordnung.pdf', show: false, required: true };
    const dirty = '<p onclick="alert(1)">Hallo <b>Welt</b></p><script>alert(2)</script><img src=x onerror="alert(3)">';
    const saved = await owner().put(url(), { type: 'room', title: 'Anhänge', attachments: [attachment], description: dirty, bookingNotes: '<a href="javascript:alert(4)" onmouseover="x">Link</a>' });
    expectRest(saved, 201, 'REST');
    expect(saved.json.attachments).toEqual([{ ...attachment, id: expect.stringMatching(/.+/), show: true }]);
    expect(saved.json.description).toBe('<p>Hallo <b>Welt</b></p>');
    expect(saved.json.bookingNotes).toBe('<a rel="noopener noreferrer">Link</a>');
    const viaGql = await gqlCreate({ attachments: [{ ...attachment, type: 'privacy_agreement' }], description: dirty });
    expect(viaGql.attachments).toEqual([{ ...attachment, type: 'privacy_agreement', id: expect.stringMatching(/.+/), show: true }]);
    expect(viaGql.description).toBe('<p>Hallo <b>Welt</b></p>');
    const stored = await storedBookable(app, viaGql.id);
    expect(stored?.description).not.toMatch(/script|onclick|onerror/);
    expect(stored?.attachments[0]).toMatchObject({ type: 'privacy-agreement', show: true, required: true });
  });
});

describe('references, hierarchy and type', () => {
  it('unknown parent, dependent and checkout ids are refused, also ids of another tenant', async () => {
    const elsewhere = await storeBookable(app, actors.otherTenant.id, { title: 'Anderer Mandant' });
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect(await restErrors({ parent: unknown, relatedBookableIds: ['kein-uuid'], checkoutBookableIds: [{ bookableId: elsewhere.id, mandatory: true }] })).toEqual({
      parent: 'Unbekanntes Buchungsobjekt',
      'relatedBookableIds.0': 'Unbekanntes Buchungsobjekt',
      'checkoutBookableIds.0': 'Unbekanntes Buchungsobjekt',
    });
    expect(await gqlErrors({ parent: elsewhere.id, relatedBookableIds: [unknown] })).toEqual({ parent: 'Unbekanntes Buchungsobjekt', 'relatedBookableIds.0': 'Unbekanntes Buchungsobjekt' });
    // The form's spelling relatedBookablesIds is read as well.
    expect(await restErrors({ relatedBookablesIds: [unknown] })).toEqual({ 'relatedBookableIds.0': 'Unbekanntes Buchungsobjekt' });

    const known = await storeBookable(app, actors.tenant.id, { title: 'Bekannt' });
    const ok = await owner().put(url(), { type: 'room', title: 'Mit Bezügen', parent: known.id, relatedBookablesIds: [known.id], checkoutBookableIds: [{ bookableId: known.id, mandatory: true }] });
    expectRest(ok, 201, 'known references');
    expect(ok.json).toMatchObject({ parent: known.id, relatedBookableIds: [known.id], checkoutBookableIds: [{ bookableId: known.id, mandatory: true }] });
  });

  it('a cycle in relatedBookableIds is refused, also through several levels and onto itself', async () => {
    const c = await storeBookable(app, actors.tenant.id, { title: 'C' });
    const b = await storeBookable(app, actors.tenant.id, { title: 'B', relatedBookableIds: [c.id] });
    const a = await storeBookable(app, actors.tenant.id, { title: 'A', relatedBookableIds: [b.id] });
    expect(Object.keys(await restErrors({ relatedBookableIds: [a.id] }, c.id))).toEqual(['relatedBookableIds.0']);
    expect(Object.keys(await gqlErrors({ relatedBookableIds: [b.id] }, c.id))).toEqual(['relatedBookableIds.0']);
    expect(Object.keys(await gqlErrors({ relatedBookableIds: [a.id] }, a.id))).toEqual(['relatedBookableIds.0']);
    expect((await storedBookable(app, c.id))?.relatedBookableIds).toEqual([]);
    // A diamond is no cycle.
    expectRest(await saveForm(a.id, { relatedBookableIds: [b.id, c.id] }), 201, 'diamond');
  });

  it('a cycle is refused however deep the chain is (deeper than the five parent levels)', async () => {
    let below: string[] = [];
    const chain = [];
    for (let level = 8; level >= 1; level--) {
      const bookable = await storeBookable(app, actors.tenant.id, { title: `Ebene ${level}`, relatedBookableIds: below });
      chain.unshift(bookable);
      below = [bookable.id];
    }
    const [top, bottom] = [chain[0], chain[chain.length - 1]];
    expect(Object.keys(await restErrors({ relatedBookableIds: [top.id] }, bottom.id))).toEqual(['relatedBookableIds.0']);
    expect((await storedBookable(app, bottom.id))?.relatedBookableIds).toEqual([]);
  });

  it('the type is required on create and cannot change', async () => {
    expect(await restErrors({ type: undefined })).toEqual({ type: bookableMessages.required });
    expect(await restErrors({ type: 'garage' })).toEqual({ type: bookableMessages.required });
    const result = await owner().gql(gql.create, { tenantId: actors.tenant.id, input: { title: 'Ohne Typ' } });
    expectGraphql(result, 400, 'GraphQL without type');
    expect(result.errors?.[0]?.extensions?.fieldErrors).toEqual({ type: bookableMessages.required });

    const room = await storeBookable(app, actors.tenant.id, { type: 'room', title: 'Bleibt Raum' });
    expect(await restErrors({ type: 'ticket' }, room.id)).toEqual({ type: bookableMessages.typeChange });
    expect(await gqlErrors({ type: 'event_location' }, room.id)).toEqual({ type: bookableMessages.typeChange });
    expect(await storedBookable(app, room.id)).toMatchObject({ type: 'room' });
    // Updates without a type keep it.
    expectRest(await owner().put(url(), { id: room.id, title: 'Immer noch Raum' }), 201, 'no type on update');
    expect(await storedBookable(app, room.id)).toMatchObject({ type: 'room', title: 'Immer noch Raum' });
  });

  it('a refused save changes nothing', async () => {
    const bookable = await storeBookable(app, actors.tenant.id, { title: 'Unverändert', amount: 4 });
    await restErrors({ title: 'Neu', amount: '7', isScheduleRelated: true, isTimePeriodRelated: true }, bookable.id);
    expect(await storedBookable(app, bookable.id)).toMatchObject({ title: 'Unverändert', amount: 4, isScheduleRelated: false });
  });
});
