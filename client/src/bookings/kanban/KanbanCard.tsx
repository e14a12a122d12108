import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { attachClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge';
import { extractClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge';
import { Classes, Tooltip } from '@blueprintjs/core';
import { createContext, memo, useContext, useEffect, useRef, useState } from 'react';
import { cx } from '../../shared/cx';
import { formatPeriod } from '../../shared/format';
import { bookingRow, type StaffBooking } from '../staff/bookingRows';
import { StatusTag } from '../staff/BookingTags';
import { SeriesMarker } from '../series/SeriesMarks';
import { SERIES_MARK } from '../series/seriesText';
import { BACKLOG, type Edge } from './boardMoves';
import { dwellDaysUntil, dwellIntent, dwellLabel, dwellText } from './dwell';
import { type CardMenuEntry, KanbanCardMenu } from './KanbanCardMenu';

/** A card as the board shows it: the booking number, its booking (null when it can no longer be read) and when it entered its state. */
export interface BoardItem {
  id: string;
  booking: StaffBooking | null;
  enteredAt: string | null;
}

/** What a dragged card carries (pragmatic drag and drop's data), and what a card or column as drop target says. */
export const CARD_DRAG = 'kanban-card';
export const CARD_TARGET = 'kanban-card-target';
export const COLUMN_TARGET = 'kanban-column-target';

export interface CardDragData {
  [CARD_DRAG]: true;
  cardId: string;
  [key: string | symbol]: unknown;
}

export const isCardDrag = (data: Record<string | symbol, unknown>): data is CardDragData => data[CARD_DRAG] === true && typeof data.cardId === 'string';

/** The edge of a card target a drop is nearer to (cards only offer top and bottom). */
export function verticalEdge(data: Record<string | symbol, unknown>): Edge | null {
  const edge = extractClosestEdge(data);
  return edge === 'top' || edge === 'bottom' ? edge : null;
}

/** What the cards ask of the board; one object for all cards, so a card re-renders only when its own props change. */
export interface CardActions {
  mayMove: boolean;
  /** The entries of a card's menu; empty: no menu. */
  menuEntries: (item: BoardItem, column: string) => CardMenuEntry[];
  /** The id of the element describing how to move a card by keyboard. */
  instructionsId: string;
}

export const CardActionsContext = createContext<CardActions>({ mayMove: false, menuEntries: () => [], instructionsId: '' });

/**
 * How long the booking has been in its state: a coloured tag with the days (green up to one, a
 * warning for two and three, danger from four on) and the sentence as tooltip. The tooltip is set up
 * when the pointer first comes near, not for every card of the board; screen readers read the
 * sentence from the start.
 */
function DwellIndicator({ days }: { days: number }) {
  const [hovered, setHovered] = useState(false);
  const text = dwellText(days);
  const tag = (
    <span className={cx(Classes.TAG, Classes.intentClass(dwellIntent(days)), 'kanban-dwell')} data-dwell-days={days} onMouseEnter={() => setHovered(true)}>
      <span aria-hidden="true">{dwellLabel(days)}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
  return hovered ? (
    <Tooltip content={text} placement="top" defaultIsOpen>
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}

export interface KanbanCardProps {
  item: BoardItem;
  column: string;
  index: number;
  /** The column's tab stop. */
  tabbable: boolean;
  /** Picked up by keyboard: shown where it would go. */
  grabbed: boolean;
  /** Today in Berlin (a day number, see dwell.ts), for the days in the state. */
  today: number;
}

/**
 * One booking on the board: number (marked when it is a date of a series), customer, booked
 * objects, time (Berlin, 24 hours), status and the days in its state, with its menu. It is a draggable and a drop target whose nearer edge
 * (top or bottom) says where a dropped card goes; the backlog's cards only say "into the backlog".
 */
export const KanbanCard = memo(function KanbanCard({ item, column, index, tabbable, grabbed, today }: KanbanCardProps) {
  const actions = useContext(CardActionsContext);
  const ref = useRef<HTMLLIElement>(null);
  const [dragging, setDragging] = useState(false);
  const [edge, setEdge] = useState<Edge | null>(null);
  // Read when a drag starts or passes: the card keeps its registration while its place changes.
  const latest = useRef({ column, index });
  latest.current = { column, index };
  const { mayMove } = actions;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const target = dropTargetForElements({
      element,
      canDrop: ({ source }) => isCardDrag(source.data),
      getData: ({ input }) => {
        const data = { [CARD_TARGET]: true, cardId: item.id, column: latest.current.column, index: latest.current.index };
        // In the backlog the bookings keep their own order: no edge to drop at.
        return latest.current.column === BACKLOG ? data : attachClosestEdge(data, { element, input, allowedEdges: ['top', 'bottom'] });
      },
      onDrag: ({ self, source }) => setEdge(source.data.cardId === item.id ? null : verticalEdge(self.data)),
      onDragLeave: () => setEdge(null),
      onDrop: () => setEdge(null),
    });
    // Viewers who may not move cards get no draggable at all (no drag cursor, no drag image).
    if (!mayMove) return target;
    return combine(
      target,
      draggable({
        element,
        getInitialData: (): CardDragData => ({ [CARD_DRAG]: true, cardId: item.id, column: latest.current.column, index: latest.current.index }),
        onDragStart: () => setDragging(true),
        onDrop: () => setDragging(false),
      }),
    );
  }, [item.id, mayMove]);

  const { booking } = item;
  const row = booking ? bookingRow(booking) : null;
  const entries = actions.menuEntries(item, column);
  const days = item.enteredAt && column !== BACKLOG ? dwellDaysUntil(item.enteredAt, today) : null;
  return (
    <li
      ref={ref}
      className={cx('kanban-card', mayMove && 'kanban-card-movable', dragging && 'kanban-card-dragging', grabbed && 'kanban-card-grabbed')}
      data-card-id={item.id}
      data-column={column}
      tabIndex={tabbable ? 0 : -1}
      aria-label={`Buchung ${item.id}${booking?.name ? `, ${booking.name}` : ''}${booking?.seriesId ? `, ${SERIES_MARK}` : ''}`}
      aria-describedby={mayMove ? actions.instructionsId : undefined}
    >
      {edge && <div className={`kanban-drop-indicator kanban-drop-indicator-${edge}`} />}
      <div className="kanban-card-head">
        <span className="kanban-card-number">
          {item.id}
          {booking?.seriesId && <SeriesMarker />}
        </span>
        {entries.length > 0 && <KanbanCardMenu bookingId={item.id} entries={entries} tabbable={tabbable} />}
      </div>
      {booking && row ? (
        <>
          <div className="kanban-card-name">{booking.name || '–'}</div>
          {row.objects && <div className="kanban-card-text">{row.objects}</div>}
          {row.beginAt !== null && <div className="kanban-card-text">{formatPeriod(row.beginAt, row.endAt)}</div>}
          <div className="kanban-card-tags">
            <StatusTag status={row.status} />
            {days !== null && <DwellIndicator days={days} />}
          </div>
        </>
      ) : (
        <div className="kanban-card-text">Buchung nicht verfügbar</div>
      )}
    </li>
  );
});
