import { can, canChangeTenantOwners, canManageAllocationRounds, canManageTenantMembers, type PermissionArea, type Permissions } from './permissions';

/**
 * Which actions a screen offers, asked of the server's permission module so a button shows only when
 * the server would accept the call.
 * Owners and instance owners may do everything; otherwise the area's flags decide: create needs
 * create; update needs updateAny, or updateOwn on an item the user owns (ownerUserId) or is assigned to (assignedUserId); delete
 * likewise with deleteAny or deleteOwn.
 */
export interface Viewer {
  userId: string;
  permissions: Permissions;
}

/** An item of a tenant with its owner (the user who created it) or, for bookings, whom it is assigned to, as the lists fetch it. */
export interface OwnedRow {
  tenantId: string;
  ownerUserId?: string | null;
  assignedUserId?: string | null;
}

/** The tooltip of an action the user may not take. */
export const NO_PERMISSION = 'Keine Berechtigung';

/** The viewer of the signed-in user (the store's user), or null when nobody is signed in. */
export function viewerOf(user: { id: string; permissions: Permissions } | null | undefined): Viewer | null {
  return user ? { userId: user.id, permissions: user.permissions } : null;
}

export function allowCreate(viewer: Viewer | null, area: PermissionArea, tenantId: string): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'create', area, { tenantId });
}

export function allowUpdate(viewer: Viewer | null, area: PermissionArea, item: OwnedRow): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'update', area, item);
}

export function allowDelete(viewer: Viewer | null, area: PermissionArea, item: OwnedRow): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'delete', area, item);
}

/** Adding members, changing and removing their roles, removing members: manageUsers.updateAny. */
export function allowManageMembers(viewer: Viewer | null, tenantId: string): boolean {
  return viewer !== null && canManageTenantMembers(viewer.permissions, tenantId);
}

/** Creating and changing allocation rounds, deciding wishes, publishing: as the server's ALLOCATION_MANAGER rule. */
export function allowManageAllocationRounds(viewer: Viewer | null, tenantId: string): boolean {
  return viewer !== null && canManageAllocationRounds(viewer.permissions, tenantId);
}

/** Making someone owner or member again ("Zum Besitzer/Mitglied machen"): owners and instance owners. */
export function allowChangeOwners(viewer: Viewer | null, tenantId: string): boolean {
  return viewer !== null && canChangeTenantOwners(viewer.permissions, tenantId);
}

/** Removing a member: managing members, and for an owner also changing owners (as the server checks). */
export function allowRemoveMember(viewer: Viewer | null, tenantId: string, member: { isOwner: boolean }): boolean {
  return allowManageMembers(viewer, tenantId) && (!member.isOwner || allowChangeOwners(viewer, tenantId));
}
