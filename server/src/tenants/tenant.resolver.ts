import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { graphqlPagingSchema, pagingDetail, WHOLE_LIST_CAP, wholeListPageBounds } from '../../../common/validation/paging.js';
import { parseInput } from '../shared/schema-input.js';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { Tenant } from './tenant.entity.js';
import type { MemberList } from './tenant-members.service.js';
import { applicationView } from './tenant.service.js';
import { PaymentApp, TenantApplicationType, TenantInput, TenantMembers, TenantPageType, TenantPrivacy, TenantRoleRef } from './tenant.types.js';

const members = (tenantId: string, list: MemberList): TenantMembers => ({ tenantId, ...list });

/** Tenants, their members and owners over GraphQL; the same TenantService and TenantMemberService as the REST facade. */
@Resolver(() => Tenant)
export class TenantResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Tenant], {
    description: `Tenants the signed-in user works in, by name, at most the first ${WHOLE_LIST_CAP}: those of a membership, every tenant for instance owners. tenantPage pages and searches the same tenants.`,
  })
  async tenants(
    @Arg('onlyOwn', { defaultValue: true, deprecationReason: 'Both values give the same list: the tenants the user works in.' }) _onlyOwn: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<Tenant[]> {
    const viewer = await requireViewer(context);
    return context.services.tenants.listForViewer(viewer.permissions);
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => TenantPageType, { description: 'The tenants of `tenants` one page at a time, by name, without its cap: those of a membership, every tenant for instance owners.' })
  async tenantPage(
    @Arg('first', () => Int, { nullable: true, description: `Page size 1 to ${wholeListPageBounds.maxSize} (default ${wholeListPageBounds.defaultSize}).` }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before: the page starts after that tenant. A cursor of another list is GENERIC_VALIDATION.' })
    after: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Words separated by spaces; each must occur in the id, name, contact, address, e-mail or phone (any case).' }) search: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<TenantPageType> {
    const paging = parseInput(graphqlPagingSchema(wholeListPageBounds), { first, after }, { detail: pagingDetail });
    const viewer = await requireViewer(context);
    const page = await context.services.tenants.page(viewer.permissions, 'worksIn', { search, paging });
    return { items: page.tenants, totalCount: page.totalCount, pageInfo: page.pageInfo };
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Query(() => Tenant, { description: 'One tenant with all settings: its owners and instance owners only.' })
  async tenant(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<Tenant> {
    return context.services.tenants.get(await requireViewer(context), id);
  }

  @Query(() => [PaymentApp], { description: 'Public: the active payment applications of a tenant.' })
  paymentApps(@Arg('tenantId', () => ID) tenantId: string, @Ctx() { services }: GraphQLContext): Promise<PaymentApp[]> {
    return services.tenants.paymentApps(tenantId);
  }

  @Query(() => TenantPrivacy, { description: "Public: the tenant's privacy notice and the link to its privacy statement (empty when not set)." })
  tenantPrivacy(@Arg('tenantId', () => ID) tenantId: string, @Ctx() { services }: GraphQLContext): Promise<TenantPrivacy> {
    return services.tenants.privacy(tenantId);
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => Boolean, { description: 'Whether the tenant quota of the instance allows another tenant.' })
  async tenantQuotaAvailable(@Ctx() context: GraphQLContext): Promise<boolean> {
    await requireViewer(context);
    return context.services.tenants.mayCreateAnother();
  }

  @Auth(AuthRule.TENANT_CREATOR)
  @Mutation(() => Tenant, { description: 'Creates a tenant; the caller becomes its owner. Needs the create-tenant right and free quota.' })
  async createTenant(@Arg('input', () => TenantInput) input: TenantInput, @Ctx() context: GraphQLContext): Promise<Tenant> {
    return context.services.tenants.create(await requireViewer(context), { ...input }, 'graphql');
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => Boolean, { description: 'Deletes the tenant with its roles, memberships and workflow.' })
  async deleteTenant(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.tenants.delete(await requireViewer(context), id, 'graphql');
    return true;
  }

  @Auth(AuthRule.TENANT_OWNER)
  @FieldResolver(() => [TenantApplicationType], { nullable: true, description: 'Payment and locker applications, without secrets.' })
  applications(@Root() tenant: Tenant): TenantApplicationType[] {
    return tenant.applications.map((application) => applicationView(application) as unknown as TenantApplicationType);
  }

  @Auth(AuthRule.TENANT_OWNER)
  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether an SMTP password is stored (the password itself is write-only).' })
  noreplyPasswordSet(@Root() tenant: Tenant): boolean {
    return Boolean(tenant.noreplyPassword);
  }

  @Auth(AuthRule.TENANT_OWNER)
  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether an Office365 Graph client secret is stored.' })
  noreplyGraphClientSecretSet(@Root() tenant: Tenant): boolean {
    return Boolean(tenant.noreplyGraphClientSecret);
  }
}

/** Members and owners of a tenant. */
@Resolver(() => TenantMembers)
export class TenantMemberResolver {
  @Auth(AuthRule.MEMBER_READER)
  @Query(() => TenantMembers, { description: 'Members (with role ids) and owners: owners, instance owners and manageUsers readers.' })
  async tenantMembers(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.members(await requireViewer(context), tenantId));
  }

  @FieldResolver(() => [TenantRoleRef], { description: 'The roles of the tenant, to choose from.' })
  async roles(@Root() list: TenantMembers, @Ctx() context: GraphQLContext): Promise<TenantRoleRef[]> {
    return context.services.tenantMembers.rolesOf(await requireViewer(context), list.tenantId);
  }

  @Auth(AuthRule.MEMBER_MANAGER)
  @Mutation(() => TenantMembers, { description: 'Adds a registered user with roles (TENANT_USER_NOT_FOUND for unknown accounts).' })
  async addTenantMember(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('userId') userId: string,
    @Arg('roles', () => [String], { defaultValue: [] }) roles: string[],
    @Ctx() context: GraphQLContext,
  ): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.addMember(await requireViewer(context), tenantId, userId, roles, 'graphql'));
  }

  @Auth(AuthRule.MEMBER_MANAGER)
  @Mutation(() => TenantMembers, { description: "Replaces a member's roles with those of the given role ids that exist in the tenant (other ids are left out)." })
  async editTenantMemberRoles(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('userId') userId: string,
    @Arg('roles', () => [String]) roles: string[],
    @Ctx() context: GraphQLContext,
  ): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.editMemberRoles(await requireViewer(context), tenantId, userId, roles, 'graphql'));
  }

  @Auth(AuthRule.MEMBER_MANAGER)
  @Mutation(() => TenantMembers, { description: 'Removes one role from a member.' })
  async removeTenantMemberRole(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('userId') userId: string,
    @Arg('roleId') roleId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.removeMemberRole(await requireViewer(context), tenantId, userId, roleId, 'graphql'));
  }

  @Auth(AuthRule.MEMBER_MANAGER)
  @Mutation(() => TenantMembers, { description: 'Removes membership and ownership; never the last owner.' })
  async removeTenantMember(@Arg('tenantId', () => ID) tenantId: string, @Arg('userId') userId: string, @Ctx() context: GraphQLContext): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.removeMember(await requireViewer(context), tenantId, userId, 'graphql'));
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => TenantMembers, { description: 'Makes a registered user an owner ("Zum Besitzer machen"): owners and instance owners only.' })
  async addTenantOwner(@Arg('tenantId', () => ID) tenantId: string, @Arg('userId') userId: string, @Ctx() context: GraphQLContext): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.addOwner(await requireViewer(context), tenantId, userId, 'graphql'));
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => TenantMembers, { description: 'Makes an owner a plain member ("Zum Mitglied machen"); never the last owner.' })
  async removeTenantOwner(@Arg('tenantId', () => ID) tenantId: string, @Arg('userId') userId: string, @Ctx() context: GraphQLContext): Promise<TenantMembers> {
    return members(tenantId, await context.services.tenantMembers.removeOwner(await requireViewer(context), tenantId, userId, 'graphql'));
  }
}
