import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableMessages } from '../../server/src/bookables/bookable.validation.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookablesOf, gql, storedBookable } from './bookables.fixtures.js';

/**
 * What the original product's administration client sends to REST PUT api/{tenantId}/bookables:
 * the single price (`priceEur` per `priceCategory`) instead of price categories, and one wholly
 * empty attachment row from its create form. Nothing it sends is dropped silently; what cannot
 * be saved is refused naming the field.
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
const openCategory = (priceEur: number, priceValueAddedTax = 19) => ({ priceEur, priceValueAddedTax, interval: { start: null, end: null }, fixedPrice: false });
const PRICE = `query($tenantId: ID!, $id: ID!) { bookable(tenantId: $tenantId, id: $id) {
  priceType priceValueAddedTax priceCategories { priceEur priceValueAddedTax interval { start end } fixedPrice } } }`;

/** A room as the original client creates it: single price, no price categories. */
async function createRoom(title: string): Promise<Record<string, unknown>> {
  const response = await owner().put(url(), { type: 'room', title, priceEur: 25, priceCategory: 'per-hour', priceValueAddedTax: 19, isPublic: true });
  expectRest(response, 201, 'create');
  return response.json as Record<string, unknown>;
}

describe('the single price', () => {
  it('a room created with priceEur and priceCategory stores that price as its one category and reads it back in both shapes', async () => {
    const created = await createRoom('Sitzungssaal');
    expect(created).toMatchObject({ priceEur: 25, priceCategory: 'per-hour', priceType: 'per-hour', priceCategories: [openCategory(25)] });
    const id = created.id as string;

    const stored = await storedBookable(app, id);
    expect(stored).toMatchObject({ priceType: 'per-hour', priceCategories: [openCategory(25)] });
    expect((await owner().get(url(`/${id}`))).json).toMatchObject({ priceEur: 25, priceCategory: 'per-hour', priceCategories: [openCategory(25)] });
    expect((await actors.clients.anonymous.get(url(`/public/${id}`))).json).toMatchObject({ priceEur: 25, priceCategory: 'per-hour' });

    const viaGql = await owner().gql(PRICE, { tenantId: actors.tenant.id, id });
    expectGraphql(viaGql, 200, 'GraphQL read');
    expect(viaGql.data).toEqual({ bookable: { priceType: 'per_hour', priceValueAddedTax: 19, priceCategories: [openCategory(25)] } });
  });

  it('the original client changes the price of what it read: the new single price is stored', async () => {
    const read = await createRoom('Werkraum');
    const saved = await owner().put(url(), { ...read, priceEur: '30,50', priceCategory: 'per-day' });
    expectRest(saved, 201, 'update');
    expect(saved.json).toMatchObject({ priceEur: 30.5, priceCategory: 'per-day' });
    expect(await storedBookable(app, read.id as string)).toMatchObject({ priceType: 'per-day', priceCategories: [openCategory(30.5)] });
  });

  it('a list-shape client changes the categories of what it read: its list is stored and the single price no longer shown', async () => {
    const read = await createRoom('Turnhalle');
    const graduated = [
      { ...openCategory(30), interval: { start: null, end: 4 } },
      { ...openCategory(20), interval: { start: 4, end: null } },
    ];
    const saved = await owner().put(url(), { ...read, priceCategories: graduated });
    expectRest(saved, 201, 'update');
    expect(saved.json.priceCategories).toEqual(graduated);
    expect(saved.json).not.toHaveProperty('priceEur');
    expect(saved.json).not.toHaveProperty('priceCategory');
    expect((await storedBookable(app, read.id as string))?.priceCategories).toEqual(graduated);

    // A single price cannot replace that graduation: refused naming the field, nothing changed.
    const single = await owner().put(url(), { id: read.id, priceEur: 25 });
    expectRest(single, 400, 'single price over graduation');
    expect(single.json).toMatchObject({ code: 'generic.validation', errors: { priceEur: bookableMessages.singlePriceGraduated } });
    expect((await storedBookable(app, read.id as string))?.priceCategories).toEqual(graduated);
  });

  it('both shapes in one body: saying the same is accepted, saying different things is refused naming the fields', async () => {
    const same = await owner().put(url(), { type: 'room', title: 'Einig', priceEur: 12, priceCategory: 'per-item', priceType: 'per-item', priceCategories: [openCategory(12, 0)] });
    expectRest(same, 201, 'same');
    expect(same.json.priceCategories).toEqual([openCategory(12, 0)]);

    const before = (await bookablesOf(app, actors.tenant.id)).length;
    const different = await owner().put(url(), { type: 'room', title: 'Uneinig', priceEur: 12, priceCategory: 'per-item', priceCategories: [openCategory(15, 0)] });
    expectRest(different, 400, 'different');
    expect(different.json).toMatchObject({
      code: 'generic.validation',
      errors: { priceEur: bookableMessages.priceShapes, priceCategory: bookableMessages.priceShapes, priceCategories: bookableMessages.priceShapes },
    });
    expect(different.json.detail).toContain('priceEur: Einzelpreis (priceEur, priceCategory) und Preiskategorien');
    expect((await bookablesOf(app, actors.tenant.id)).length).toBe(before);
  });

  it('an unknown unit is refused naming priceCategory', async () => {
    const response = await owner().put(url(), { type: 'room', title: 'Fläche', priceEur: 3, priceCategory: 'per-square-meter' });
    expectRest(response, 400, 'unit');
    expect(response.json.errors).toEqual({ priceCategory: bookableMessages.singlePriceCategory });
  });
});

describe('attachment rows', () => {
  const emptyRow = { id: '', title: '', caption: '', type: '', url: '', show: false, required: false };

  it('the create form\'s wholly empty row is left out, REST and GraphQL', async () => {
    const rest = await owner().put(url(), { type: 'room', title: 'Ohne Anhang', attachments: [emptyRow] });
    expectRest(rest, 201, 'REST');
    expect(rest.json.attachments).toEqual([]);
    const viaGql = await owner().gql<{ createBookable: { attachments: unknown[] } }>(gql.create, {
      tenantId: actors.tenant.id,
      input: { type: 'room', title: 'Ohne Anhang', attachments: [{ ...emptyRow, type: 'agreement' }] },
    });
    expectGraphql(viaGql, 200, 'GraphQL');
    expect(viaGql.data?.createBookable.attachments).toEqual([]);
  });

  it('a row without its file is refused naming attachments[1].url in German, REST and GraphQL, and nothing is stored', async () => {
    const rows = [emptyRow, { ...emptyRow, title: 'Hausordnung', type: 'agreement' }];
    const before = (await bookablesOf(app, actors.tenant.id)).length;
    const rest = await owner().put(url(), { type: 'room', title: 'Mit Anhang', attachments: rows });
    expectRest(rest, 400, 'REST');
    expect(rest.json).toEqual({
      type: 'about:blank',
      title: 'Validierungsfehler',
      status: 400,
      code: 'generic.validation',
      detail: 'Bitte überprüfen Sie Ihre Eingaben. attachments[1].url: Bitte wählen Sie eine Datei für den Anhang aus.',
      errors: { 'attachments.1.url': bookableMessages.attachmentUrl },
    });

    const viaGql = await owner().gql(gql.create, { tenantId: actors.tenant.id, input: { type: 'room', title: 'Mit Anhang', attachments: rows.map((row) => ({ ...row, type: 'agreement' })) } });
    expectGraphql(viaGql, 400, 'GraphQL');
    expect(viaGql.errors?.[0]?.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(viaGql.errors?.[0]?.extensions?.fieldErrors).toEqual({ 'attachments.1.url': bookableMessages.attachmentUrl });
    expect((await bookablesOf(app, actors.tenant.id)).length).toBe(before);
  });
});
