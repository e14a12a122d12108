import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { WorkflowInput, WorkflowTask, WorkflowType } from './workflow.types.js';

/** A tenant's booking workflow: its configuration and its kanban board; the same WorkflowService as REST. */
@Resolver(() => WorkflowType)
export class WorkflowResolver {
  @Auth(AuthRule.WORKFLOW_READER)
  @Query(() => WorkflowType, { description: 'The workflow of a tenant (the empty inactive one when none exists): owners and manageBookings readers.' })
  async workflow(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<WorkflowType> {
    return context.services.workflows.get(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => WorkflowType, { description: 'Creates or updates the workflow of a tenant: owners and instance owners.' })
  async saveWorkflow(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => WorkflowInput) input: WorkflowInput, @Ctx() context: GraphQLContext): Promise<WorkflowType> {
    return context.services.workflows.save(await requireViewer(context), tenantId, input, 'graphql');
  }

  @Auth(AuthRule.WORKFLOW_READER)
  @Query(() => [WorkflowTask], { description: 'Bookings of the tenant in no state and not archived, in booking order (added is null): manageBookings readers and owners.' })
  async workflowBacklog(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<WorkflowTask[]> {
    return context.services.workflows.backlog(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.WORKFLOW_MOVER)
  @Mutation(() => WorkflowType, {
    description:
      'Moves a booking on the board: to newIndex of the destination state, "archive" archives it, any other destination sends it back to the backlog. Runs the actions of a newly entered state. manageBookings updateAny and owners.',
  })
  async moveWorkflowTask(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('taskId', () => ID) taskId: string,
    @Arg('destination', () => String) destination: string,
    @Arg('newIndex', () => Int, { nullable: true, description: 'Without it a booking already in a state does not move.' }) newIndex: number | null | undefined,
    @Ctx() context: GraphQLContext,
  ): Promise<WorkflowType> {
    return context.services.workflows.moveTask(await requireViewer(context), tenantId, { taskId, destination, newIndex }, 'graphql');
  }

  @Auth(AuthRule.WORKFLOW_MOVER)
  @Mutation(() => WorkflowType, { description: 'Archives a booking (removed from its state): manageBookings updateAny and owners.' })
  async archiveWorkflowTask(@Arg('tenantId', () => ID) tenantId: string, @Arg('taskId', () => ID) taskId: string, @Ctx() context: GraphQLContext): Promise<WorkflowType> {
    return context.services.workflows.archiveTask(await requireViewer(context), tenantId, { taskId }, 'graphql');
  }
}
