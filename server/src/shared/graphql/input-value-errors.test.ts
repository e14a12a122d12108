import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { describe, expect, it } from 'vitest';
import { germanInputValueMessage } from './input-value-errors.js';

// GraphQL's real messages, produced by graphql-js itself against a small schema with the app's date scalar.
const schema: GraphQLSchema = buildSchema(`
  scalar DateTimeISO
  enum Kind { ROOM EVENT }
  input Window { from: DateTimeISO! count: Int }
  type Query { slots(from: DateTimeISO!, count: Int, kind: Kind, ids: [ID!], window: Window): Int }
`);
Object.assign(schema.getType('DateTimeISO')!, { parseValue: GraphQLDateTimeISO.parseValue, parseLiteral: GraphQLDateTimeISO.parseLiteral, serialize: GraphQLDateTimeISO.serialize });

async function refusal(source: string, variableValues?: Record<string, unknown>): Promise<string> {
  const result = await graphql({ schema, source, variableValues, rootValue: { slots: () => 1 } });
  expect(result.errors?.length, JSON.stringify(result)).toBeGreaterThan(0);
  return result.errors![0].message;
}

describe('GraphQL refusals of input values in German', () => {
  it('an invalid date in a variable names the variable and the expected form', async () => {
    const message = await refusal('query($from: DateTimeISO!) { slots(from: $from) }', { from: '31.12.2026' });
    expect(message).toMatch(/DateTime cannot represent/);
    expect(germanInputValueMessage('BAD_USER_INPUT', message)).toBe('Ungültiger Wert in der Variable $from: erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
  });

  it('a missing, a null, a non-integer, an unknown enum value, a list entry and an input field', async () => {
    const say = async (source: string, variables?: Record<string, unknown>) => germanInputValueMessage('BAD_USER_INPUT', await refusal(source, variables));
    expect(await say('query($from: DateTimeISO!) { slots(from: $from) }', {})).toBe('Die Variable $from fehlt; erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
    expect(await say('query($from: DateTimeISO!) { slots(from: $from) }', { from: null })).toBe('Die Variable $from darf nicht null sein; erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
    expect(await say('query($n: Int) { slots(from: "2027-01-01T00:00:00Z", count: $n) }', { n: 1.5 })).toBe('Ungültiger Wert in der Variable $n: erwartet wird eine ganze Zahl.');
    expect(await say('query($k: Kind) { slots(from: "2027-01-01T00:00:00Z", kind: $k) }', { k: 'HALL' })).toBe('Die Variable $k enthält den Wert „HALL“, den Kind nicht kennt.');
    expect(await say('query($ids: [ID!]) { slots(from: "2027-01-01T00:00:00Z", ids: $ids) }', { ids: [null] })).toBe('Ungültiger Wert in der Variable $ids: erwartet wird eine Kennung (Text).');
    expect(await say('query($w: Window) { slots(from: "2027-01-01T00:00:00Z", window: $w) }', { w: { count: 1 } })).toBe('In der Variable $w fehlt das Feld from; erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
    expect(await say('query($w: Window) { slots(from: "2027-01-01T00:00:00Z", window: $w) }', { w: { from: '2027-01-01T00:00:00Z', size: 1 } })).toBe('Die Variable $w enthält das Feld size, das Window nicht kennt.');
  });

  it('a literal of the wrong type in the query', async () => {
    const message = await refusal('{ slots(from: "morgen") }');
    expect(germanInputValueMessage('GRAPHQL_VALIDATION_FAILED', message)).toBe('Ungültiger Wert: erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
    const count = await refusal('{ slots(from: "2027-01-01T00:00:00Z", count: "drei") }');
    expect(germanInputValueMessage('GRAPHQL_VALIDATION_FAILED', count)).toBe('Ungültiger Wert: erwartet wird eine ganze Zahl.');
  });

  it('leaves other errors and other codes alone', () => {
    expect(germanInputValueMessage('GRAPHQL_VALIDATION_FAILED', 'Cannot query field "x" on type "Query".')).toBeUndefined();
    expect(germanInputValueMessage('FORBIDDEN', 'Variable "$a" of required type "ID!" was not provided.')).toBeUndefined();
  });
});
