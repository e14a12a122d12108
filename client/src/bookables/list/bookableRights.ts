import { can, type Permissions } from '../../shared/permissions';

/**
 * allowCreate / allowUpdate / allowDelete of specification 02 section 6, asked of the server's
 * permission module: owners and instance owners always; otherwise manageBookables decides (create;
 * updateAny or updateOwn on an own object; deleteAny or deleteOwn).
 */
export interface BookableViewer {
  userId: string;
  permissions: Permissions;
}

export function allowCreate(viewer: BookableViewer | null, tenantId: string): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'create', 'manageBookables', { tenantId });
}

export function allowUpdate(viewer: BookableViewer | null, item: { tenantId: string; ownerUserId: string | null }): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'update', 'manageBookables', item);
}

export function allowDelete(viewer: BookableViewer | null, item: { tenantId: string; ownerUserId: string | null }): boolean {
  return viewer !== null && can(viewer.permissions, viewer.userId, 'delete', 'manageBookables', item);
}
