import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../shared/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { Tenant } from './tenant.entity.js';

@Resolver(() => Tenant)
export class TenantResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Tenant], { description: 'Tenants of the signed-in user; instance owners may ask for all with onlyOwn: false.' })
  async tenants(@Arg('onlyOwn', { defaultValue: true }) onlyOwn: boolean, @Ctx() context: GraphQLContext): Promise<Tenant[]> {
    const viewer = await requireViewer(context);
    return context.services.tenants.listForViewer(viewer.permissions, onlyOwn);
  }
}
