import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { TenantInput } from '../tenants/tenant.types.js';
import { requireViewer } from '../users/actor.js';
import { WorkflowInput } from './workflow.types.js';

/**
 * The tenant editor's save: settings and workflow in one transaction. It lives here and not beside
 * the other tenant operations because it takes the workflow's input, and the workflow domain sits
 * above the tenants (which reach it through their TenantWorkflow port).
 */
@Resolver(() => Tenant)
export class TenantUpdateResolver {
  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => Tenant, {
    description: 'Saves the tenant (absent fields unchanged, applications merged) and, when given, its workflow, in one transaction.',
  })
  async updateTenant(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => TenantInput) input: TenantInput,
    @Arg('workflow', () => WorkflowInput, { nullable: true }) workflow: WorkflowInput | null,
    @Ctx() context: GraphQLContext,
  ): Promise<Tenant> {
    return context.services.tenants.update(await requireViewer(context), id, { ...input }, workflow, 'graphql');
  }
}
