import { describe, expect, it } from 'vitest';
import {
  accessFlags,
  adminInterfaceNames,
  ownerInterfaces,
  permissionAreas,
  type AccessFlags,
  type Action,
  type AdminInterface,
  type OwnedItem,
  type PermissionArea,
  type Permissions,
  type RoleGrant,
} from './model.js';
import {
  can,
  canBookFree,
  canChangeTenantOwners,
  canConfigureWorkflow,
  canCreateTenant,
  canDeleteFiles,
  canManageTenant,
  canManageTenantMembers,
  canMoveWorkflowTasks,
  canReadTenantMembers,
  canReadWorkflow,
  canReadSome,
  canReadProtectedFiles,
  canUploadFiles,
  canEditBookables,
  emptyGrant,
  canUseInterface,
  computePermissions,
  hasFlag,
  permissionLabels,
  type InstancePolicy,
  type MembershipGrant,
  worksInEveryTenant,
} from './permissions.js';

const T = 'tenant-t';
const U = 'tenant-u';
const ME = 'me@example.com';
const OTHER = 'other@example.com';

const policy = (overrides: Partial<InstancePolicy> = {}): InstancePolicy => ({
  ownerUserIds: ['admin@example.com'],
  allowAllUsersToCreateTenant: false,
  allowedUsersToCreateTenant: [],
  ...overrides,
});

const role = (overrides: Partial<RoleGrant> = {}): RoleGrant => emptyGrant(overrides);

/** The permissions of ME with the given memberships (not an instance owner). */
const member = (...memberships: MembershipGrant[]): Permissions => computePermissions(ME, policy(), memberships);

/** ME holding one role in tenant T whose flags in every area are the given ones. */
const memberWithFlags = (flags: AccessFlags, tenantId = T): Permissions =>
  member({ tenantId, isOwner: false, roles: [role(Object.fromEntries(permissionAreas.map((area) => [area, flags])))] });

const instanceOwner = computePermissions('admin@example.com', policy(), []);
const tenantOwner = member({ tenantId: T, isOwner: true, roles: [] });
const nobody = member();

const allFlags = (): AccessFlags => Object.fromEntries(accessFlags.map((flag) => [flag, true]));
const actions: Action[] = ['create', 'read', 'update', 'delete'];

describe('computePermissions', () => {
  it('marks the instance owner, who may always create tenants', () => {
    const permissions = computePermissions('admin@example.com', policy(), []);
    expect(permissions).toEqual({ instanceOwner: true, allowCreateTenant: true, tenants: [] });
  });

  it.each([
    ['nobody may', policy(), false],
    ['allowAllUsersToCreateTenant', policy({ allowAllUsersToCreateTenant: true }), true],
    ['listed in allowedUsersToCreateTenant', policy({ allowedUsersToCreateTenant: ['x@example.com', ME] }), true],
    ['another user listed', policy({ allowedUsersToCreateTenant: [OTHER] }), false],
    ['instance owner', policy({ ownerUserIds: [ME] }), true],
  ])('allowCreateTenant: %s → %s', (_label, instance, expected) => {
    const permissions = computePermissions(ME, instance, []);
    expect(permissions.allowCreateTenant).toBe(expected);
    expect(permissions.instanceOwner).toBe(instance.ownerUserIds.includes(ME));
  });

  it('lists one entry per membership, in order, with tenant id and owner flag', () => {
    const permissions = member({ tenantId: U, isOwner: false, roles: [] }, { tenantId: T, isOwner: true, roles: [] });
    expect(permissions.tenants.map(({ tenantId, isOwner }) => ({ tenantId, isOwner }))).toEqual([
      { tenantId: U, isOwner: false },
      { tenantId: T, isOwner: true },
    ]);
  });

  it("OR-merges the roles' flags, free bookings and admin interfaces (sorted, without duplicates)", () => {
    const permissions = member({
      tenantId: T,
      isOwner: false,
      roles: [
        role({ adminInterfaces: ['rooms', 'bookings'], manageBookings: { readAny: true, updateOwn: true }, manageCoupons: { create: true } }),
        role({ adminInterfaces: ['bookings', 'coupons'], freeBookings: true, manageBookings: { readOwn: true, updateOwn: false }, manageRoles: { deleteAny: true } }),
      ],
    });
    expect(permissions.tenants).toEqual([
      {
        tenantId: T,
        isOwner: false,
        adminInterfaces: ['bookings', 'coupons', 'rooms'],
        freeBookings: true,
        manageRoles: { deleteAny: true },
        manageUsers: {},
        manageTenants: {},
        manageBookings: { readAny: true, readOwn: true, updateOwn: true },
        manageBookables: {},
        manageCoupons: { create: true },
      },
    ]);
  });

  it('keeps every flag object empty and freeBookings false without roles', () => {
    const [entry] = member({ tenantId: T, isOwner: false, roles: [] }).tenants;
    expect(entry.adminInterfaces).toEqual([]);
    expect(entry.freeBookings).toBe(false);
    for (const area of permissionAreas) expect(entry[area]).toEqual({});
  });

  it("gives owners the ten owner interfaces on top of their roles' interfaces", () => {
    expect(ownerInterfaces).toHaveLength(10);
    const [entry] = member({ tenantId: T, isOwner: true, roles: [role({ adminInterfaces: ['bookables', 'rooms'] })] }).tenants;
    expect(entry.adminInterfaces).toEqual([...new Set([...ownerInterfaces, 'bookables'])].sort());
  });

  it('gives an owner without membership (no roles) the owner interfaces but no flags', () => {
    const [entry] = tenantOwner.tenants;
    expect(entry).toEqual({
      tenantId: T,
      isOwner: true,
      adminInterfaces: [...ownerInterfaces].sort(),
      freeBookings: false,
      manageRoles: {},
      manageUsers: {},
      manageTenants: {},
      manageBookings: {},
      manageBookables: {},
      manageCoupons: {},
    });
  });
});

describe('can(action, area, item)', () => {
  interface Case {
    who: string;
    permissions: Permissions;
    item: OwnedItem;
    /** Expected result per action. */
    expected: Record<Action, boolean>;
  }
  const yes = { create: true, read: true, update: true, delete: true };
  const no = { create: false, read: false, update: false, delete: false };
  const anyFlags: AccessFlags = { readAny: true, updateAny: true, deleteAny: true };
  const ownFlags: AccessFlags = { readOwn: true, updateOwn: true, deleteOwn: true };

  const cases: Case[] = [
    { who: 'instance owner, any tenant', permissions: instanceOwner, item: { tenantId: U, ownerUserId: OTHER }, expected: yes },
    { who: 'tenant owner, own tenant', permissions: tenantOwner, item: { tenantId: T, ownerUserId: OTHER }, expected: yes },
    { who: 'tenant owner, other tenant', permissions: tenantOwner, item: { tenantId: U, ownerUserId: ME }, expected: no },
    { who: 'member with all flags', permissions: memberWithFlags(allFlags()), item: { tenantId: T, ownerUserId: OTHER }, expected: yes },
    { who: 'member with Any flags, someone else’s item', permissions: memberWithFlags(anyFlags), item: { tenantId: T, ownerUserId: OTHER }, expected: { ...yes, create: false } },
    { who: 'member with Any flags, unowned item', permissions: memberWithFlags(anyFlags), item: { tenantId: T }, expected: { ...yes, create: false } },
    { who: 'member with Own flags, own item', permissions: memberWithFlags(ownFlags), item: { tenantId: T, ownerUserId: ME }, expected: { ...yes, create: false } },
    { who: 'member with Own flags, someone else’s item', permissions: memberWithFlags(ownFlags), item: { tenantId: T, ownerUserId: OTHER }, expected: no },
    { who: 'member with Own flags, item without owner', permissions: memberWithFlags(ownFlags), item: { tenantId: T, ownerUserId: null, assignedUserId: null }, expected: no },
    { who: 'member with Own flags, assigned item', permissions: memberWithFlags(ownFlags), item: { tenantId: T, ownerUserId: OTHER, assignedUserId: ME }, expected: { ...yes, create: false } },
    { who: 'member with Own flags, assigned to someone else', permissions: memberWithFlags(ownFlags), item: { tenantId: T, assignedUserId: OTHER }, expected: no },
    { who: 'member with only create', permissions: memberWithFlags({ create: true }), item: { tenantId: T, ownerUserId: ME }, expected: { ...no, create: true } },
    { who: 'member with all flags in another tenant', permissions: memberWithFlags(allFlags(), U), item: { tenantId: T, ownerUserId: ME }, expected: no },
    { who: 'member without roles', permissions: member({ tenantId: T, isOwner: false, roles: [] }), item: { tenantId: T, ownerUserId: ME }, expected: no },
    { who: 'no membership', permissions: nobody, item: { tenantId: T, ownerUserId: ME }, expected: no },
  ];

  const rows = cases.flatMap((testCase) =>
    permissionAreas.flatMap((area) => actions.map((action) => ({ ...testCase, area, action, result: testCase.expected[action] }))),
  );

  it.each(rows)('$who: $action in $area → $result', ({ permissions, action, area, item, result }) => {
    expect(can(permissions, ME, action, area, item)).toBe(result);
  });

  it.each(actions)('each flag only opens its own action (%s)', (action) => {
    for (const flag of accessFlags) {
      const permissions = memberWithFlags({ [flag]: true });
      const expectedOwn = action === 'create' ? flag === 'create' : flag === `${action}Any` || flag === `${action}Own`;
      const expectedOther = action === 'create' ? flag === 'create' : flag === `${action}Any`;
      expect(can(permissions, ME, action, 'manageBookings', { tenantId: T, ownerUserId: ME }), `${flag} on own item`).toBe(expectedOwn);
      expect(can(permissions, ME, action, 'manageBookings', { tenantId: T, ownerUserId: OTHER }), `${flag} on other's item`).toBe(expectedOther);
    }
  });

  it.each(permissionAreas)('flags of one area do not open another (%s granted)', (granted) => {
    const permissions = member({ tenantId: T, isOwner: false, roles: [role({ [granted]: allFlags() })] });
    for (const area of permissionAreas) {
      for (const action of actions) {
        expect(can(permissions, ME, action, area, { tenantId: T, ownerUserId: OTHER }), `${action} ${area}`).toBe(area === granted);
      }
    }
  });
});

describe('hasFlag and canReadSome', () => {
  it.each([
    ['instance owner', instanceOwner, T, 'deleteAny', true],
    ['tenant owner', tenantOwner, T, 'deleteAny', true],
    ['tenant owner in another tenant', tenantOwner, U, 'readAny', false],
    ['member with the flag', memberWithFlags({ updateOwn: true }), T, 'updateOwn', true],
    ['member without the flag', memberWithFlags({ updateOwn: true }), T, 'updateAny', false],
    ['member of another tenant', memberWithFlags(allFlags(), U), T, 'create', false],
    ['no membership', nobody, T, 'readOwn', false],
  ] as const)('hasFlag: %s, %s in %s → %s', (_who, permissions, tenantId, flag, expected) => {
    expect(hasFlag(permissions, tenantId, 'manageBookables', flag)).toBe(expected);
  });

  it.each([
    ['instance owner', instanceOwner, true],
    ['tenant owner', tenantOwner, true],
    ['readAny', memberWithFlags({ readAny: true }), true],
    ['readOwn', memberWithFlags({ readOwn: true }), true],
    ['only create and update', memberWithFlags({ create: true, updateAny: true, deleteAny: true }), false],
    ['read flags in another tenant', memberWithFlags({ readAny: true, readOwn: true }, U), false],
    ['no membership', nobody, false],
  ] as const)('canReadSome: %s → %s', (_who, permissions, expected) => {
    expect(canReadSome(permissions, T, 'manageCoupons')).toBe(expected);
  });
});

describe('canUseInterface', () => {
  const listed = member({ tenantId: T, isOwner: false, roles: [role({ adminInterfaces: ['bookings', 'rooms'] })] });
  it.each([
    ['dashboard is public', nobody, 'dashboard', null, true],
    ['settings is public', nobody, 'settings', undefined, true],
    ['instance owner: instance', instanceOwner, 'instance', null, true],
    ['instance owner: any interface without tenant', instanceOwner, 'bookings', null, true],
    ['tenant owner: instance is instance-only', tenantOwner, 'instance', T, false],
    ['member: instance is instance-only', listed, 'instance', T, false],
    ['tenant owner: an owner interface', tenantOwner, 'roles', T, true],
    ['tenant owner: an interface outside the ten', tenantOwner, 'bookables', T, true],
    ['tenant owner: other tenant selected', tenantOwner, 'roles', U, false],
    ['tenant owner: no tenant selected', tenantOwner, 'roles', null, false],
    ['member: listed interface', listed, 'rooms', T, true],
    ['member: interface not listed', listed, 'coupons', T, false],
    ['member: listed interface without tenant', listed, 'bookings', undefined, false],
    ['member: listed interface, tenant not joined', listed, 'bookings', U, false],
    ['no membership', nobody, 'bookings', T, false],
  ] as const)('%s', (_label, permissions, name, tenantId, expected) => {
    expect(canUseInterface(permissions, name, tenantId)).toBe(expected);
  });

  it('every admin interface except the public ones needs a tenant entry for non-owners', () => {
    const publicNames: AdminInterface[] = ['dashboard', 'settings'];
    for (const name of adminInterfaceNames) {
      expect(canUseInterface(nobody, name, T), name).toBe(publicNames.includes(name));
    }
  });
});

describe('worksInEveryTenant', () => {
  it.each<[string, Permissions, boolean]>([
    ['instance owner (no membership entry)', instanceOwner, true],
    ['tenant owner', tenantOwner, false],
    ['member with every flag', memberWithFlags(allFlags()), false],
    ['nobody', nobody, false],
  ])('%s → %s', (_who, permissions, expected) => {
    expect(worksInEveryTenant(permissions)).toBe(expected);
  });
});

describe('canCreateTenant, canBookFree, permissionLabels', () => {
  it.each<[string, Permissions, boolean]>([
    ['instance owner', { instanceOwner: true, allowCreateTenant: false, tenants: [] }, true],
    ['allowCreateTenant', { instanceOwner: false, allowCreateTenant: true, tenants: [] }, true],
    ['neither', { instanceOwner: false, allowCreateTenant: false, tenants: [] }, false],
  ])('canCreateTenant: %s → %s', (_who, permissions, expected) => {
    expect(canCreateTenant(permissions)).toBe(expected);
  });

  it.each([
    ['instance owner', instanceOwner, true],
    ['tenant owner', tenantOwner, true],
    ['role with freeBookings', member({ tenantId: T, isOwner: false, roles: [role(), role({ freeBookings: true })] }), true],
    ['role without freeBookings', member({ tenantId: T, isOwner: false, roles: [role({ manageBookings: allFlags() })] }), false],
    ['freeBookings in another tenant', member({ tenantId: U, isOwner: false, roles: [role({ freeBookings: true })] }), false],
    ['no membership', nobody, false],
  ] as const)('canBookFree in T: %s → %s', (_who, permissions, expected) => {
    expect(canBookFree(permissions, T)).toBe(expected);
  });

  it.each([
    ['nobody', nobody, []],
    ['instance owner without tenants', instanceOwner, ['Instanz-Besitzer']],
    [
      'tenant owner',
      tenantOwner,
      ['Mandanten-Besitzer', 'Kostenlose Buchungen', 'Rollen verwalten', 'Benutzer verwalten', 'Mandanten verwalten', 'Buchungen verwalten', 'Ressourcen verwalten'],
    ],
    ['member with a role granting nothing', memberWithFlags({}), []],
    ['member reading bookings', member({ tenantId: T, isOwner: false, roles: [role({ manageBookings: { readOwn: true } })] }), ['Buchungen verwalten']],
    ['member with free bookings', member({ tenantId: T, isOwner: false, roles: [role({ freeBookings: true })] }), ['Kostenlose Buchungen']],
    ['member managing only coupons (no label)', member({ tenantId: T, isOwner: false, roles: [role({ manageCoupons: allFlags() })] }), []],
    ['a false flag is no permission', member({ tenantId: T, isOwner: false, roles: [role({ manageRoles: { create: false } })] }), []],
    [
      'labels of two tenants, without duplicates',
      member(
        { tenantId: T, isOwner: false, roles: [role({ manageRoles: { readAny: true }, manageBookables: { create: true } })] },
        { tenantId: U, isOwner: false, roles: [role({ manageRoles: { deleteOwn: true }, manageUsers: { readAny: true }, manageTenants: { updateAny: true } })] },
      ),
      ['Rollen verwalten', 'Ressourcen verwalten', 'Benutzer verwalten', 'Mandanten verwalten'],
    ],
  ] as const)('permissionLabels: %s', (_who, permissions, expected) => {
    expect(permissionLabels(permissions)).toEqual(expected);
  });
});

describe('tenant, member and workflow rules', () => {
  const withArea = (area: PermissionArea, flags: AccessFlags, tenantId = T) => member({ tenantId, isOwner: false, roles: [role({ [area]: flags })] });
  const rules = { canManageTenant, canReadTenantMembers, canManageTenantMembers, canChangeTenantOwners, canReadWorkflow, canMoveWorkflowTasks, canConfigureWorkflow };
  type Rule = keyof typeof rules;
  const cases: [string, Permissions, Rule[]][] = [
    ['instance owner', instanceOwner, ['canManageTenant', 'canReadTenantMembers', 'canManageTenantMembers', 'canChangeTenantOwners', 'canReadWorkflow', 'canMoveWorkflowTasks', 'canConfigureWorkflow']],
    ['tenant owner', tenantOwner, ['canManageTenant', 'canReadTenantMembers', 'canManageTenantMembers', 'canChangeTenantOwners', 'canReadWorkflow', 'canMoveWorkflowTasks', 'canConfigureWorkflow']],
    ['manageUsers readAny', withArea('manageUsers', { readAny: true }), ['canReadTenantMembers']],
    ['manageUsers updateAny', withArea('manageUsers', { updateAny: true }), ['canReadTenantMembers', 'canManageTenantMembers']],
    ['manageUsers own flags only', withArea('manageUsers', ownFlagsOnly()), []],
    ['manageBookings readAny', withArea('manageBookings', { readAny: true }), ['canReadWorkflow']],
    ['manageBookings updateAny', withArea('manageBookings', { updateAny: true }), ['canMoveWorkflowTasks']],
    ['manageBookings own flags only', withArea('manageBookings', ownFlagsOnly()), []],
    ['manageBookings everything', withArea('manageBookings', allFlags()), ['canReadWorkflow', 'canMoveWorkflowTasks']],
    ['manageTenants everything', withArea('manageTenants', allFlags()), []],
    ['all flags in another tenant', memberWithFlags(allFlags(), U), []],
    ['tenant owner of another tenant', member({ tenantId: U, isOwner: true, roles: [] }), []],
    ['no membership', nobody, []],
  ];
  it.each(cases)('%s', (_who, permissions, granted) => {
    for (const name of Object.keys(rules) as Rule[]) expect(rules[name](permissions, T), name).toBe(granted.includes(name));
  });
});

describe('file rules (upload, delete, protected files)', () => {
  const withArea = (area: PermissionArea, flags: AccessFlags, tenantId = T) => member({ tenantId, isOwner: false, roles: [role({ [area]: flags })] });
  const rules = { canUploadFiles, canDeleteFiles, canReadProtectedFiles };
  type Rule = keyof typeof rules;
  const cases: [string, Permissions, Rule[]][] = [
    ['instance owner', instanceOwner, ['canUploadFiles', 'canDeleteFiles', 'canReadProtectedFiles']],
    ['tenant owner without roles', tenantOwner, ['canUploadFiles', 'canDeleteFiles', 'canReadProtectedFiles']],
    ['member without flags', withArea('manageBookables', {}), ['canReadProtectedFiles']],
    ['manageBookables create', withArea('manageBookables', { create: true }), ['canUploadFiles', 'canReadProtectedFiles']],
    ['manageBookables updateOwn', withArea('manageBookables', { updateOwn: true }), ['canUploadFiles', 'canReadProtectedFiles']],
    ['manageBookables updateAny', withArea('manageBookables', { updateAny: true }), ['canUploadFiles', 'canReadProtectedFiles']],
    ['manageBookables deleteOwn only', withArea('manageBookables', { deleteOwn: true }), ['canReadProtectedFiles']],
    ['manageBookables deleteAny', withArea('manageBookables', { deleteAny: true }), ['canDeleteFiles', 'canReadProtectedFiles']],
    ['manageBookables readAny', withArea('manageBookables', { readAny: true }), ['canReadProtectedFiles']],
    ['every flag of another area', withArea('manageBookings', allFlags()), ['canReadProtectedFiles']],
    ['all flags in another tenant', memberWithFlags(allFlags(), U), []],
    ['tenant owner of another tenant', member({ tenantId: U, isOwner: true, roles: [] }), []],
    ['no membership', nobody, []],
  ];
  it.each(cases)('%s', (_who, permissions, granted) => {
    for (const name of Object.keys(rules) as Rule[]) expect(rules[name](permissions, T), name).toBe(granted.includes(name));
  });
  // The bookable editor's pickers follow the same rule as uploading (create or update rights).
  it.each(cases)('canEditBookables equals canUploadFiles: %s', (_who, permissions) => {
    expect(canEditBookables(permissions, T)).toBe(canUploadFiles(permissions, T));
  });
});

function ownFlagsOnly(): AccessFlags {
  return { readOwn: true, updateOwn: true, deleteOwn: true };
}

// The areas a test could forget: the table above must cover every one of them.
it('covers every permission area', () => {
  const covered: PermissionArea[] = ['manageRoles', 'manageUsers', 'manageTenants', 'manageBookings', 'manageBookables', 'manageCoupons'];
  expect([...permissionAreas].sort()).toEqual([...covered].sort());
});
