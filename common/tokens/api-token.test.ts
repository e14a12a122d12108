import { describe, expect, it } from 'vitest';
import { can, canReadSome, emptyGrant, hasFullAccess } from '../permissions/permissions.js';
import { parseFields } from '../validation/schema.js';
import { apiTokenInputSchema, apiTokenMayBook, apiTokenPermissions, defaultApiTokenExpiry, presetGrant } from './api-token.js';

const now = Date.UTC(2026, 11, 1, 12);
const DAY = 86_400_000;

describe('the input of a new API token', () => {
  it('takes a name and a preset or a role; without a date it runs a year', () => {
    expect(parseFields(apiTokenInputSchema(now), { name: ' Website ', preset: 'WEBSITE_BOOKING' })).toEqual({
      ok: true,
      value: { name: 'Website', preset: 'WEBSITE_BOOKING', roleId: null, expiresAt: defaultApiTokenExpiry(now) },
    });
    expect(parseFields(apiTokenInputSchema(now), { name: 'Finanzen', roleId: 'r1', expiresAt: new Date(now + 30 * DAY).toISOString() })).toMatchObject({ ok: true, value: { roleId: 'r1', preset: null } });
  });

  it('names every wrong field in German', () => {
    expect(parseFields(apiTokenInputSchema(now), { preset: 'BOOKINGS_READ', roleId: 'r1', expiresAt: new Date(now - DAY).toISOString() })).toEqual({
      ok: false,
      fieldErrors: { name: 'Pflichtfeld', roleId: 'Bitte wählen Sie entweder eine Vorlage oder eine Rolle.', expiresAt: 'Das Ablaufdatum muss in der Zukunft liegen.' },
    });
    expect(parseFields(apiTokenInputSchema(now), { name: 'x', preset: 'ALLES', expiresAt: new Date(now + 800 * DAY).toISOString() })).toEqual({
      ok: false,
      fieldErrors: { preset: 'Unbekannte Vorlage.', expiresAt: 'Ein API-Zugang läuft höchstens zwei Jahre.' },
    });
    expect(parseFields(apiTokenInputSchema(now), { name: 'x', expiresAt: 'morgen' })).toMatchObject({ ok: false, fieldErrors: { expiresAt: 'Ungültiges Datum.' } });
  });

  it('an instance token takes neither preset nor role', () => {
    expect(parseFields(apiTokenInputSchema(now, { instance: true }), { name: 'Instanz' })).toMatchObject({ ok: true });
    expect(parseFields(apiTokenInputSchema(now, { instance: true }), { name: 'Instanz', preset: 'BOOKINGS_READ' })).toMatchObject({ ok: false, fieldErrors: { preset: expect.stringContaining('Instanz-Zugang') } });
  });
});

describe('what a preset grants', () => {
  const permissionsOf = (preset: Parameters<typeof presetGrant>[0]) => apiTokenPermissions('t1', presetGrant(preset));

  it('grants only in its tenant, never as owner or instance owner', () => {
    const permissions = permissionsOf('BOOKINGS_READ');
    expect(permissions.instanceOwner).toBe(false);
    expect(hasFullAccess(permissions, 't1')).toBe(false);
    expect(canReadSome(permissions, 't2', 'manageBookings')).toBe(false);
  });

  it('BOOKINGS_READ reads any booking and writes none; WEBSITE_BOOKING reads only its own; OCCUPANCY_READ reads none', () => {
    const booking = { tenantId: 't1', assignedUserId: 'someone' };
    expect(can(permissionsOf('BOOKINGS_READ'), 'token', 'read', 'manageBookings', booking)).toBe(true);
    expect(can(permissionsOf('BOOKINGS_READ'), 'token', 'update', 'manageBookings', booking)).toBe(false);
    expect(can(permissionsOf('WEBSITE_BOOKING'), 'token', 'read', 'manageBookings', booking)).toBe(false);
    expect(can(permissionsOf('WEBSITE_BOOKING'), 'token', 'read', 'manageBookings', { tenantId: 't1', assignedUserId: 'token' })).toBe(true);
    expect(canReadSome(permissionsOf('OCCUPANCY_READ'), 't1', 'manageBookings')).toBe(false);
  });

  it('an instance token acts as an instance owner', () => {
    expect(apiTokenPermissions(null, presetGrant('OCCUPANCY_READ')).instanceOwner).toBe(true);
  });
});

describe('the right to book with a token', () => {
  it('belongs to WEBSITE_BOOKING, to roles that may create bookings and to instance tokens only', () => {
    expect(apiTokenMayBook('t', 'WEBSITE_BOOKING', presetGrant('WEBSITE_BOOKING'))).toBe(true);
    expect(apiTokenMayBook('t', 'BOOKINGS_READ', presetGrant('BOOKINGS_READ'))).toBe(false);
    expect(apiTokenMayBook('t', 'OCCUPANCY_READ', presetGrant('OCCUPANCY_READ'))).toBe(false);
    expect(apiTokenMayBook('t', null, emptyGrant({ manageBookings: { create: true } }))).toBe(true);
    expect(apiTokenMayBook('t', null, emptyGrant({ manageBookings: { readAny: true, updateAny: true } }))).toBe(false);
    expect(apiTokenMayBook(null, null, emptyGrant())).toBe(true);
  });
});
