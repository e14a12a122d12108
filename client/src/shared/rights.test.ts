import { describe, expect, it } from 'vitest';
import { emptyGrant, type PermissionArea, type Permissions } from './permissions';
import { allowChangeOwners, allowCreate, allowDelete, allowManageMembers, allowRemoveMember, allowUpdate, type Viewer, viewerOf } from './rights';

type Flags = Permissions['tenants'][number]['manageCoupons'];

const member = (grants: Partial<Record<PermissionArea, Flags>>, isOwner = false): Permissions => ({
  instanceOwner: false,
  allowCreateTenant: false,
  tenants: [{ ...emptyGrant(grants), tenantId: 't1', isOwner }],
});
const viewer = (permissions: Permissions): Viewer => ({ userId: 'me', permissions });
const own = { tenantId: 't1', ownerUserId: 'me' };
const foreign = { tenantId: 't1', ownerUserId: 'other' };
const unowned = { tenantId: 't1', ownerUserId: null };

const owner = viewer(member({}, true));
const instanceOwner: Viewer = { userId: 'root', permissions: { instanceOwner: true, allowCreateTenant: true, tenants: [] } };
const areas: PermissionArea[] = ['manageCoupons', 'manageRoles', 'manageBookables'];

describe.each(areas)('rights in %s', (area) => {
  it('lets tenant owners and instance owners do everything', () => {
    for (const who of [owner, instanceOwner]) {
      expect(allowCreate(who, area, 't1')).toBe(true);
      expect(allowUpdate(who, area, foreign)).toBe(true);
      expect(allowDelete(who, area, foreign)).toBe(true);
      expect(allowUpdate(who, area, unowned)).toBe(true);
    }
  });

  it('grants everything with the create and any flags', () => {
    const who = viewer(member({ [area]: { create: true, updateAny: true, deleteAny: true } }));
    expect(allowCreate(who, area, 't1')).toBe(true);
    for (const item of [own, foreign, unowned]) {
      expect(allowUpdate(who, area, item)).toBe(true);
      expect(allowDelete(who, area, item)).toBe(true);
    }
  });

  it('grants the own flags on own items only', () => {
    const who = viewer(member({ [area]: { updateOwn: true, deleteOwn: true } }));
    expect(allowCreate(who, area, 't1')).toBe(false);
    expect(allowUpdate(who, area, own)).toBe(true);
    expect(allowDelete(who, area, own)).toBe(true);
    expect(allowUpdate(who, area, foreign)).toBe(false);
    expect(allowDelete(who, area, foreign)).toBe(false);
    expect(allowUpdate(who, area, unowned)).toBe(false);
    expect(allowDelete(who, area, unowned)).toBe(false);
  });

  it('refuses without a flag, with read flags only, in another tenant and without a viewer', () => {
    for (const who of [viewer(member({})), viewer(member({ [area]: { readAny: true, readOwn: true } }))]) {
      expect(allowCreate(who, area, 't1')).toBe(false);
      expect(allowUpdate(who, area, own)).toBe(false);
      expect(allowDelete(who, area, own)).toBe(false);
    }
    const full = viewer(member({ [area]: { create: true, updateAny: true, deleteAny: true } }));
    expect(allowCreate(full, area, 't2')).toBe(false);
    expect(allowUpdate(full, area, { tenantId: 't2', ownerUserId: 'me' })).toBe(false);
    expect(allowCreate(null, area, 't1')).toBe(false);
    expect(allowUpdate(null, area, own)).toBe(false);
    expect(allowDelete(null, area, own)).toBe(false);
  });

  it('keeps the areas apart', () => {
    const other: PermissionArea = area === 'manageCoupons' ? 'manageRoles' : 'manageCoupons';
    const who = viewer(member({ [other]: { create: true, updateAny: true, deleteAny: true } }));
    expect(allowCreate(who, area, 't1')).toBe(false);
    expect(allowUpdate(who, area, own)).toBe(false);
    expect(allowDelete(who, area, own)).toBe(false);
  });
});

describe('tenant member rights', () => {
  const ordinary = { isOwner: false };
  const anOwner = { isOwner: true };

  it('lets tenant owners and instance owners manage members and owners', () => {
    for (const who of [owner, instanceOwner]) {
      expect(allowManageMembers(who, 't1')).toBe(true);
      expect(allowChangeOwners(who, 't1')).toBe(true);
      expect(allowRemoveMember(who, 't1', ordinary)).toBe(true);
      expect(allowRemoveMember(who, 't1', anOwner)).toBe(true);
    }
  });

  it('lets manageUsers.updateAny manage members but not owners', () => {
    const who = viewer(member({ manageUsers: { updateAny: true } }));
    expect(allowManageMembers(who, 't1')).toBe(true);
    expect(allowChangeOwners(who, 't1')).toBe(false);
    expect(allowRemoveMember(who, 't1', ordinary)).toBe(true);
    expect(allowRemoveMember(who, 't1', anOwner)).toBe(false);
    expect(allowManageMembers(who, 't2')).toBe(false);
  });

  it('refuses with read or own flags only, with other areas and without a viewer', () => {
    for (const who of [
      viewer(member({})),
      viewer(member({ manageUsers: { readAny: true, updateOwn: true, create: true, deleteAny: true } })),
      viewer(member({ manageRoles: { updateAny: true } })),
      null,
    ]) {
      expect(allowManageMembers(who, 't1')).toBe(false);
      expect(allowChangeOwners(who, 't1')).toBe(false);
      expect(allowRemoveMember(who, 't1', ordinary)).toBe(false);
    }
  });
});

describe('viewerOf', () => {
  it('maps the signed-in user', () => {
    const permissions = member({});
    expect(viewerOf({ id: 'me', permissions })).toEqual({ userId: 'me', permissions });
    expect(viewerOf(null)).toBeNull();
    expect(viewerOf(undefined)).toBeNull();
  });
});
