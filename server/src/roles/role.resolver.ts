import { Arg, Ctx, Field, FieldResolver, ID, InputType, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { AccessFlagsType, fullFlags } from '../users/session.types.js';
import { Role } from '../tenants/role.entity.js';

@InputType({ description: 'The seven access flags of one permission area; missing flags count as false on create and stay unchanged on update.' })
export class AccessFlagsInput {
  @Field({ nullable: true }) create?: boolean;
  @Field({ nullable: true }) readOwn?: boolean;
  @Field({ nullable: true }) readAny?: boolean;
  @Field({ nullable: true }) updateOwn?: boolean;
  @Field({ nullable: true }) updateAny?: boolean;
  @Field({ nullable: true }) deleteOwn?: boolean;
  @Field({ nullable: true }) deleteAny?: boolean;
}

@InputType({ description: 'A role to create (no id, or an id unknown in the tenant) or update (its id). Absent fields stay unchanged on update.' })
export class RoleInput {
  @Field(() => ID, { nullable: true }) id?: string;
  @Field(() => String, { nullable: true, description: 'Required on create.' }) name?: string;
  @Field(() => [String], { nullable: true }) adminInterfaces?: string[];
  @Field({ nullable: true }) freeBookings?: boolean;
  @Field(() => AccessFlagsInput, { nullable: true }) manageRoles?: AccessFlagsInput;
  @Field(() => AccessFlagsInput, { nullable: true }) manageUsers?: AccessFlagsInput;
  @Field(() => AccessFlagsInput, { nullable: true }) manageTenants?: AccessFlagsInput;
  @Field(() => AccessFlagsInput, { nullable: true }) manageBookings?: AccessFlagsInput;
  @Field(() => AccessFlagsInput, { nullable: true }) manageBookables?: AccessFlagsInput;
  @Field(() => AccessFlagsInput, { nullable: true }) manageCoupons?: AccessFlagsInput;
}

/** Plain object copy of a GraphQL input (type-graphql builds class instances with undefined fields). */
function plain(input: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}

/**
 * Roles over GraphQL; the same RoleService as REST api/{tenantId}/roles. Every operation needs a
 * session; the service decides with the manageRoles flags (ALLOW, ownership by ownerUserId).
 */
@Resolver(() => Role)
export class RoleResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Role], { description: "The tenant's roles the viewer may read (manageRoles read flags; owners all)." })
  async roles(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<Role[]> {
    return context.services.roles.list(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Role], { description: 'Every role the viewer may read across the own tenants (instance owners: all tenants).' })
  async allRoles(@Ctx() context: GraphQLContext): Promise<Role[]> {
    return context.services.roles.listReadable(await requireViewer(context));
  }

  @Auth(AuthRule.ROLE_READER)
  @Query(() => Role, { description: 'One role; NOT_FOUND or FORBIDDEN otherwise.' })
  async role(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<Role> {
    return context.services.roles.get(await requireViewer(context), tenantId, id);
  }

  @Auth(AuthRule.ROLE_WRITER)
  @Mutation(() => Role, { description: 'Creates (manageRoles.create) or updates (updateAny, or updateOwn on an own role) a role.' })
  async saveRole(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => RoleInput) input: RoleInput, @Ctx() context: GraphQLContext): Promise<Role> {
    const { role } = await context.services.roles.save(await requireViewer(context), tenantId, plain(input), 'graphql');
    return role;
  }

  @Auth(AuthRule.ROLE_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes a role (deleteAny, or deleteOwn on an own role); members lose it.' })
  async deleteRole(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.roles.remove(await requireViewer(context), tenantId, id, 'graphql');
    return true;
  }

  @FieldResolver(() => ID)
  tenantId(@Root() role: Role): string {
    return role.tenant.id;
  }

  @FieldResolver(() => AccessFlagsType)
  manageRoles(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageRoles);
  }

  @FieldResolver(() => AccessFlagsType)
  manageUsers(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageUsers);
  }

  @FieldResolver(() => AccessFlagsType)
  manageTenants(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageTenants);
  }

  @FieldResolver(() => AccessFlagsType)
  manageBookings(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageBookings);
  }

  @FieldResolver(() => AccessFlagsType)
  manageBookables(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageBookables);
  }

  @FieldResolver(() => AccessFlagsType)
  manageCoupons(@Root() role: Role): AccessFlagsType {
    return fullFlags(role.manageCoupons);
  }
}
