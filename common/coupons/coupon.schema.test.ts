import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { couponFormSchema, couponSchema } from './coupon.schema.js';

const create = (input: unknown) => parseFields(couponSchema(null), input);
const errorsOf = (result: ReturnType<typeof create>) => (result.ok ? {} : result.fieldErrors);

const form = { id: '', description: '', maxAmount: '', type: 'fixed', discount: '5', validFrom: null, validTo: null };
const formErrors = (values: Record<string, unknown>) => {
  const result = parseFields(couponFormSchema, { ...form, ...values });
  return result.ok ? {} : result.fieldErrors;
};

describe('coupon schema', () => {
  it('requires a discount on create and gives a new coupon the type fixed', () => {
    expect(errorsOf(create({ id: 'V1' }))).toEqual({ discount: 'Pflichtfeld' });
    expect(errorsOf(create({ id: 'V1', discount: null }))).toEqual({ discount: 'Pflichtfeld' });
    expect(create({ id: ' V1 ', discount: 3 })).toEqual({ ok: true, value: { code: 'V1', type: 'fixed', discount: 3 } });
  });

  it('keeps a percentage within 0 and 100 and euros within what the column holds', () => {
    expect(errorsOf(create({ type: 'percentage', discount: 101 }))).toEqual({ discount: 'Muss zwischen 0 und 100 liegen' });
    expect(errorsOf(create({ type: 'percentage', discount: -1 }))).toEqual({ discount: 'Muss zwischen 0 und 100 liegen' });
    expect(errorsOf(create({ type: 'fixed', discount: -1 }))).toEqual({ discount: 'Darf nicht negativ sein' });
    expect(errorsOf(create({ discount: 'viel' }))).toEqual({ discount: 'Muss eine Zahl sein' });
    expect(errorsOf(create({ discount: 1e308 }))).toEqual({ discount: 'Der Wert ist zu groß.' });
    expect(create({ type: 'percentage', discount: 100 }).ok).toBe(true);
    expect(create({ type: 'fixed', discount: '12,499' })).toMatchObject({ ok: true, value: { discount: 12.5 } });
  });

  it('checks a changed discount against the stored type on an update and leaves absent fields alone', () => {
    const stored = { type: 'percentage' as const };
    expect(errorsOf(parseFields(couponSchema(stored), { discount: 150 }))).toEqual({ discount: 'Muss zwischen 0 und 100 liegen' });
    expect(errorsOf(parseFields(couponSchema(stored), { type: 'gratis', discount: 150 }))).toEqual({ type: 'Typ muss "percentage" oder "fixed" sein', discount: 'Muss zwischen 0 und 100 liegen' });
    expect(parseFields(couponSchema(stored), { maxAmount: 5 })).toEqual({ ok: true, value: { maxAmount: 5 } });
  });

  it('takes a whole maximum count from 0 within PostgreSQL integer, cutting off decimals the API sends', () => {
    expect(errorsOf(create({ discount: 1, maxAmount: -2 }))).toEqual({ maxAmount: 'Muss eine ganze Zahl ab 0 sein' });
    expect(errorsOf(create({ discount: 1, maxAmount: 2_147_483_648 }))).toEqual({ maxAmount: 'Zahl zu groß' });
    expect(create({ discount: 1, maxAmount: '10.7' })).toMatchObject({ ok: true, value: { maxAmount: 10 } });
    expect(create({ discount: 1, maxAmount: null })).toMatchObject({ ok: true, value: { maxAmount: null } });
  });

  it('names a wrong number, description and type', () => {
    expect(errorsOf(create({ id: 7, discount: 1 }))).toEqual({ id: 'Ungültige Gutscheinnummer' });
    expect(errorsOf(create({ id: 'x'.repeat(101), discount: 1 }))).toEqual({ id: 'Maximal 100 Zeichen erlaubt.' });
    expect(errorsOf(create({ description: 'x'.repeat(2001), discount: 1 }))).toEqual({ description: 'Maximal 2000 Zeichen erlaubt.' });
    expect(errorsOf(create({ description: 3, discount: 1 }))).toEqual({ description: 'Ungültige Beschreibung' });
    expect(create({ description: null, discount: 1 })).toMatchObject({ ok: true, value: { description: '' } });
    expect(create({ id: '  ', discount: 1 })).toEqual({ ok: true, value: { type: 'fixed', discount: 1 } });
  });

  it('reads dates as epoch ms, Date or ISO text and refuses an end of the validity before its start', () => {
    const from = Date.UTC(2026, 4, 1);
    expect(errorsOf(create({ discount: 1, validTo: 'morgen' }))).toEqual({ validTo: 'Ungültiges Datum' });
    expect(errorsOf(create({ discount: 1, validFrom: from, validTo: from - 60_000 }))).toEqual({ validTo: 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.' });
    expect(create({ discount: 1, validFrom: new Date(from), validTo: '2026-05-01T00:00:00.000Z' })).toMatchObject({ ok: true, value: { validFrom: new Date(from), validTo: new Date(from) } });
    // An update moving only the start past the stored end names the start.
    const stored = { type: 'fixed' as const, validFrom: null, validTo: new Date(from) };
    expect(errorsOf(parseFields(couponSchema(stored), { validFrom: from + 1 }))).toEqual({ validFrom: 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.' });
  });

  it('checks the dialog with the same words, the maximum count as digits', () => {
    expect(formErrors({ discount: '' })).toEqual({ discount: 'Pflichtfeld' });
    expect(formErrors({ discount: '1e308' })).toEqual({ discount: 'Der Wert ist zu groß.' });
    expect(formErrors({ discount: '1000000000,01' })).toEqual({ discount: 'Der Wert ist zu groß.' });
    expect(formErrors({ discount: '101', type: 'percentage' })).toEqual({ discount: 'Muss zwischen 0 und 100 liegen' });
    expect(formErrors({ discount: '12,50' })).toEqual({});
    expect(formErrors({ maxAmount: '2147483648' })).toEqual({ maxAmount: 'Zahl zu groß' });
    expect(formErrors({ maxAmount: '2147483647' })).toEqual({});
    expect(formErrors({ maxAmount: '1,5' })).toEqual({ maxAmount: 'Muss eine ganze Zahl ab 0 sein' });
    expect(formErrors({ validFrom: '2026-05-01T00:00:00.000Z', validTo: '2026-04-30T23:59:00.000Z' })).toEqual({ validTo: 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.' });
    expect(formErrors({ validFrom: '2026-05-01T00:00:00.000Z', validTo: '2026-05-01T00:00:00.000Z' })).toEqual({});
  });
});
