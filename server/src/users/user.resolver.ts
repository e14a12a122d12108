import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { graphqlPagingSchema, pagingDetail, UNPAGED_LIST_CAP, userPageBounds } from '../../../common/validation/paging.js';
import { parseInput } from '../shared/schema-input.js';
import { requireViewer } from './actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { User } from './user.entity.js';
import type { UserWithRoles } from './user.service.js';
import { CreateUserInput, UpdateUserInput, UserPageType, UserTenantRoleType } from './user.types.js';

/** The users administration over GraphQL; the same UserService as api/users of the REST facade. */
@Resolver(() => User)
export class UserResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => UserPageType, {
    description:
      'The accounts the caller may see, newest first, one page at a time. Instance owners: every account; owners of tenants: the accounts belonging to those tenants and their own; everyone else: the own account.',
  })
  async userPage(
    @Arg('first', () => Int, { nullable: true, description: `Page size 1 to ${userPageBounds.maxSize} (default ${userPageBounds.defaultSize}).` }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before: the page starts after that account, whatever was added meanwhile. A cursor of another list is GENERIC_VALIDATION.' })
    after: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Words separated by spaces; each must occur in the e-mail address, the first or the last name (any case).' }) search: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<UserPageType> {
    const paging = parseInput(graphqlPagingSchema(userPageBounds), { first, after }, { detail: pagingDetail });
    const page = await context.services.users.page(await requireViewer(context), { search, paging });
    return { items: page.users, totalCount: page.totalCount, pageInfo: page.pageInfo };
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [User], {
    description: `Newest first, at most the first ${UNPAGED_LIST_CAP}; the same accounts as userPage.`,
    deprecationReason: `Answers at most ${UNPAGED_LIST_CAP} accounts: use userPage, which pages and searches.`,
  })
  async users(@Ctx() context: GraphQLContext): Promise<User[]> {
    return context.services.users.list(await requireViewer(context));
  }

  @Auth(AuthRule.ACCOUNT_READER)
  @Query(() => User, { description: 'One account by its id (e-mail address); an account the caller may not see is not found, like an unknown one.' })
  async user(@Arg('id') id: string, @Ctx() context: GraphQLContext): Promise<User> {
    return context.services.users.getForViewer(await requireViewer(context), id);
  }

  @Auth(AuthRule.ACCOUNT_ID_READER)
  @Query(() => [String], {
    description: `User ids in alphabetical order, at most the first ${UNPAGED_LIST_CAP}: all for instance owners, else the members of the tenants whose members the caller may see; with roles, only members holding one of these role ids there. For more, page through userPage.`,
  })
  async userIds(@Arg('roles', () => [String], { nullable: true }) roles: string[] | undefined, @Ctx() context: GraphQLContext): Promise<string[]> {
    return context.services.users.ids(await requireViewer(context), roles ?? undefined);
  }

  @Auth(AuthRule.INSTANCE_OWNER)
  @Mutation(() => User, { description: 'Changes an account, including the verified and suspended flags.' })
  async updateUser(@Arg('input', () => UpdateUserInput) input: UpdateUserInput, @Ctx() context: GraphQLContext): Promise<User> {
    return context.services.users.adminUpdate(await requireViewer(context), { ...input });
  }

  @Auth(AuthRule.INSTANCE_OWNER)
  @Mutation(() => User, { description: 'Creates an account with a password (no verification mail).' })
  async createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() context: GraphQLContext): Promise<User> {
    return context.services.users.adminCreate(await requireViewer(context), { ...input });
  }

  @Auth(AuthRule.SELF)
  @Mutation(() => Boolean, { description: 'Deletes an account: instance owners any, everyone else only their own.' })
  async deleteUser(@Arg('id') id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.users.delete(await requireViewer(context), id);
    return true;
  }

  @Auth(AuthRule.AUTHENTICATED)
  @FieldResolver(() => [UserTenantRoleType], { description: 'Roles per tenant, in the tenants whose members the caller may manage (all for instance owners).' })
  async roles(@Root() user: User, @Ctx() context: GraphQLContext): Promise<UserTenantRoleType[]> {
    const known = (user as Partial<UserWithRoles>).tenantRoles;
    if (known) return known;
    const roles = await context.services.users.rolesOf(await requireViewer(context), [user.id]);
    return roles.get(user.id) ?? [];
  }
}
