import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull } from 'graphql';
import { Authorized, Directive, type AuthChecker } from 'type-graphql';
import { AppError } from '../errors.js';
import { can, canReadSome, hasFlag, hasFullAccess } from '../../../../common/permissions/permissions.js';
import type { GraphQLContext } from './context.js';

/**
 * Field-level authorisation. `@Auth(rule)` registers the rule with type-graphql's authorisation
 * (enforced by `authChecker` below, which asks the permission module) and prints it as
 * `@auth(requires: RULE)` in schema.graphql, so integrators see who may read what.
 */
export enum AuthRule {
  /** Any signed-in user. */
  AUTHENTICATED = 'AUTHENTICATED',
  /** The user the object describes, or an instance owner. */
  SELF = 'SELF',
  /** An owner of the tenant the object describes, or an instance owner. */
  TENANT_OWNER = 'TENANT_OWNER',
  /** An instance owner. */
  INSTANCE_OWNER = 'INSTANCE_OWNER',
  /** Who may read the bookable object in the administration: ALLOW(read, manageBookables) on its tenant and owner. */
  BOOKABLE_STAFF = 'BOOKABLE_STAFF',
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

export const authChecker: AuthChecker<GraphQLContext, AuthRule> = async ({ context, root, args }, rules) => {
  const viewer = await context.viewer();
  if (!viewer) throw new AppError('auth.unauthenticated');
  const { permissions } = viewer;
  const allowed = rules.every((rule) => {
    switch (rule) {
      case AuthRule.AUTHENTICATED:
        return true;
      case AuthRule.INSTANCE_OWNER:
        return permissions.instanceOwner;
      case AuthRule.SELF:
        return permissions.instanceOwner || rootId(root) === viewer.user.id;
      case AuthRule.TENANT_OWNER: {
        const tenantId = rootId(root);
        return tenantId !== undefined && hasFullAccess(permissions, tenantId);
      }
      case AuthRule.BOOKABLE_STAFF: {
        const item = ownedRoot(root);
        return item !== undefined && can(permissions, viewer.user.id, 'read', 'manageBookables', { tenantId: item.tenantId, ownerUserId: item.ownerUserId });
      }
      case AuthRule.BOOKING_READER: {
        const item = ownedRoot(root);
        if (item) return can(permissions, viewer.user.id, 'read', 'manageBookings', { tenantId: item.tenantId, assignedUserId: item.assignedUserId });
        const tenantId = tenantArg(args);
        return tenantId !== undefined && canReadSome(permissions, tenantId, 'manageBookings');
      }
      case AuthRule.BOOKING_WRITER: {
        const tenantId = tenantArg(args);
        return tenantId !== undefined && (['create', 'updateAny', 'updateOwn'] as const).some((flag) => hasFlag(permissions, tenantId, 'manageBookings', flag));
      }
      case AuthRule.BOOKING_UPDATER: {
        const tenantId = tenantArg(args);
        return tenantId !== undefined && (hasFlag(permissions, tenantId, 'manageBookings', 'updateAny') || hasFlag(permissions, tenantId, 'manageBookings', 'updateOwn'));
      }
      case AuthRule.BOOKING_DELETER: {
        const tenantId = tenantArg(args);
        return tenantId !== undefined && (hasFlag(permissions, tenantId, 'manageBookings', 'deleteAny') || hasFlag(permissions, tenantId, 'manageBookings', 'deleteOwn'));
      }
    }
  });
  if (!allowed) throw new AppError('auth.forbidden');
  return true;
};
