/**
 * The server's permission module, shared verbatim so the drawer and the guard follow the same rules
 * the server enforces. It is plain TypeScript without Node imports.
 */
export { can, canEditBookables, canCreateTenant, canUseInterface, hasFlag, permissionLabels } from '../../../server/src/shared/permissions/permissions.js';
export type { AdminInterface, Permissions } from '../../../server/src/shared/permissions/model.js';
