import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull } from 'graphql';
import { Authorized, Directive, type AuthChecker } from 'type-graphql';
import { AppError } from '../errors.js';
import type { AccessFlags, PermissionArea, Permissions } from '../../../../common/permissions/model.js';
import { canManageCalendarFeeds } from '../../../../common/feeds/calendar-feed.js';
import {
  can,
  canCreateTenant,
  canDeleteFiles,
  canEditBookables,
  canManageTenantMembers,
  canMoveWorkflowTasks,
  canReadSome,
  canWriteSomeBookings,
  canReadTenantMembers,
  canReadWorkflow,
  canUploadFiles,
  hasFlag,
  hasFullAccess,
} from '../../../../common/permissions/permissions.js';
import type { GraphQLContext } from './context.js';

/**
 * Field-level authorisation. `@Auth(rule)` registers the rule with type-graphql's authorisation
 * (enforced by `authChecker` below, which asks the permission module) and prints it as
 * `@auth(requires: RULE)` in schema.graphql, so integrators see who may read what.
 */
export enum AuthRule {
  /** Any signed-in user (what he gets is his own, or filtered to what he may read). */
  AUTHENTICATED = 'AUTHENTICATED',
  /** The user the object (or the operation's id argument) describes, or an instance owner. */
  SELF = 'SELF',
  /**
   * A user's contact details: the user, an instance owner, or staff of a tenant the user belongs
   * to or booked in, as the users service decided for the object (`contactDetailsShown`).
   */
  CONTACT_READER = 'CONTACT_READER',
  /** An owner of the tenant the object (or the operation's id or tenantId argument) describes, or an instance owner. */
  TENANT_OWNER = 'TENANT_OWNER',
  /** An instance owner. */
  INSTANCE_OWNER = 'INSTANCE_OWNER',
  /**
   * Managing API tokens, in person (never with a token): owners of the tenantId argument's tenant,
   * instance owners for instance tokens (tenantId null); by id the token's tenant is checked too.
   */
  API_TOKEN_MANAGER = 'API_TOKEN_MANAGER',
  /**
   * Calendar feeds, in person (never with a token): staff of the tenantId argument's tenant who read
   * bookings or edit objects; a feed with customer data needs manageBookings readAny (checked by the
   * service); by id the feed's tenant is checked by the service.
   */
  CALENDAR_FEED_MANAGER = 'CALENDAR_FEED_MANAGER',
  /**
   * Managing webhooks, in person (never with a token): owners of the tenantId argument's tenant;
   * by an endpoint's or delivery's id the service checks its tenant.
   */
  WEBHOOK_MANAGER = 'WEBHOOK_MANAGER',
  /** Who may create tenants: instance owners and the users the instance allows. */
  TENANT_CREATOR = 'TENANT_CREATOR',
  /** The tenant's member list: manageUsers readAny or updateAny. */
  MEMBER_READER = 'MEMBER_READER',
  /** Adding and removing members and their roles: manageUsers updateAny. */
  MEMBER_MANAGER = 'MEMBER_MANAGER',
  /** Reading roles: manageRoles readAny or readOwn (the role itself is checked too). */
  ROLE_READER = 'ROLE_READER',
  /** Creating or changing roles: manageRoles create, updateAny or updateOwn (the role itself is checked too). */
  ROLE_WRITER = 'ROLE_WRITER',
  /** Deleting roles: manageRoles deleteAny or deleteOwn (the role itself is checked too). */
  ROLE_DELETER = 'ROLE_DELETER',
  /** Reading coupons: manageCoupons readAny or readOwn (the coupon itself is checked too). */
  COUPON_READER = 'COUPON_READER',
  /** Creating coupons: manageCoupons create. */
  COUPON_CREATOR = 'COUPON_CREATOR',
  /** Changing coupons: manageCoupons updateAny or updateOwn (the coupon itself is checked too). */
  COUPON_UPDATER = 'COUPON_UPDATER',
  /** Deleting coupons: manageCoupons deleteAny or deleteOwn (the coupon itself is checked too). */
  COUPON_DELETER = 'COUPON_DELETER',
  /**
   * Who may read the bookable object or event in the administration: on an object's field
   * ALLOW(read, manageBookables) on its tenant and owner; on an operation manageBookables readAny,
   * readOwn or the editor's rights in the tenant (the object itself is checked too).
   */
  BOOKABLE_STAFF = 'BOOKABLE_STAFF',
  /** Working in the bookable or event editor: manageBookables create, updateAny or updateOwn. */
  BOOKABLE_EDITOR = 'BOOKABLE_EDITOR',
  /** Creating (and duplicating) bookables and events: manageBookables create. */
  BOOKABLE_CREATOR = 'BOOKABLE_CREATOR',
  /** Changing bookables and events: manageBookables updateAny or updateOwn (the object itself is checked too). */
  BOOKABLE_UPDATER = 'BOOKABLE_UPDATER',
  /** Deleting bookables and events: manageBookables deleteAny or deleteOwn (the object itself is checked too). */
  BOOKABLE_DELETER = 'BOOKABLE_DELETER',
  /** Uploading files: as BOOKABLE_EDITOR. */
  FILE_UPLOADER = 'FILE_UPLOADER',
  /** Deleting files (they have no owner): manageBookables deleteAny. */
  FILE_DELETER = 'FILE_DELETER',
  /**
   * Staff who may read bookings: on a booking's field ALLOW(read, manageBookings) on its tenant, "own"
   * meaning assigned to the viewer; on an operation readAny or readOwn in the tenant (tenantId argument).
   */
  BOOKING_READER = 'BOOKING_READER',
  /** Creating or changing bookings of the tenant: manageBookings create, updateAny or updateOwn (the booking itself is checked too). */
  BOOKING_WRITER = 'BOOKING_WRITER',
  /** Releasing and rejecting: manageBookings updateAny, or updateOwn on bookings assigned to the viewer. */
  BOOKING_UPDATER = 'BOOKING_UPDATER',
  /** Deleting: manageBookings deleteAny, or deleteOwn on bookings assigned to the viewer. */
  BOOKING_DELETER = 'BOOKING_DELETER',
  /**
   * The room schedule and its subscription, which carry no personal data: anyone (also without
   * signing in, also an OCCUPANCY_READ token) for objects shown to the public; other objects only
   * for staff who read the tenant's bookings (manageBookings readAny or readOwn). The service
   * decides per object; objects the viewer may not watch are not found.
   */
  SCHEDULE_READER = 'SCHEDULE_READER',
  /** The tenant's workflow and its board: manageBookings readAny. */
  WORKFLOW_READER = 'WORKFLOW_READER',
  /** Moving and archiving bookings on the board: manageBookings updateAny. */
  WORKFLOW_MOVER = 'WORKFLOW_MOVER',
}

export const authRuleEnum = new GraphQLEnumType({
  name: 'AuthRule',
  description: 'Who may read a field or run an operation.',
  values: Object.fromEntries(Object.values(AuthRule).map((rule) => [rule, { value: rule }])),
});

export const authDirective = new GraphQLDirective({
  name: 'auth',
  description: 'The field or operation is only available to viewers matching the rule; others get FORBIDDEN or AUTH_UNAUTHENTICATED.',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
  args: { requires: { type: new GraphQLNonNull(authRuleEnum) } },
});

export function Auth(rule: AuthRule): MethodDecorator & PropertyDecorator {
  const authorized = Authorized(rule);
  const directive = Directive(`@auth(requires: ${rule})`);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    authorized(target, key, descriptor as TypedPropertyDescriptor<unknown>);
    directive(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}

function rootId(root: unknown): string | undefined {
  if (root && typeof root === 'object' && 'id' in root && typeof root.id === 'string') return root.id;
  return undefined;
}

/** The tenant and owner (bookables) or assigned user (bookings) of an object a field belongs to. */
function ownedRoot(root: unknown): { tenantId: string; ownerUserId: string | null; assignedUserId: string | null } | undefined {
  if (!root || typeof root !== 'object' || !('tenantId' in root) || typeof root.tenantId !== 'string') return undefined;
  const ownerUserId = 'ownerUserId' in root && typeof root.ownerUserId === 'string' ? root.ownerUserId : null;
  const assignedUserId = 'assignedUserId' in root && typeof root.assignedUserId === 'string' ? root.assignedUserId : null;
  return { tenantId: root.tenantId, ownerUserId, assignedUserId };
}

/** The tenantId argument of an operation. */
const tenantArg = (args: Record<string, unknown>): string | undefined => (typeof args.tenantId === 'string' ? args.tenantId : undefined);
/** The id argument of an operation (a tenant's or a user's id, by operation). */
const idArg = (args: Record<string, unknown>): string | undefined => (typeof args.id === 'string' ? args.id : undefined);

const anyFlag = (area: PermissionArea, flags: readonly (keyof AccessFlags)[]) => (permissions: Permissions, tenantId: string) =>
  flags.some((flag) => hasFlag(permissions, tenantId, area, flag));
const readsSome = (area: PermissionArea) => (permissions: Permissions, tenantId: string) => canReadSome(permissions, tenantId, area);

/** Rules decided by the viewer's rights in the tenant of the operation's tenantId argument. */
const tenantRules: Partial<Record<AuthRule, (permissions: Permissions, tenantId: string) => boolean>> = {
  [AuthRule.MEMBER_READER]: canReadTenantMembers,
  [AuthRule.MEMBER_MANAGER]: canManageTenantMembers,
  [AuthRule.ROLE_READER]: readsSome('manageRoles'),
  [AuthRule.ROLE_WRITER]: anyFlag('manageRoles', ['create', 'updateAny', 'updateOwn']),
  [AuthRule.ROLE_DELETER]: anyFlag('manageRoles', ['deleteAny', 'deleteOwn']),
  [AuthRule.COUPON_READER]: readsSome('manageCoupons'),
  [AuthRule.COUPON_CREATOR]: anyFlag('manageCoupons', ['create']),
  [AuthRule.COUPON_UPDATER]: anyFlag('manageCoupons', ['updateAny', 'updateOwn']),
  [AuthRule.COUPON_DELETER]: anyFlag('manageCoupons', ['deleteAny', 'deleteOwn']),
  [AuthRule.BOOKABLE_STAFF]: (permissions, tenantId) => canReadSome(permissions, tenantId, 'manageBookables') || canEditBookables(permissions, tenantId),
  [AuthRule.BOOKABLE_EDITOR]: canEditBookables,
  [AuthRule.BOOKABLE_CREATOR]: anyFlag('manageBookables', ['create']),
  [AuthRule.BOOKABLE_UPDATER]: anyFlag('manageBookables', ['updateAny', 'updateOwn']),
  [AuthRule.BOOKABLE_DELETER]: anyFlag('manageBookables', ['deleteAny', 'deleteOwn']),
  [AuthRule.FILE_UPLOADER]: canUploadFiles,
  [AuthRule.FILE_DELETER]: canDeleteFiles,
  [AuthRule.BOOKING_READER]: readsSome('manageBookings'),
  [AuthRule.BOOKING_WRITER]: canWriteSomeBookings,
  [AuthRule.BOOKING_UPDATER]: anyFlag('manageBookings', ['updateAny', 'updateOwn']),
  [AuthRule.BOOKING_DELETER]: anyFlag('manageBookings', ['deleteAny', 'deleteOwn']),
  [AuthRule.WORKFLOW_READER]: canReadWorkflow,
  [AuthRule.WORKFLOW_MOVER]: canMoveWorkflowTasks,
};

export const authChecker: AuthChecker<GraphQLContext, AuthRule> = async ({ context, root, args }, rules) => {
  // Open to everyone at the field; BookingService.scheduleObjects checks every object asked for.
  if (rules.every((rule) => rule === AuthRule.SCHEDULE_READER)) return true;
  const viewer = await context.viewer();
  if (!viewer) throw new AppError('auth.unauthenticated');
  const { permissions } = viewer;
  const allowed = rules.every((rule) => {
    switch (rule) {
      case AuthRule.AUTHENTICATED:
        return true;
      case AuthRule.INSTANCE_OWNER:
        return permissions.instanceOwner;
      case AuthRule.API_TOKEN_MANAGER: {
        if (viewer.apiToken) return false;
        const tenantId = tenantArg(args);
        if (tenantId !== undefined) return hasFullAccess(permissions, tenantId);
        // By id the service checks the token's own tenant; without either, the instance's tokens.
        if (idArg(args) !== undefined) return true;
        return permissions.instanceOwner;
      }
      case AuthRule.CALENDAR_FEED_MANAGER: {
        if (viewer.apiToken) return false;
        const tenantId = tenantArg(args);
        if (tenantId !== undefined) return canManageCalendarFeeds(permissions, tenantId);
        return idArg(args) !== undefined;
      }
      case AuthRule.WEBHOOK_MANAGER: {
        if (viewer.apiToken) return false;
        const tenantId = tenantArg(args);
        if (tenantId !== undefined) return hasFullAccess(permissions, tenantId);
        return ['id', 'endpointId', 'deliveryId'].some((name) => typeof args[name] === 'string');
      }
      case AuthRule.TENANT_CREATOR:
        return canCreateTenant(permissions);
      case AuthRule.SELF:
        return permissions.instanceOwner || (rootId(root) ?? idArg(args)) === viewer.user.id;
      case AuthRule.CONTACT_READER:
        return permissions.instanceOwner || rootId(root) === viewer.user.id || (root as { contactDetailsShown?: unknown } | null)?.contactDetailsShown === true;
      case AuthRule.TENANT_OWNER: {
        const tenantId = rootId(root) ?? idArg(args) ?? tenantArg(args);
        return tenantId !== undefined && hasFullAccess(permissions, tenantId);
      }
      case AuthRule.BOOKABLE_STAFF: {
        const item = ownedRoot(root);
        if (item) return can(permissions, viewer.user.id, 'read', 'manageBookables', { tenantId: item.tenantId, ownerUserId: item.ownerUserId });
        break;
      }
      case AuthRule.BOOKING_READER: {
        const item = ownedRoot(root);
        if (item) return can(permissions, viewer.user.id, 'read', 'manageBookings', { tenantId: item.tenantId, assignedUserId: item.assignedUserId });
        break;
      }
    }
    const tenantRule = tenantRules[rule];
    const tenantId = tenantArg(args);
    return tenantRule !== undefined && tenantId !== undefined && tenantRule(permissions, tenantId);
  });
  if (!allowed) throw new AppError('auth.forbidden');
  return true;
};
