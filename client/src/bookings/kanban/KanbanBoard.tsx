import { monitorForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { canMoveWorkflowTasks } from '../../shared/permissions';
import type { Viewer } from '../../shared/rights';
import { notify, notifyError } from '../../shared/toast';
import { bookingActions, type StaffBooking } from '../staff/bookingRows';
import { ARCHIVE, BACKLOG, type Column, dropIndex, endIndex, isSamePlace, type Position, positionOf, previewPlace } from './boardMoves';
import { berlinDayNumber } from './dwell';
import { type Pointer, startEdgeScrolling } from './edgeScroll';
import { type BoardItem, CARD_TARGET, type CardActions, CardActionsContext, COLUMN_TARGET, isCardDrag, verticalEdge } from './KanbanCard';
import type { CardMenuEntry } from './KanbanCardMenu';
import { KanbanColumn } from './KanbanColumn';
import { BACKLOG_NAME, kanbanMessages } from './kanbanMessages';
import type { KanbanCard as KanbanCardData } from './kanbanCache';
import { focusTarget, isBoardKey, movedPosition } from './keyboardMoves';
import { BACKLOG_LIMIT } from './useBacklog';
import { useKanbanBoard } from './useKanbanBoard';
import { useScrollEdges } from './useScrollEdges';
import './kanban.css';

export interface KanbanBoardProps {
  tenantId: string;
  viewer: Viewer | null;
  /** Opens the booking's details (the screen's dialog). */
  onDetails: (booking: StaffBooking) => void;
}

/** A card picked up by keyboard: where it came from and where it would go now. */
interface Grab {
  item: BoardItem;
  origin: Position;
  pending: Position;
}

// One board item per card or booking object from the cache: unchanged cards keep their item, so
// their memoised components do not render again when another card moves.
const cardItems = new WeakMap<KanbanCardData, BoardItem>();
const backlogItems = new WeakMap<StaffBooking, BoardItem>();

function itemOfCard(card: KanbanCardData): BoardItem {
  let item = cardItems.get(card);
  if (!item) {
    item = { id: card.id, booking: card.booking, enteredAt: card.enteredAt };
    cardItems.set(card, item);
  }
  return item;
}

function itemOfBooking(booking: StaffBooking): BoardItem {
  let item = backlogItems.get(booking);
  if (!item) {
    item = { id: booking.id, booking, enteredAt: null };
    backlogItems.set(booking, item);
  }
  return item;
}

const createdOf = (item: BoardItem) => (item.booking ? Date.parse(item.booking.timeCreated) : 0);

/** Today in Berlin (a day number), checked once a minute: the days on the cards change at midnight. */
function useBerlinToday(): number {
  const [today, setToday] = useState(() => berlinDayNumber(new Date()) ?? 0);
  useEffect(() => {
    const timer = window.setInterval(() => setToday(berlinDayNumber(new Date()) ?? 0), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}

/**
 * The kanban view of the bookings screen: the backlog (shown or hidden with "Backlog") and one
 * column per state of the tenant's workflow, in order. Cards move by dragging (pragmatic drag and
 * drop; the columns scroll while a card is near their ends, the row of columns and the page near
 * theirs), by keyboard (Space picks a card up, the arrow keys move it, Space or Enter puts it down,
 * Escape cancels; each step is announced) and by their menu. A move shows at once and is confirmed
 * or taken back by the server, with a toast; other viewers' moves arrive live. Viewers who may not
 * move cards (manageBookings updateAny, or owners) see the board without those means.
 */
export default function KanbanBoard({ tenantId, viewer, onDetails }: KanbanBoardProps) {
  const { board, loading, error, backlog, move } = useKanbanBoard(tenantId);
  const [showBacklog, setShowBacklog] = useState(true);
  const mayMove = viewer !== null && canMoveWorkflowTasks(viewer.permissions, tenantId);
  const today = useBerlinToday();
  const [announcement, setAnnouncement] = useState('');
  const [grab, setGrab] = useState<Grab | null>(null);
  const [tabStops, setTabStops] = useState<Record<string, string>>({});
  const boardRef = useRef<HTMLDivElement>(null);
  // A card to focus once it shows in the column named (after a keyboard move).
  const focusRequest = useRef<{ id: string; column: string } | null>(null);
  const instructionsId = useId();
  const boardEdges = useScrollEdges(boardRef, 'horizontal', board?.active === true);

  const states = useMemo(() => board?.states ?? [], [board]);
  const columns = useMemo<Column<BoardItem>[]>(() => {
    const stateColumns = states.map((state) => ({ key: state.id, items: state.cards.map(itemOfCard) }));
    return showBacklog ? [{ key: BACKLOG, items: backlog.bookings.map(itemOfBooking) }, ...stateColumns] : stateColumns;
  }, [states, backlog.bookings, showBacklog]);
  const shown = useMemo(() => (grab ? previewPlace(columns, (item) => item.id === grab.item.id, grab.item, grab.pending, createdOf) : columns), [columns, grab]);

  const nameOf = (column: string) => (column === BACKLOG ? BACKLOG_NAME : (states.find((state) => state.id === column)?.name ?? column));
  const announce = (text: string) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

  const moveCard = (item: BoardItem, from: string, destination: string, index: number) => {
    const place = nameOf(destination);
    move({ id: item.id, booking: item.booking, enteredAt: item.enteredAt, column: from }, destination, index).then(
      () => {
        const text = destination === ARCHIVE ? kanbanMessages.archived(item.id) : kanbanMessages.moved(item.id, place);
        notify({ type: 'success', ...text });
        announce(text.message);
      },
      (failure: unknown) => {
        console.error('Karte nicht verschoben:', failure);
        notifyError(failure, kanbanMessages.moveError);
        announce(kanbanMessages.moveError.message);
        if (focusRequest.current?.id === item.id) focusRequest.current = { id: item.id, column: from };
      },
    );
  };

  // The cards' callbacks read the newest state through this ref, so their context stays the same object.
  const latest = useRef({ columns, states, viewer, onDetails, moveCard });
  latest.current = { columns, states, viewer, onDetails, moveCard };

  const cardActions = useMemo<CardActions>(
    () => ({
      mayMove,
      instructionsId,
      menuEntries: (item, column) => {
        const { moveCard: moveTo, viewer: who } = latest.current;
        const entries: CardMenuEntry[] = [];
        if (mayMove) {
          if (column !== BACKLOG) entries.push({ text: 'In Backlog verschieben', icon: 'inbox', onClick: () => moveTo(item, column, BACKLOG, 0) });
          for (const state of states) {
            if (state.id !== column) entries.push({ text: `Verschieben nach ${state.name}`, icon: 'arrow-right', onClick: () => moveTo(item, column, state.id, 0) });
          }
          entries.push({ text: 'Archivieren', icon: 'archive', onClick: () => moveTo(item, column, ARCHIVE, 0) });
        }
        const booking = item.booking;
        if (booking && bookingActions(who, booking).details) {
          entries.push({ text: 'Details', icon: 'eye-open', divider: entries.length > 0, onClick: () => latest.current.onDetails(booking) });
        }
        return entries;
      },
    }),
    [mayMove, instructionsId, states],
  );

  // Dragging with the mouse (or touch): the drop is read from the innermost target, a card's edge or a column's free space.
  useEffect(() => {
    if (!mayMove) return;
    let pointer: Pointer | null = null;
    let stopScrolling: (() => void) | null = null;
    const stop = () => {
      stopScrolling?.();
      stopScrolling = null;
      pointer = null;
    };
    return combine(
      monitorForElements({
        canMonitor: ({ source }) => isCardDrag(source.data),
        onDragStart: ({ location }) => {
          pointer = { x: location.current.input.clientX, y: location.current.input.clientY };
          stopScrolling = startEdgeScrolling(
            () => (boardRef.current ? [{ kind: 'horizontal', element: boardRef.current }, { kind: 'page' }] : []),
            () => pointer,
          );
        },
        onDrag: ({ location }) => {
          pointer = { x: location.current.input.clientX, y: location.current.input.clientY };
        },
        onDrop: ({ source, location }) => {
          stop();
          const [target] = location.current.dropTargets;
          if (!target || !isCardDrag(source.data)) return;
          const { columns: current, moveCard: moveTo } = latest.current;
          const cardId = source.data.cardId;
          const from = positionOf(current, (item) => item.id === cardId);
          if (!from) return;
          const item = current.find((column) => column.key === from.column)!.items[from.index];
          let column: string;
          let index: number;
          if (target.data[CARD_TARGET] === true) {
            const at = positionOf(current, (entry) => entry.id === target.data.cardId);
            if (!at) return;
            column = at.column;
            index = column === BACKLOG ? 0 : dropIndex(from, at, verticalEdge(target.data));
          } else if (target.data[COLUMN_TARGET] === true) {
            column = String(target.data.column);
            const into = current.find((entry) => entry.key === column);
            if (!into) return;
            index = column === BACKLOG ? 0 : endIndex(from, into);
          } else {
            return;
          }
          if (!isSamePlace(from, column, index)) moveTo(item, from.column, column, index);
        },
      }),
      stop,
    );
  }, [mayMove]);

  // After a keyboard move the card shows in another column (a new element): focus it there.
  useLayoutEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    const element = boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(request.id)}"][data-column="${CSS.escape(request.column)}"]`);
    if (!element) return;
    focusRequest.current = null;
    if (document.activeElement !== element) element.focus();
  });

  const focusCard = (id: string, column: string) => {
    focusRequest.current = { id, column };
    const element = boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"][data-column="${CSS.escape(column)}"]`);
    if (element) {
      focusRequest.current = null;
      element.focus();
    }
  };

  const pendingText = (place: Position) => {
    if (place.column === BACKLOG) return kanbanMessages.pendingBacklog;
    const column = columns.find((entry) => entry.key === place.column);
    const count = (column?.items.filter((item) => item.id !== grab?.item.id).length ?? 0) + 1;
    return kanbanMessages.pending(nameOf(place.column), place.index + 1, count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const card = event.target as HTMLElement;
    const id = card.dataset?.cardId;
    // Keys on a card's menu button are the button's.
    if (!id || !card.matches('[data-card-id]')) return;
    const key = event.key;
    if (grab) {
      if (isBoardKey(key)) {
        event.preventDefault();
        const pending = movedPosition(columns, (item) => item.id === grab.item.id, grab.pending, key);
        setGrab({ ...grab, pending });
        focusRequest.current = { id: grab.item.id, column: pending.column };
        announce(pendingText(pending));
      } else if (key === ' ' || key === 'Enter') {
        event.preventDefault();
        setGrab(null);
        if (isSamePlace(grab.origin, grab.pending.column, grab.pending.index)) {
          focusRequest.current = { id: grab.item.id, column: grab.origin.column };
          announce(kanbanMessages.unchanged(grab.item.id));
        } else {
          focusRequest.current = { id: grab.item.id, column: grab.pending.column };
          moveCard(grab.item, grab.origin.column, grab.pending.column, grab.pending.index);
        }
      } else if (key === 'Escape') {
        event.preventDefault();
        setGrab(null);
        focusRequest.current = { id: grab.item.id, column: grab.origin.column };
        announce(kanbanMessages.cancelled(grab.item.id));
      }
      return;
    }
    const at = positionOf(shown, (item) => item.id === id);
    if (!at) return;
    if (isBoardKey(key)) {
      event.preventDefault();
      const target = focusTarget(shown, at, key);
      if (target) focusCard(shown.find((column) => column.key === target.column)!.items[target.index].id, target.column);
    } else if (key === ' ' && mayMove) {
      event.preventDefault();
      const item = shown.find((column) => column.key === at.column)!.items[at.index];
      setGrab({ item, origin: at, pending: at });
      announce(kanbanMessages.pickedUp(id));
    }
  };

  // The focused card becomes its column's tab stop; focus leaving a picked-up card puts it back.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const element = event.target as HTMLElement;
    const id = element.matches('[data-card-id]') ? element.dataset.cardId : undefined;
    const column = element.dataset.column;
    if (grab && id !== grab.item.id) {
      setGrab(null);
      announce(kanbanMessages.cancelled(grab.item.id));
    }
    if (id && column && tabStops[column] !== id) setTabStops((stops) => ({ ...stops, [column]: id }));
  };

  if (loading) return <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />;
  if (error || !board) return <NonIdealState icon="error" title="Das Kanban-Board konnte nicht geladen werden." />;
  if (!board.active) return <NonIdealState icon="info-sign" title="Der Workflow dieses Mandanten ist nicht aktiv." />;

  const backlogFooter = (
    <>
      {(backlog.loading || backlog.loadingMore) && (
        <div className="kanban-column-note">
          <Spinner size={16} /> Wird geladen …
        </div>
      )}
      {!backlog.loading && backlog.bookings.length >= BACKLOG_LIMIT && backlog.total > backlog.bookings.length && (
        <p className="kanban-column-note">
          Die neuesten {backlog.bookings.length.toLocaleString('de-DE')} von {backlog.total.toLocaleString('de-DE')} Buchungen; ältere finden Sie in der Liste.
        </p>
      )}
    </>
  );

  return (
    <div className="kanban">
      <div className="kanban-toolbar">
        <Switch className="kanban-backlog-switch" label="Backlog" checked={showBacklog} onChange={(event) => setShowBacklog(event.currentTarget.checked)} />
        {!mayMove && <span className="kanban-hint">Sie können das Board nur ansehen.</span>}
      </div>
      <p id={instructionsId} className="sr-only">
        {kanbanMessages.instructions}
      </p>
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className={`kanban-board-frame${boardEdges.before ? ' kanban-more-left' : ''}${boardEdges.after ? ' kanban-more-right' : ''}`}>
        {/*
          Not a tab stop while there are cards: they are (one per column), and the arrow keys move
          between them, scrolling the row. Without any card, the row itself takes the focus, so its
          columns can still be scrolled into view by keyboard.
        */}
        <div
          ref={boardRef}
          className="kanban-board"
          role="group"
          aria-label="Kanban-Board"
          tabIndex={shown.some((column) => column.items.length > 0) ? undefined : 0}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <CardActionsContext.Provider value={cardActions}>
            {shown.map((column) => (
              <KanbanColumn
                key={column.key}
                columnKey={column.key}
                name={nameOf(column.key)}
                items={column.items}
                count={column.key === BACKLOG ? Math.max(backlog.total, column.items.length) : column.items.length}
                tabbableId={tabStops[column.key] ?? null}
                grabbedId={grab?.item.id ?? null}
                today={today}
                footer={column.key === BACKLOG ? backlogFooter : undefined}
                onNearEnd={column.key === BACKLOG ? () => backlog.hasMore && backlog.loadMore() : undefined}
              />
            ))}
          </CardActionsContext.Provider>
        </div>
      </div>
    </div>
  );
}
