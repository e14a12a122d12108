import { describe, expect, it } from 'vitest';
import type { AuthCheckerFn } from 'type-graphql';
import { emptyGrant, computePermissions } from '../../../../common/permissions/permissions.js';
import type { RoleGrant } from '../../../../common/permissions/model.js';
import { User } from '../../users/user.entity.js';
import { authRulesOf, buildAppSchema } from '../../schema.js';
import { authChecker as configuredAuthChecker, AuthRule, authRuleDescriptions, authRuleSentence } from './auth.js';
import type { GraphQLContext } from './context.js';

const authChecker = configuredAuthChecker as AuthCheckerFn<GraphQLContext, AuthRule>;
const TENANT = 'tenant-a';
const OTHER = 'tenant-b';
const noInstance = { ownerUserIds: [] as string[], allowAllUsersToCreateTenant: false, allowedUsersToCreateTenant: [] as string[] };

/** A viewer who is a member of TENANT with one role. */
function member(grant: Partial<RoleGrant>, userId = 'member@example.com') {
  const permissions = computePermissions(userId, noInstance, [{ tenantId: TENANT, isOwner: false, roles: [emptyGrant(grant)] }]);
  return { user: Object.assign(new User(), { id: userId }), permissions };
}

async function check(viewer: ReturnType<typeof member> & { apiToken?: { id: string; name: string; tenantId: string | null } }, rule: AuthRule, args: Record<string, unknown>): Promise<boolean> {
  try {
    return await authChecker({ context: { viewer: async () => viewer } as unknown as GraphQLContext, root: undefined, args, info: {} as never }, [rule]);
  } catch {
    return false;
  }
}

describe('operation rules (@auth on queries and mutations)', () => {
  it.each([
    [AuthRule.COUPON_CREATOR, { manageCoupons: { create: true } }, { manageCoupons: { updateAny: true } }],
    [AuthRule.COUPON_UPDATER, { manageCoupons: { updateOwn: true } }, { manageCoupons: { create: true } }],
    [AuthRule.COUPON_DELETER, { manageCoupons: { deleteAny: true } }, { manageCoupons: { updateAny: true } }],
    [AuthRule.COUPON_READER, { manageCoupons: { readOwn: true } }, { manageCoupons: { create: true } }],
    [AuthRule.ROLE_WRITER, { manageRoles: { create: true } }, { manageRoles: { readAny: true } }],
    [AuthRule.ROLE_DELETER, { manageRoles: { deleteOwn: true } }, { manageRoles: { updateAny: true } }],
    [AuthRule.BOOKABLE_CREATOR, { manageBookables: { create: true } }, { manageBookables: { updateAny: true } }],
    [AuthRule.BOOKABLE_UPDATER, { manageBookables: { updateAny: true } }, { manageBookables: { create: true } }],
    [AuthRule.BOOKABLE_DELETER, { manageBookables: { deleteAny: true } }, { manageBookables: { readAny: true } }],
    [AuthRule.BOOKABLE_EDITOR, { manageBookables: { updateOwn: true } }, { manageBookables: { readAny: true } }],
    [AuthRule.FILE_UPLOADER, { manageBookables: { create: true } }, { manageBookables: { deleteAny: true } }],
    [AuthRule.FILE_DELETER, { manageBookables: { deleteAny: true } }, { manageBookables: { deleteOwn: true } }],
    [AuthRule.MEMBER_READER, { manageUsers: { readAny: true } }, { manageUsers: { readOwn: true } }],
    [AuthRule.MEMBER_MANAGER, { manageUsers: { updateAny: true } }, { manageUsers: { readAny: true } }],
    [AuthRule.WORKFLOW_READER, { manageBookings: { readAny: true } }, { manageBookings: { readOwn: true } }],
    [AuthRule.WORKFLOW_MOVER, { manageBookings: { updateAny: true } }, { manageBookings: { updateOwn: true } }],
    [AuthRule.BOOKING_DELETER, { manageBookings: { deleteOwn: true } }, { manageBookings: { updateAny: true } }],
    [AuthRule.ALLOCATION_READER, { manageBookings: { readAny: true } }, { manageBookings: { readOwn: true } }],
    [AuthRule.ALLOCATION_MANAGER, { manageBookings: { updateAny: true } }, { manageBookings: { updateOwn: true } }],
  ] as [AuthRule, Partial<RoleGrant>, Partial<RoleGrant>][])('%s: granted by the right flag in the tenant of the operation, nowhere else', async (rule, granting, notGranting) => {
    expect(await check(member(granting), rule, { tenantId: TENANT })).toBe(true);
    expect(await check(member(granting), rule, { tenantId: OTHER })).toBe(false);
    expect(await check(member(granting), rule, {})).toBe(false);
    expect(await check(member(notGranting), rule, { tenantId: TENANT })).toBe(false);
  });

  it('TENANT_OWNER on an operation reads the tenant from id or tenantId; SELF from id', async () => {
    const owner = { ...member({}), permissions: computePermissions('owner@example.com', noInstance, [{ tenantId: TENANT, isOwner: true, roles: [] }]) };
    expect(await check(owner, AuthRule.TENANT_OWNER, { id: TENANT })).toBe(true);
    expect(await check(owner, AuthRule.TENANT_OWNER, { tenantId: TENANT })).toBe(true);
    expect(await check(owner, AuthRule.TENANT_OWNER, { id: OTHER })).toBe(false);
    expect(await check(member({ manageTenants: { updateAny: true } }), AuthRule.TENANT_OWNER, { id: TENANT })).toBe(false);
    expect(await check(member({}, 'erika@example.com'), AuthRule.SELF, { id: 'erika@example.com' })).toBe(true);
    expect(await check(member({}, 'erika@example.com'), AuthRule.SELF, { id: 'max@example.com' })).toBe(false);
  });

  it('API_TOKEN_MANAGER: owners of the tenantId, instance owners without one, never a request with a token', async () => {
    const owner = { ...member({}), permissions: computePermissions('owner@example.com', noInstance, [{ tenantId: TENANT, isOwner: true, roles: [] }]) };
    const instanceOwner = { ...member({}), permissions: computePermissions('admin@example.com', { ...noInstance, ownerUserIds: ['admin@example.com'] }, []) };
    expect(await check(owner, AuthRule.API_TOKEN_MANAGER, { tenantId: TENANT })).toBe(true);
    expect(await check(owner, AuthRule.API_TOKEN_MANAGER, { tenantId: OTHER })).toBe(false);
    expect(await check(owner, AuthRule.API_TOKEN_MANAGER, { tenantId: null })).toBe(false);
    expect(await check(instanceOwner, AuthRule.API_TOKEN_MANAGER, {})).toBe(true);
    expect(await check(member({ manageBookings: { readAny: true } }), AuthRule.API_TOKEN_MANAGER, { tenantId: TENANT })).toBe(false);
    const token = { ...instanceOwner, apiToken: { id: 't', name: 'Skript', tenantId: null } };
    expect(await check(token, AuthRule.API_TOKEN_MANAGER, { tenantId: TENANT })).toBe(false);
    expect(await check(token, AuthRule.API_TOKEN_MANAGER, { id: 't' })).toBe(false);
  });

  it('WEBHOOK_MANAGER: owners of the tenantId; by an id the service checks; never a request with a token', async () => {
    const owner = { ...member({}), permissions: computePermissions('owner@example.com', noInstance, [{ tenantId: TENANT, isOwner: true, roles: [] }]) };
    expect(await check(owner, AuthRule.WEBHOOK_MANAGER, { tenantId: TENANT })).toBe(true);
    expect(await check(owner, AuthRule.WEBHOOK_MANAGER, { tenantId: OTHER })).toBe(false);
    expect(await check(owner, AuthRule.WEBHOOK_MANAGER, { endpointId: 'e' })).toBe(true);
    expect(await check(owner, AuthRule.WEBHOOK_MANAGER, {})).toBe(false);
    expect(await check(member({ manageBookings: { readAny: true, updateAny: true } }), AuthRule.WEBHOOK_MANAGER, { tenantId: TENANT })).toBe(false);
    const token = { ...owner, apiToken: { id: 't', name: 'Skript', tenantId: TENANT } };
    expect(await check(token, AuthRule.WEBHOOK_MANAGER, { tenantId: TENANT })).toBe(false);
    expect(await check(token, AuthRule.WEBHOOK_MANAGER, { deliveryId: 'd' })).toBe(false);
  });

  it('SCHEDULE_READER lets everyone, also nobody signed in, reach the field: the service checks each object', async () => {
    const nobody = authChecker({ context: { viewer: async () => null } as unknown as GraphQLContext, root: undefined, args: { tenantId: TENANT }, info: {} as never }, [AuthRule.SCHEDULE_READER]);
    await expect(nobody).resolves.toBe(true);
    expect(await check(member({}), AuthRule.SCHEDULE_READER, { tenantId: OTHER })).toBe(true);
    // Beside another rule it opens nothing for nobody.
    const mixed = authChecker({ context: { viewer: async () => null } as unknown as GraphQLContext, root: undefined, args: { tenantId: TENANT }, info: {} as never }, [AuthRule.SCHEDULE_READER, AuthRule.BOOKING_READER]);
    await expect(mixed).rejects.toMatchObject({ code: 'auth.unauthenticated' });
  });

  it('lets an instance owner pass every rule', async () => {
    const instanceOwner = { ...member({}), permissions: computePermissions('admin@example.com', { ...noInstance, ownerUserIds: ['admin@example.com'] }, []) };
    for (const rule of Object.values(AuthRule)) expect(await check(instanceOwner, rule, { tenantId: OTHER, id: OTHER })).toBe(true);
  });
});

describe('the schema names the rule of every guarded operation', () => {
  it('guards every mutation that acts in a tenant with a rule more specific than being signed in', async () => {
    const schema = await buildAppSchema();
    const mutations = Object.values(schema.getMutationType()!.getFields());
    const tenantMutations = mutations.filter((field) => field.args.some((arg) => arg.name === 'tenantId' || (arg.name === 'id' && field.name.includes('Tenant'))));
    const ruleOf = (field: (typeof mutations)[number]) => {
      const directive = field.astNode?.directives?.find((candidate) => candidate.name.value === 'auth');
      const value = directive?.arguments?.find((argument) => argument.name.value === 'requires')?.value;
      return value?.kind === 'EnumValue' ? value.value : undefined;
    };
    // Checkout, the public cancellation and the like are public on purpose: they carry no rule at all.
    const guarded = tenantMutations.filter((field) => ruleOf(field) !== undefined);
    const unguarded = guarded.filter((field) => ruleOf(field) === AuthRule.AUTHENTICATED);
    expect(guarded.length).toBeGreaterThan(20);
    expect(unguarded.map((field) => field.name)).toEqual([]);
  });
});

describe('the schema tells introspecting clients who may read each field', () => {
  it('every rule has a description of who it lets through', () => {
    const undescribed = Object.values(AuthRule).filter((rule) => !(authRuleDescriptions[rule]?.trim().length > 10));
    expect(undescribed, `rules without a description in authRuleDescriptions: ${undescribed.join(', ')}`).toEqual([]);
  });

  it('every field with @auth ends its description with its rule and what the rule means', async () => {
    const schema = await buildAppSchema();
    const guarded: string[] = [];
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !('getFields' in type) || !('isTypeOf' in type || 'resolveType' in type)) continue;
      for (const field of Object.values(type.getFields())) {
        const rules = authRulesOf(field);
        if (rules.length === 0) continue;
        guarded.push(`${type.name}.${field.name}`);
        if (!field.description?.endsWith(rules.map(authRuleSentence).join(' '))) missing.push(`${type.name}.${field.name}`);
      }
    }
    expect(guarded.length).toBeGreaterThan(100);
    expect(missing, `fields whose description does not name their @auth rule: ${missing.join(', ')}`).toEqual([]);
    expect(schema.getQueryType()!.getFields().bookings.description).toContain(
      "Rule: BOOKING_READER – staff who may read the tenant's bookings (manageBookings readAny for all, readOwn for those assigned to them).",
    );
    // The enum carries the same texts, so GraphiQL explains the rule where it is listed too.
    expect(schema.getType('AuthRule')?.toConfig()).toMatchObject({ values: { INSTANCE_OWNER: { description: authRuleDescriptions[AuthRule.INSTANCE_OWNER] } } });
  });

  it('every query, mutation and subscription has a description', async () => {
    const schema = await buildAppSchema();
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) => (type ? [type] : []));
    const undescribed = roots.flatMap((type) => Object.values(type.getFields()).filter((field) => !field.description?.trim()).map((field) => `${type.name}.${field.name}`));
    expect(undescribed, `root fields without a description (add { description } to their @Query/@Mutation/@Subscription): ${undescribed.join(', ')}`).toEqual([]);
  });
});

describe('CONTACT_READER on a user object', () => {
  const readsContact = async (viewer: ReturnType<typeof member>, root: Record<string, unknown>) => {
    try {
      return await authChecker({ context: { viewer: async () => viewer } as unknown as GraphQLContext, root, args: {}, info: {} as never }, [AuthRule.CONTACT_READER]);
    } catch {
      return false;
    }
  };

  it('passes for the user himself and where the users service decided so, for nobody else', async () => {
    const erika = member({}, 'erika@example.com');
    expect(await readsContact(erika, { id: 'erika@example.com' })).toBe(true);
    expect(await readsContact(erika, { id: 'max@example.com', contactDetailsShown: true })).toBe(true);
    expect(await readsContact(erika, { id: 'max@example.com', contactDetailsShown: false })).toBe(false);
    expect(await readsContact(erika, { id: 'max@example.com' })).toBe(false);
  });
});
