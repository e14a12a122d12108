import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../shared/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { WorkflowInput, WorkflowType } from './workflow.types.js';

/** The configuration part of a tenant's booking workflow; the same WorkflowService as REST. */
@Resolver(() => WorkflowType)
export class WorkflowResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => WorkflowType, { description: 'The workflow of a tenant (the empty inactive one when none exists): owners and manageBookings readers.' })
  async workflow(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<WorkflowType> {
    return context.services.workflows.get(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Mutation(() => WorkflowType, { description: 'Creates or updates the workflow of a tenant: owners and instance owners.' })
  async saveWorkflow(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => WorkflowInput) input: WorkflowInput, @Ctx() context: GraphQLContext): Promise<WorkflowType> {
    return context.services.workflows.save(await requireViewer(context), tenantId, input);
  }
}
