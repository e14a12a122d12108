/**
 * The server's permission module, shared verbatim so the drawer, the guard and the screens' buttons
 * follow the same rules the server enforces. It is plain TypeScript without Node imports.
 */
export {
  can,
  canChangeTenantOwners,
  canCreateTenant,
  canEditBookables,
  canManageAllocationRounds,
  canManageTenantMembers,
  canMoveWorkflowTasks,
  canReadSome,
  canUseInterface,
  emptyGrant,
  hasFlag,
  permissionLabels,
} from '../../../common/permissions/permissions.js';
export type { AdminInterface, PermissionArea, Permissions } from '../../../common/permissions/model.js';
