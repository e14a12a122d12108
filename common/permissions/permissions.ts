import {
  accessFlags,
  ownerInterfaces,
  permissionAreas,
  publicInterfaces,
  type AccessFlags,
  type Action,
  type AdminInterface,
  type OwnedItem,
  type PermissionArea,
  type Permissions,
  type RoleGrant,
  type TenantPermissions,
} from './model.js';

/**
 * The one permission module. Every rule of docs/administration.md, “Permissions”, lives here; GraphQL (auth
 * checker and resolvers) and the REST facade both ask these functions and nothing else.
 */

export interface InstancePolicy {
  ownerUserIds: readonly string[];
  allowAllUsersToCreateTenant: boolean;
  allowedUsersToCreateTenant: readonly string[];
}

export interface MembershipGrant {
  tenantId: string;
  isOwner: boolean;
  roles: readonly RoleGrant[];
}

function mergeFlags(target: AccessFlags, source: AccessFlags): AccessFlags {
  const merged: AccessFlags = { ...target };
  for (const flag of accessFlags) if (source[flag]) merged[flag] = true;
  return merged;
}

/** A grant of nothing: no interface, no flag (the start of every merge, and a base for tests). */
export function emptyGrant(overrides: Partial<RoleGrant> = {}): RoleGrant {
  return {
    adminInterfaces: [],
    freeBookings: false,
    manageRoles: {},
    manageUsers: {},
    manageTenants: {},
    manageBookings: {},
    manageBookables: {},
    manageCoupons: {},
    ...overrides,
  };
}

/** OR-merges a member's roles in one tenant; owners additionally get the ten owner interfaces. */
export function tenantPermissions(membership: MembershipGrant): TenantPermissions {
  const interfaces = new Set<string>();
  const result: TenantPermissions = { ...emptyGrant(), tenantId: membership.tenantId, isOwner: membership.isOwner };
  for (const role of membership.roles) {
    role.adminInterfaces.forEach((name) => interfaces.add(name));
    result.freeBookings ||= role.freeBookings;
    for (const area of permissionAreas) result[area] = mergeFlags(result[area], role[area]);
  }
  if (membership.isOwner) ownerInterfaces.forEach((name) => interfaces.add(name));
  result.adminInterfaces = [...interfaces].sort();
  return result;
}

export function isInstanceOwner(userId: string, instance: InstancePolicy): boolean {
  return instance.ownerUserIds.includes(userId);
}

export function computePermissions(userId: string, instance: InstancePolicy, memberships: readonly MembershipGrant[]): Permissions {
  const instanceOwner = isInstanceOwner(userId, instance);
  return {
    instanceOwner,
    allowCreateTenant: instanceOwner || instance.allowAllUsersToCreateTenant || instance.allowedUsersToCreateTenant.includes(userId),
    tenants: memberships.map(tenantPermissions),
  };
}

export function tenantEntry(permissions: Permissions, tenantId: string): TenantPermissions | undefined {
  return permissions.tenants.find((entry) => entry.tenantId === tenantId);
}

/** Instance owners may do everything; tenant owners everything inside their tenant. */
export function hasFullAccess(permissions: Permissions, tenantId: string): boolean {
  return permissions.instanceOwner || tenantEntry(permissions, tenantId)?.isOwner === true;
}

/**
 * Whether the user works in every tenant of the instance (dashboard cards, tenant selector, the
 * "my tenants" lists): an instance owner may do everything, so he sees and selects each tenant
 * although he holds no membership entry; everyone else works in the tenants of their entries.
 */
export function worksInEveryTenant(permissions: Permissions): boolean {
  return permissions.instanceOwner;
}

export function isTenantMember(permissions: Permissions, tenantId: string): boolean {
  return permissions.instanceOwner || tenantEntry(permissions, tenantId) !== undefined;
}

/**
 * ALLOW(action, area, item): full access, or the item belongs to the tenant and a role grants the
 * "any" flag, or the "own" flag while the user owns (ownerUserId) or is assigned (assignedUserId)
 * to the item. Create needs the create flag.
 */
export function can(permissions: Permissions, userId: string, action: Action, area: PermissionArea, item: OwnedItem): boolean {
  if (hasFullAccess(permissions, item.tenantId)) return true;
  const flags = tenantEntry(permissions, item.tenantId)?.[area];
  if (!flags) return false;
  if (action === 'create') return flags.create === true;
  if (flags[`${action}Any`]) return true;
  const ownsItem = item.ownerUserId === userId || (item.assignedUserId != null && item.assignedUserId === userId);
  return ownsItem && flags[`${action}Own`] === true;
}

/** ANY(flag, area): full access or a role flag, regardless of a particular item. */
export function hasFlag(permissions: Permissions, tenantId: string, area: PermissionArea, flag: keyof AccessFlags): boolean {
  if (hasFullAccess(permissions, tenantId)) return true;
  return tenantEntry(permissions, tenantId)?.[area][flag] === true;
}

/** Whether the user may see some items of an area at all (list screens). */
export function canReadSome(permissions: Permissions, tenantId: string, area: PermissionArea): boolean {
  return hasFlag(permissions, tenantId, area, 'readAny') || hasFlag(permissions, tenantId, area, 'readOwn');
}

/** Creating or changing bookings at all: create, updateAny or updateOwn of manageBookings. */
export function canWriteSomeBookings(permissions: Permissions, tenantId: string): boolean {
  return (['create', 'updateAny', 'updateOwn'] as const).some((flag) => hasFlag(permissions, tenantId, 'manageBookings', flag));
}

/**
 * Whether an admin interface (a screen of the navigation drawer) is open to the user. Dashboard and
 * settings are open to everyone signed in; the instance screens only to instance owners; the rest
 * need the selected tenant's entry to list the interface.
 */
export function canUseInterface(permissions: Permissions, name: AdminInterface, tenantId: string | null | undefined): boolean {
  if (publicInterfaces.includes(name)) return true;
  if (permissions.instanceOwner) return true;
  if (name === 'instance') return false;
  if (!tenantId) return false;
  const entry = tenantEntry(permissions, tenantId);
  if (!entry) return false;
  return entry.isOwner || entry.adminInterfaces.includes(name);
}

/** A tenant's settings (full read, update, delete): its owners and instance owners. */
export function canManageTenant(permissions: Permissions, tenantId: string): boolean {
  return hasFullAccess(permissions, tenantId);
}

/** The member list of a tenant: ANY(readAny or updateAny, manageUsers). */
export function canReadTenantMembers(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageUsers', 'readAny') || hasFlag(permissions, tenantId, 'manageUsers', 'updateAny');
}

/** Adding and removing members and their roles: ANY(updateAny, manageUsers). */
export function canManageTenantMembers(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageUsers', 'updateAny');
}

/**
 * Making someone owner or member again: owners and instance owners only. A member holding the
 * manageUsers flags could otherwise promote itself above its role.
 */
export function canChangeTenantOwners(permissions: Permissions, tenantId: string): boolean {
  return hasFullAccess(permissions, tenantId);
}

/** The tenant's workflow: read with ANY(readAny, manageBookings), configured by owners. */
export function canReadWorkflow(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookings', 'readAny');
}

/** Moving and archiving bookings on the kanban board: ANY(updateAny, manageBookings). */
export function canMoveWorkflowTasks(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookings', 'updateAny');
}

/** Running allocation rounds (create and change rounds, decide wishes, publish): ANY(updateAny, manageBookings), as publishing books series for any applicant. */
export function canManageAllocationRounds(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookings', 'updateAny');
}

/** Reading allocation rounds with every application and the grid: ANY(readAny, manageBookings), as they show every applicant. */
export function canReadAllocationRounds(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookings', 'readAny');
}

export function canConfigureWorkflow(permissions: Permissions, tenantId: string): boolean {
  return hasFullAccess(permissions, tenantId);
}

export function canCreateTenant(permissions: Permissions): boolean {
  return permissions.instanceOwner || permissions.allowCreateTenant;
}

/** Free bookings: granted by a role flag; owners may do everything, so they book free too. */
export function canBookFree(permissions: Permissions, tenantId: string): boolean {
  return hasFullAccess(permissions, tenantId) || tenantEntry(permissions, tenantId)?.freeBookings === true;
}

/**
 * Files (docs/bookables-and-files.md, “Files”). Uploading belongs to editing
 * bookables and events: the manageBookables create or update flags (any or own), owners always.
 */
export function canUploadFiles(permissions: Permissions, tenantId: string): boolean {
  return canEditBookables(permissions, tenantId);
}

/**
 * Working in the bookable editor at all (creating, or changing any or own objects): the pickers of
 * the editor (the tenant's people and roles for visibility and free booking) need this.
 */
export function canEditBookables(permissions: Permissions, tenantId: string): boolean {
  return (['create', 'updateAny', 'updateOwn'] as const).some((flag) => hasFlag(permissions, tenantId, 'manageBookables', flag));
}

/** Deleting a file: files have no owner, so only manageBookables.deleteAny (and owners). */
export function canDeleteFiles(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookables', 'deleteAny');
}

/**
 * Protected files: the members of the tenant (any role, also without flags), its owners and
 * instance owners. The original let any signed-in user of any tenant read them;
 * we narrow this to the tenant's own people. Public files need no rule: anyone may read them.
 */
export function canReadProtectedFiles(permissions: Permissions, tenantId: string): boolean {
  return isTenantMember(permissions, tenantId);
}

/** The labels the account settings derive from the permissions (the account settings screen). */
export function permissionLabels(permissions: Permissions): string[] {
  const labels = new Set<string>();
  if (permissions.instanceOwner) labels.add('Instanz-Besitzer');
  for (const entry of permissions.tenants) {
    if (entry.isOwner) labels.add('Mandanten-Besitzer');
    if (entry.freeBookings || entry.isOwner) labels.add('Kostenlose Buchungen');
    const areaLabels: [PermissionArea, string][] = [
      ['manageRoles', 'Rollen verwalten'],
      ['manageUsers', 'Benutzer verwalten'],
      ['manageTenants', 'Mandanten verwalten'],
      ['manageBookings', 'Buchungen verwalten'],
      ['manageBookables', 'Ressourcen verwalten'],
    ];
    for (const [area, label] of areaLabels) {
      if (entry.isOwner || Object.values(entry[area]).some(Boolean)) labels.add(label);
    }
  }
  return [...labels];
}
