import { describe, expect, it } from 'vitest';
import { rightsLabel, statusOf } from './apiTokenTexts';

describe('an API token in the list', () => {
  it('names its rights by preset or role', () => {
    expect(rightsLabel({ preset: 'OCCUPANCY_READ' })).toBe('Belegung lesen (ohne persönliche Daten)');
    expect(rightsLabel({ preset: null, roleId: 'r1', roleName: 'Buchhaltung' })).toBe('Rolle: Buchhaltung');
  });

  it('is revoked before it is expired, active until its expiry', () => {
    const now = Date.UTC(2026, 11, 1);
    expect(statusOf({ revokedAt: '2026-11-30T00:00:00Z', expiresAt: '2026-11-01T00:00:00Z' }, now)).toBe('revoked');
    expect(statusOf({ revokedAt: null, expiresAt: '2026-11-30T23:59:59Z' }, now)).toBe('expired');
    expect(statusOf({ revokedAt: null, expiresAt: '2027-12-01T00:00:00Z' }, now)).toBe('active');
  });
});
