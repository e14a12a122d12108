import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedNumber, fieldErrorsOf, looseObject, optionalChoice, optionalInstant, optionalMail, parseFields, trimmedText } from './schema.js';

describe('schema building blocks', () => {
  const sample = looseObject({
    name: trimmedText(5),
    mail: optionalMail(100),
    count: boundedNumber({ min: 1, max: 10, integer: true }),
    at: optionalInstant,
    kind: optionalChoice(['a', 'b'], 'Unbekannte Art'),
    items: z.array(looseObject({ amount: boundedNumber({ max: 3 }) })).default([]),
  });

  it('normalises valid input: trims text, reads German decimals, turns epoch digits into dates', () => {
    expect(parseFields(sample, { name: ' Anna ', mail: 'a@b.de', count: '2', at: '86400000', kind: 'b', items: [{ amount: '1,5' }] })).toEqual({
      ok: true,
      value: { name: 'Anna', mail: 'a@b.de', count: 2, at: new Date(86_400_000), kind: 'b', items: [{ amount: 1.5 }] },
    });
  });

  it('reads absent fields as empty and garbage bodies as an empty object', () => {
    expect(parseFields(sample, null)).toEqual({ ok: true, value: { name: '', mail: '', count: null, at: null, kind: null, items: [] } });
  });

  it('names every wrong field by its dotted path with the German message, the first message per field', () => {
    const result = parseFields(sample, { name: 'Zu lang', mail: 'kein', count: 11, at: 'gestern', kind: 'c', items: [{ amount: 1 }, { amount: -1 }] });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: 'Höchstens 5 Zeichen',
        mail: 'E-Mail muss gültig sein',
        count: 'Der Wert ist zu groß.',
        at: 'Ungültiger Zeitpunkt',
        kind: 'Unbekannte Art',
        'items.1.amount': 'Darf nicht negativ sein',
      },
    });
  });

  it('reports an issue without a path under "_"', () => {
    const error = z.string().safeParse(3).error!;
    expect(Object.keys(fieldErrorsOf(error))).toEqual(['_']);
  });
});
