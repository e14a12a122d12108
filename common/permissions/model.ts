/** The vocabulary of the permission model (docs/administration.md, “Permissions”). */

export const accessFlags = ['create', 'readOwn', 'readAny', 'updateOwn', 'updateAny', 'deleteOwn', 'deleteAny'] as const;
export type AccessFlag = (typeof accessFlags)[number];
export type AccessFlags = Partial<Record<AccessFlag, boolean>>;

export const permissionAreas = [
  'manageRoles',
  'manageUsers',
  'manageTenants',
  'manageBookings',
  'manageBookables',
  'manageCoupons',
] as const;
export type PermissionArea = (typeof permissionAreas)[number];

/** Every admin interface name a role or the navigation may use. */
export const adminInterfaceNames = [
  'tenants',
  'users',
  'roles',
  'bookables',
  'rooms',
  'locations',
  'events',
  'resources',
  'tickets',
  'bookings',
  'coupons',
  'instance',
  'dashboard',
  'settings',
] as const;
export type AdminInterface = (typeof adminInterfaceNames)[number];

/** The areas the role editor offers. */
export const roleEditorInterfaces: AdminInterface[] = ['roles', 'users', 'bookings', 'coupons', 'locations', 'rooms', 'resources', 'tickets', 'events'];

/** Owners get these ten interfaces on top of their roles'. */
export const ownerInterfaces: AdminInterface[] = ['tenants', 'users', 'locations', 'roles', 'bookings', 'coupons', 'rooms', 'resources', 'tickets', 'events'];

/** Routes open to every signed-in user. */
export const publicInterfaces: AdminInterface[] = ['dashboard', 'settings'];

export type Action = 'create' | 'read' | 'update' | 'delete';

/** What a role grants; a member's roles in one tenant are OR-merged into one of these. */
export interface RoleGrant {
  adminInterfaces: readonly string[];
  freeBookings: boolean;
  manageRoles: AccessFlags;
  manageUsers: AccessFlags;
  manageTenants: AccessFlags;
  manageBookings: AccessFlags;
  manageBookables: AccessFlags;
  manageCoupons: AccessFlags;
}

export interface TenantPermissions extends RoleGrant {
  tenantId: string;
  isOwner: boolean;
}

/** The logged-in permissions object: per tenant the merged grant, plus the instance-wide flags. */
export interface Permissions {
  instanceOwner: boolean;
  allowCreateTenant: boolean;
  tenants: TenantPermissions[];
}

/** An item a rule is checked against: its tenant and who owns or is assigned to it. */
export interface OwnedItem {
  tenantId: string;
  ownerUserId?: string | null;
  assignedUserId?: string | null;
}
