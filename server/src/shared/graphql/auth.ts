import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLNonNull } from 'graphql';
import { Authorized, Directive, type AuthChecker } from 'type-graphql';
import { AppError } from '../errors.js';
import { can, hasFullAccess } from '../permissions/permissions.js';
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

/** The tenant and owner of an object a field belongs to (bookables carry both). */
function ownedRoot(root: unknown): { tenantId: string; ownerUserId: string | null } | undefined {
  if (!root || typeof root !== 'object' || !('tenantId' in root) || typeof root.tenantId !== 'string') return undefined;
  const ownerUserId = 'ownerUserId' in root && typeof root.ownerUserId === 'string' ? root.ownerUserId : null;
  return { tenantId: root.tenantId, ownerUserId };
}

export const authChecker: AuthChecker<GraphQLContext, AuthRule> = async ({ context, root }, rules) => {
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
        return item !== undefined && can(permissions, viewer.user.id, 'read', 'manageBookables', item);
      }
    }
  });
  if (!allowed) throw new AppError('auth.forbidden');
  return true;
};
