import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
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
  canManageAllocationRounds,
  canMoveWorkflowTasks,
  canReadAllocationRounds,
  canReadSome,
  canWriteSomeBookings,
  canReadTenantMembers,
  canReadWorkflow,
  canUploadFiles,
  hasFlag,
  hasFullAccess,
} from '../../../../common/permissions/permissions.js';
import { assertTokenTenant } from '../token-scope.js';
import type { GraphQLContext } from './context.js';

/**
 * Field-level authorisation. `@Auth(rule)` registers the rule with type-graphql's authorisation
 * (enforced by `authChecker` below, which asks the permission module) and prints it as
 * `@auth(requires: RULE)` in schema.graphql; introspection drops directives, so the schema build
 * also appends each rule's description (authRuleDescriptions) to the field's description.
 */
export enum AuthRule {
  AUTHENTICATED = 'AUTHENTICATED',
  SELF = 'SELF',
  ACCOUNT_HOLDER = 'ACCOUNT_HOLDER',
  ACCOUNT_READER = 'ACCOUNT_READER',
  ACCOUNT_ID_READER = 'ACCOUNT_ID_READER',
  CONTACT_READER = 'CONTACT_READER',
  TENANT_OWNER = 'TENANT_OWNER',
  INSTANCE_OWNER = 'INSTANCE_OWNER',
  API_TOKEN_MANAGER = 'API_TOKEN_MANAGER',
  CALENDAR_FEED_MANAGER = 'CALENDAR_FEED_MANAGER',
  WEBHOOK_MANAGER = 'WEBHOOK_MANAGER',
  TENANT_CREATOR = 'TENANT_CREATOR',
  MEMBER_READER = 'MEMBER_READER',
  MEMBER_MANAGER = 'MEMBER_MANAGER',
  ROLE_READER = 'ROLE_READER',
  ROLE_WRITER = 'ROLE_WRITER',
  ROLE_DELETER = 'ROLE_DELETER',
  COUPON_READER = 'COUPON_READER',
  COUPON_CREATOR = 'COUPON_CREATOR',
  COUPON_UPDATER = 'COUPON_UPDATER',
  COUPON_DELETER = 'COUPON_DELETER',
  BOOKABLE_STAFF = 'BOOKABLE_STAFF',
  BOOKABLE_EDITOR = 'BOOKABLE_EDITOR',
  BOOKABLE_CREATOR = 'BOOKABLE_CREATOR',
  BOOKABLE_UPDATER = 'BOOKABLE_UPDATER',
  BOOKABLE_DELETER = 'BOOKABLE_DELETER',
  FILE_UPLOADER = 'FILE_UPLOADER',
  FILE_DELETER = 'FILE_DELETER',
  BOOKING_READER = 'BOOKING_READER',
  BOOKING_WRITER = 'BOOKING_WRITER',
  BOOKING_UPDATER = 'BOOKING_UPDATER',
  BOOKING_DELETER = 'BOOKING_DELETER',
  SCHEDULE_READER = 'SCHEDULE_READER',
  WORKFLOW_READER = 'WORKFLOW_READER',
  WORKFLOW_MOVER = 'WORKFLOW_MOVER',
  ALLOCATION_READER = 'ALLOCATION_READER',
  ALLOCATION_MANAGER = 'ALLOCATION_MANAGER',
}

/**
 * What each rule means, the one place: the schema shows it on the AuthRule enum and on every guarded
 * field (describeGuardedFields), so GraphiQL and introspecting clients see who may read what. Rights
 * are named as the role editor names them: an area (manageBookings …) and its flags (readAny …).
 */
export const authRuleDescriptions: Record<AuthRule, string> = {
  [AuthRule.AUTHENTICATED]: 'any signed-in user or API token; what it returns is the viewer\'s own or filtered to what the viewer may read',
  [AuthRule.SELF]: 'the user the object (or the id argument) describes, or an instance owner',
  [AuthRule.ACCOUNT_HOLDER]: 'a person signed in with an account of their own, never an API token; what it does is the account\'s own (e.g. its applications to allocation rounds)',
  [AuthRule.ACCOUNT_READER]:
    'one account: the account itself, instance owners and owners of a tenant the account belongs to; for anyone else it is not found, as an unknown address',
  [AuthRule.ACCOUNT_ID_READER]:
    'account ids: instance owners all, and who may see a tenant\'s members (manageUsers readAny or updateAny) those tenants\' members; anyone else (also an OCCUPANCY_READ token) is refused',
  [AuthRule.CONTACT_READER]:
    'a user\'s contact details: the user, an instance owner, or staff of a tenant the user belongs to or booked in',
  [AuthRule.TENANT_OWNER]: 'owners of the tenant the object (or the id or tenantId argument) names, and instance owners',
  [AuthRule.INSTANCE_OWNER]: 'instance owners only',
  [AuthRule.API_TOKEN_MANAGER]:
    'managing API tokens, signed in in person (never with a token): owners of the tenantId argument\'s tenant, instance owners for instance tokens',
  [AuthRule.CALENDAR_FEED_MANAGER]:
    'calendar feeds, signed in in person (never with a token): staff of the tenant who read bookings or edit objects; a feed with customer data needs manageBookings readAny',
  [AuthRule.WEBHOOK_MANAGER]: 'managing webhooks, signed in in person (never with a token): owners of the tenantId argument\'s tenant',
  [AuthRule.TENANT_CREATOR]: 'who may create tenants: instance owners and the users the instance allows',
  [AuthRule.MEMBER_READER]: 'who may see the tenant\'s members (manageUsers readAny or updateAny)',
  [AuthRule.MEMBER_MANAGER]: 'who may add and remove the tenant\'s members and their roles (manageUsers updateAny)',
  [AuthRule.ROLE_READER]: 'who may read the tenant\'s roles (manageRoles readAny, or readOwn for their own roles)',
  [AuthRule.ROLE_WRITER]: 'who may create or change roles (manageRoles create, updateAny or updateOwn; the role itself is checked too)',
  [AuthRule.ROLE_DELETER]: 'who may delete roles (manageRoles deleteAny or deleteOwn; the role itself is checked too)',
  [AuthRule.COUPON_READER]: 'who may read the tenant\'s coupons (manageCoupons readAny, or readOwn for their own)',
  [AuthRule.COUPON_CREATOR]: 'who may create coupons (manageCoupons create)',
  [AuthRule.COUPON_UPDATER]: 'who may change coupons (manageCoupons updateAny or updateOwn; the coupon itself is checked too)',
  [AuthRule.COUPON_DELETER]: 'who may delete coupons (manageCoupons deleteAny or deleteOwn; the coupon itself is checked too)',
  [AuthRule.BOOKABLE_STAFF]:
    'staff who may read bookable objects and events in the administration (manageBookables readAny, or readOwn for objects they own, or the editor\'s rights)',
  [AuthRule.BOOKABLE_EDITOR]: 'who may work in the object and event editor (manageBookables create, updateAny or updateOwn)',
  [AuthRule.BOOKABLE_CREATOR]: 'who may create and duplicate objects and events (manageBookables create)',
  [AuthRule.BOOKABLE_UPDATER]: 'who may change objects and events (manageBookables updateAny, or updateOwn for their own)',
  [AuthRule.BOOKABLE_DELETER]: 'who may delete objects and events (manageBookables deleteAny, or deleteOwn for their own)',
  [AuthRule.FILE_UPLOADER]: 'who may upload files: as BOOKABLE_EDITOR',
  [AuthRule.FILE_DELETER]: 'who may delete files, which have no owner (manageBookables deleteAny)',
  [AuthRule.BOOKING_READER]:
    'staff who may read the tenant\'s bookings (manageBookings readAny for all, readOwn for those assigned to them)',
  [AuthRule.BOOKING_WRITER]: 'who may create or change the tenant\'s bookings (manageBookings create, updateAny or updateOwn; the booking itself is checked too)',
  [AuthRule.BOOKING_UPDATER]: 'who may release and reject bookings (manageBookings updateAny, or updateOwn for those assigned to them)',
  [AuthRule.BOOKING_DELETER]: 'who may delete bookings (manageBookings deleteAny, or deleteOwn for those assigned to them)',
  [AuthRule.SCHEDULE_READER]:
    'open at the field, decided per object by the service: the room schedule carries no personal data, so objects shown to the public are open to anyone (also without signing in, also an OCCUPANCY_READ token); other objects only to staff who read the tenant\'s bookings (manageBookings readAny or readOwn); objects the viewer may not watch are not found',
  [AuthRule.WORKFLOW_READER]: 'who may see the tenant\'s workflow and its board (manageBookings readAny)',
  [AuthRule.WORKFLOW_MOVER]: 'who may move and archive bookings on the board (manageBookings updateAny)',
  [AuthRule.ALLOCATION_READER]: 'who may read the tenant\'s allocation rounds with every application, wish and the allocation grid (manageBookings readAny)',
  [AuthRule.ALLOCATION_MANAGER]:
    'who may run allocation rounds: create and change rounds, decide wishes and publish, which books series for any applicant (manageBookings updateAny)',
};

/** The sentence a guarded field's description ends with. */
export function authRuleSentence(rule: AuthRule): string {
  return `Rule: ${rule} – ${authRuleDescriptions[rule]}.`;
}

export const authRuleEnum = new GraphQLEnumType({
  name: 'AuthRule',
  description: 'Who may read a field or run an operation.',
  values: Object.fromEntries(Object.values(AuthRule).map((rule) => [rule, { value: rule, description: authRuleDescriptions[rule] }])),
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
  [AuthRule.ALLOCATION_READER]: canReadAllocationRounds,
  [AuthRule.ALLOCATION_MANAGER]: canManageAllocationRounds,
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
      case AuthRule.ACCOUNT_READER:
        // UserService.getForViewer answers NOT_FOUND alike for unknown and hidden accounts.
        return true;
      case AuthRule.ACCOUNT_ID_READER:
        return permissions.instanceOwner || permissions.tenants.some((entry) => canReadTenantMembers(permissions, entry.tenantId));
      case AuthRule.ACCOUNT_HOLDER:
        return !viewer.apiToken;
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

type RootResolver = GraphQLFieldResolver<unknown, GraphQLContext, Record<string, unknown>>;

/** The resolver, run only once the viewer's token (if any) belongs to the tenantId argument's tenant. */
function withinTokenTenant(resolve: RootResolver): RootResolver {
  return async (root, args, context, info) => {
    if (typeof args.tenantId === 'string') assertTokenTenant(await context.viewer(), args.tenantId);
    return resolve(root, args, context, info);
  };
}

/**
 * Every query, mutation and subscription with a tenantId argument refuses an API token of another
 * tenant (shared/token-scope.ts), also those open to guests, whose @auth rules never run. Wrapping
 * the root fields once keeps the check out of every resolver and costs nothing on nested fields.
 */
export function scopeTokensToTheirTenant(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: (field) => {
      if (!field.args || !('tenantId' in field.args)) return field;
      return {
        ...field,
        resolve: field.resolve ? withinTokenTenant(field.resolve as RootResolver) : field.resolve,
        subscribe: field.subscribe ? withinTokenTenant(field.subscribe as RootResolver) : field.subscribe,
      };
    },
  });
}
