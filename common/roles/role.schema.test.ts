import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { roleFormSchema, roleSchema } from './role.schema.js';

const errorsOf = (isCreate: boolean, input: unknown) => {
  const result = parseFields(roleSchema(isCreate), input);
  return result.ok ? {} : result.fieldErrors;
};

describe('role schema', () => {
  it('requires a name on create and whenever one is sent, trimmed and at most 200 characters', () => {
    expect(errorsOf(true, {})).toEqual({ name: 'Pflichtfeld' });
    expect(errorsOf(true, { name: '   ' })).toEqual({ name: 'Pflichtfeld' });
    expect(errorsOf(false, { name: null })).toEqual({ name: 'Pflichtfeld' });
    expect(errorsOf(true, { name: 'x'.repeat(201) })).toEqual({ name: 'Maximal 200 Zeichen erlaubt.' });
    expect(parseFields(roleSchema(true), { name: ' Kasse ' })).toEqual({ ok: true, value: { name: 'Kasse' } });
    expect(parseFields(roleSchema(false), {})).toEqual({ ok: true, value: {} });
  });

  it('takes only known admin interfaces, each once', () => {
    expect(errorsOf(true, { name: 'R', adminInterfaces: 'roles' })).toEqual({ adminInterfaces: 'Ungültige Admin-Bereiche' });
    expect(errorsOf(true, { name: 'R', adminInterfaces: ['roles', 'keller', 'dach'] })).toEqual({ adminInterfaces: 'Unbekannter Admin-Bereich: keller, dach' });
    expect(parseFields(roleSchema(true), { name: 'R', adminInterfaces: ['roles', 'roles', 'users'] })).toMatchObject({ ok: true, value: { adminInterfaces: ['roles', 'users'] } });
  });

  it('takes yes/no flags of known names per area and names every wrong field at once', () => {
    expect(errorsOf(true, { manageRoles: [] })).toEqual({ name: 'Pflichtfeld', manageRoles: 'Ungültige Berechtigungen' });
    expect(errorsOf(true, { name: 'R', manageUsers: { fly: true } })).toEqual({ manageUsers: 'Unbekannte Berechtigung: fly' });
    expect(errorsOf(true, { name: 'R', manageCoupons: { create: 'ja' }, freeBookings: 'ja' })).toEqual({ manageCoupons: 'Berechtigungen müssen Ja/Nein-Werte sein', freeBookings: 'Muss Ja oder Nein sein' });
    expect(parseFields(roleSchema(false), { manageBookings: { __typename: 'AccessFlags', create: true, readAny: null }, freeBookings: null, manageRoles: null })).toEqual({
      ok: true,
      value: { manageBookings: { create: true } },
    });
  });

  it('checks the dialog with the same words', () => {
    const flags = { create: false, readOwn: false, readAny: false, updateOwn: false, updateAny: false, deleteOwn: false, deleteAny: false };
    const values = { name: '', adminInterfaces: [], freeBookings: false, manageRoles: flags, manageUsers: flags, manageTenants: flags, manageBookings: flags, manageBookables: flags, manageCoupons: flags };
    expect(parseFields(roleFormSchema, values)).toEqual({ ok: false, fieldErrors: { name: 'Pflichtfeld' } });
    expect(parseFields(roleFormSchema, { ...values, name: 'Kasse' }).ok).toBe(true);
  });
});
