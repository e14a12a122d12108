import { filter, pipe } from '@graphql-yoga/subscription';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { canReadWorkflow } from '../../../common/permissions/permissions.js';
import { AppError } from '../shared/errors.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import type { WorkflowCardEvent } from '../shared/pubsub.js';
import { requireViewer } from '../users/actor.js';
import { ARCHIVE_DESTINATION } from '../workflow/workflow.board.js';
import type { BookingView } from './booking.model.js';
import { bookingType } from './booking.types.js';
import { WorkflowBoardType, WorkflowCardChangeKind, WorkflowCardChangeType, type WorkflowCardType } from './booking-board.types.js';

/** The card of an event, with its booking when the viewer may read it. */
function cardOf(event: WorkflowCardEvent, booking: BookingView | undefined): WorkflowCardType {
  const workflowStatus = event.stateId ?? (event.archived ? ARCHIVE_DESTINATION : null);
  return {
    id: event.id,
    tenantId: event.tenantId,
    stateId: event.stateId,
    archived: event.archived,
    index: event.index,
    enteredAt: event.enteredAt === null ? null : new Date(event.enteredAt),
    booking: booking ? bookingType(booking, workflowStatus) : null,
  };
}

async function cardWithBooking(context: GraphQLContext, event: WorkflowCardEvent): Promise<WorkflowCardType> {
  const [booking] = await context.services.bookings.byNumbers(await requireViewer(context), event.tenantId, [event.id]);
  return cardOf(event, booking);
}

/**
 * The kanban board of the bookings screen: the workflow's states with the bookings on them (read
 * together: one query for the places, one for the bookings), moving a card, and every card's move
 * live for every viewer on every server process, with the card in the payload.
 */
@Resolver()
export class BookingBoardResolver {
  @Auth(AuthRule.WORKFLOW_READER)
  @Query(() => WorkflowBoardType, { description: 'The kanban board: states in order with their cards (the archive stays out): manageBookings readAny and owners.' })
  async workflowBoard(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<WorkflowBoardType> {
    const viewer = await requireViewer(context);
    const board = await context.services.workflows.board(viewer, tenantId);
    const bookings = await context.services.bookings.byNumbers(viewer, tenantId, board.states.flatMap((state) => state.cards.map((card) => card.id)));
    const byNumber = new Map(bookings.map((booking) => [booking.id, booking]));
    return { ...board, states: board.states.map((state) => ({ ...state, cards: state.cards.map((card) => cardOf(card, byNumber.get(card.id))) })) };
  }

  @Auth(AuthRule.WORKFLOW_MOVER)
  @Mutation(() => WorkflowCardChangeType, {
    description:
      'Moves a booking\'s card: to index of a state (0 = top), or "archive", or "backlog". The booking status actions of a newly entered state change the booking within the move (the answer shows them; a release that would overbook refuses the move with BOOKING_CAPACITY); its mails go out after the commit. manageBookings updateAny and owners.',
  })
  async moveWorkflowCard(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID, { description: 'The booking number.' }) id: string,
    @Arg('destination', () => String) destination: string,
    @Arg('index', () => Int, { defaultValue: 0 }) index: number,
    @Ctx() context: GraphQLContext,
  ): Promise<WorkflowCardChangeType> {
    const event = await context.services.workflows.moveCard(await requireViewer(context), tenantId, { taskId: id, destination, newIndex: index }, 'graphql');
    return { kind: WorkflowCardChangeKind.MOVED, card: await cardWithBooking(context, event) };
  }

  @Auth(AuthRule.WORKFLOW_READER)
  @Subscription(() => WorkflowCardChangeType, {
    description: "Fires when a card of the tenant's board changes its place (also through checkout, the booking editor or a deletion) or the states change, on every server process.",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const viewer = await requireViewer(ctx);
      const tenantId = String((args as { tenantId: string }).tenantId);
      if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
      return pipe(
        ctx.services.pubSub.subscribe('WORKFLOW_CARD_CHANGED', tenantId),
        // Each event against the viewer of this moment: a right lost after subscribing lets nothing through.
        filter(async (event: WorkflowCardEvent) => {
          if (event.tenantId !== tenantId) return false;
          const current = await ctx.viewer().catch(() => null);
          return current !== null && canReadWorkflow(current.permissions, tenantId);
        }),
      );
    },
  })
  async workflowCardChanged(@Arg('tenantId', () => ID) _tenantId: string, @Root() event: WorkflowCardEvent, @Ctx() context: GraphQLContext): Promise<WorkflowCardChangeType> {
    if (event.kind === 'BOARD') return { kind: WorkflowCardChangeKind.BOARD, card: null };
    return { kind: WorkflowCardChangeKind.MOVED, card: await cardWithBooking(context, event) };
  }
}
