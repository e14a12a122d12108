import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { AppError } from '../shared/errors.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { Tenant } from './tenant.entity.js';

@Resolver(() => Tenant)
export class TenantResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Tenant], { description: 'Tenants of the signed-in user; instance owners may ask for all with onlyOwn: false.' })
  async tenants(@Arg('onlyOwn', { defaultValue: true }) onlyOwn: boolean, @Ctx() context: GraphQLContext): Promise<Tenant[]> {
    const viewer = await context.viewer();
    if (!viewer) throw new AppError('auth.unauthenticated');
    return context.services.tenants.listForViewer(viewer.permissions, onlyOwn);
  }
}
