import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { BookingWorkflowActiveDocument } from '../../gql/graphql';
import {
  KanbanBoardDocument,
  type KanbanBoardQuery,
  KanbanBookingChangedDocument,
  KanbanCardChangedDocument,
  MoveKanbanCardDocument,
  type MoveKanbanCardMutation,
} from '../../gql/graphql';
import { applyBacklogBookingChange, applyCardPlacement, type KanbanCard, optimisticCard } from './kanbanCache';
import { registerKanbanTypePolicies } from './kanbanCachePolicy';
import { type Backlog, useBacklog } from './useBacklog';

export type BoardState = KanbanBoardQuery['workflowBoard']['states'][number];

/** A card to move: its booking number, its booking, when it entered its state, and where it is. */
export interface MovingCard {
  id: string;
  booking: KanbanCard['booking'];
  enteredAt: string | null;
  column: string;
}

export interface KanbanBoardData {
  board: KanbanBoardQuery['workflowBoard'] | undefined;
  loading: boolean;
  error: boolean;
  backlog: Backlog;
  /** Moves the card to a state at `index` (0 = top, counted without the card), to the backlog or the archive; rejects when the server refuses. */
  move: (card: MovingCard, destination: string, index: number) => Promise<void>;
}

/**
 * The board of the tenant: its states with their cards and the backlog, kept current through the
 * normalized cache. Every visit reads the board afresh; afterwards `workflowCardChanged` moves cards
 * (only BOARD, a change of the states, reads it again) and `bookingChanged` brings new bookings into
 * the backlog and takes deleted ones out. A move shows at once (optimistic), and the server's
 * answer confirms it, or Apollo drops the optimistic layer and the card is back where it was.
 */
export function useKanbanBoard(tenantId: string): KanbanBoardData {
  // Before the first query: cards and board are identified by the board's own type policies.
  registerKanbanTypePolicies(useApolloClient().cache);
  const board = useQuery(KanbanBoardDocument, { variables: { tenantId }, fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  const backlog = useBacklog(tenantId);
  const [mutate] = useMutation(MoveKanbanCardDocument);
  // Events per card since this screen opened: an answer older than an event of its card is not applied (see move).
  const events = useRef(new Map<string, number>());
  const refetchBoard = useRef(board.refetch);
  refetchBoard.current = board.refetch;
  const resetBacklog = useRef(backlog.reset);
  resetBacklog.current = backlog.reset;

  useSubscription(KanbanCardChangedDocument, {
    variables: { tenantId },
    fetchPolicy: 'no-cache',
    onData: ({ client: apollo, data: change }) => {
      const event = change.data?.workflowCardChanged;
      if (!event) return;
      if (event.kind === 'BOARD') {
        // The states changed: the board, the backlog (cards of removed states return to it) and whether the workflow is still active.
        void refetchBoard.current();
        resetBacklog.current();
        void apollo.refetchQueries({ include: [BookingWorkflowActiveDocument] });
        return;
      }
      if (!event.card) return;
      events.current.set(event.card.id, (events.current.get(event.card.id) ?? 0) + 1);
      applyCardPlacement(apollo.cache, tenantId, event.card);
    },
    onError: (failure) => console.error('Live-Aktualisierung des Kanban-Boards unterbrochen:', failure),
  });

  useSubscription(KanbanBookingChangedDocument, {
    variables: { tenantId },
    fetchPolicy: 'no-cache',
    onData: ({ client: apollo, data: change }) => {
      if (change.data) applyBacklogBookingChange(apollo.cache, tenantId, change.data.bookingChanged);
    },
    onError: (failure) => console.error('Live-Aktualisierung des Backlogs unterbrochen:', failure),
  });

  const move = useCallback(
    async (card: MovingCard, destination: string, index: number): Promise<void> => {
      const eventsBefore = events.current.get(card.id) ?? 0;
      const change = { __typename: 'WorkflowCardChange' as const, kind: 'MOVED' as const, card: optimisticCard(tenantId, card, destination, index, new Date()) };
      const optimisticResponse: MoveKanbanCardMutation = { moveWorkflowCard: change };
      await mutate({
        variables: { tenantId, id: card.id, destination, index },
        optimisticResponse,
        update: (cache, { data }) => {
          const moved = data?.moveWorkflowCard.card;
          // Events come in commit order: once one of this card has arrived, it (or a later one)
          // already says where the card is, and this answer could be older than a move after it.
          if (!moved || (events.current.get(card.id) ?? 0) !== eventsBefore) return;
          applyCardPlacement(cache, tenantId, moved);
        },
      });
    },
    [mutate, tenantId],
  );

  return { board: board.data?.workflowBoard, loading: board.loading && !board.data, error: board.error !== undefined && !board.data, backlog, move };
}
