import { describe, expect, it } from 'vitest';
import type { Permissions } from '../../shared/permissions';
import { allowCreate, allowDelete, allowUpdate } from './bookableRights';

const member = (manageBookables: Permissions['tenants'][number]['manageBookables'], isOwner = false): Permissions => ({
  instanceOwner: false,
  allowCreateTenant: false,
  tenants: [{ tenantId: 't1', isOwner, adminInterfaces: ['rooms'], freeBookings: false, manageRoles: {}, manageUsers: {}, manageTenants: {}, manageBookings: {}, manageBookables, manageCoupons: {} }],
});
const own = { tenantId: 't1', ownerUserId: 'me' };
const foreign = { tenantId: 't1', ownerUserId: 'other' };

describe('bookable rights', () => {
  it('lets owners and instance owners do everything', () => {
    const owner = { userId: 'me', permissions: member({}, true) };
    const instanceOwner = { userId: 'root', permissions: { instanceOwner: true, allowCreateTenant: true, tenants: [] } };
    for (const viewer of [owner, instanceOwner]) {
      expect(allowCreate(viewer, 't1')).toBe(true);
      expect(allowUpdate(viewer, foreign)).toBe(true);
      expect(allowDelete(viewer, foreign)).toBe(true);
    }
  });

  it('follows manageBookables for members', () => {
    const viewer = { userId: 'me', permissions: member({ updateOwn: true, deleteAny: true }) };
    expect(allowCreate(viewer, 't1')).toBe(false);
    expect(allowUpdate(viewer, own)).toBe(true);
    expect(allowUpdate(viewer, foreign)).toBe(false);
    expect(allowDelete(viewer, foreign)).toBe(true);
    expect(allowCreate({ userId: 'me', permissions: member({ create: true }) }, 't1')).toBe(true);
    expect(allowCreate(viewer, 'other-tenant')).toBe(false);
    expect(allowCreate(null, 't1')).toBe(false);
  });
});
