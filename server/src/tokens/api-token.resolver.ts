import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';
import { ApiTokenInput, ApiTokenType, CreatedApiToken } from './api-token.types.js';

/** Plain object copy of a GraphQL input (type-graphql builds class instances with undefined fields). */
const plain = (input: object): Record<string, unknown> => ({ ...input });

/** Integrators' API tokens over GraphQL; the same ApiTokenService as REST api/{tenantId}/api-tokens. */
@Resolver()
export class ApiTokenResolver {
  @Auth(AuthRule.API_TOKEN_MANAGER)
  @Query(() => [ApiTokenType], { description: "The tenant's API tokens (tenantId null: the instance's), newest first, revoked and expired ones included." })
  async apiTokens(@Arg('tenantId', () => ID, { nullable: true }) tenantId: string | null, @Ctx() context: GraphQLContext): Promise<ApiTokenType[]> {
    return context.services.apiTokens.list(await requireViewer(context), tenantId ?? null);
  }

  @Auth(AuthRule.API_TOKEN_MANAGER)
  @Mutation(() => CreatedApiToken, { description: 'Creates an API token; the answer holds its secret, which is never shown again.' })
  async createApiToken(
    @Arg('tenantId', () => ID, { nullable: true }) tenantId: string | null,
    @Arg('input', () => ApiTokenInput) input: ApiTokenInput,
    @Ctx() context: GraphQLContext,
  ): Promise<CreatedApiToken> {
    return context.services.apiTokens.create(await requireViewer(context), tenantId ?? null, plain(input));
  }

  @Auth(AuthRule.API_TOKEN_MANAGER)
  @Mutation(() => ApiTokenType, { description: 'Revokes an API token at once; its next request answers 401.' })
  async revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<ApiTokenType> {
    return context.services.apiTokens.revoke(await requireViewer(context), id);
  }
}
