import { dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { autoScrollForElements } from '@atlaskit/pragmatic-drag-and-drop-auto-scroll/element';
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { cx } from '../../shared/cx';
import { type BoardItem, COLUMN_TARGET, isCardDrag, KanbanCard } from './KanbanCard';
import { useScrollEdges } from './useScrollEdges';

export interface KanbanColumnProps {
  columnKey: string;
  /** The state's name, or "Backlog": the region's name. */
  name: string;
  items: readonly BoardItem[];
  /** The number beside the name (the backlog counts what is not loaded yet, too). */
  count: number;
  /** The card holding the column's tab stop. */
  tabbableId: string | null;
  grabbedId: string | null;
  today: number;
  /** Below the cards: the backlog's loading and its limit. */
  footer?: ReactNode;
  /** Called when the end of the cards comes near (the backlog loads its next page). */
  onNearEnd?: () => void;
}

/**
 * A column of the board: a region named after its state, 150 to 350 px wide and 70 % of the
 * window high, whose cards scroll inside it with fades at the edges where there is more. The whole
 * column is a drop target (a card dropped on its free space goes to its end), and while a card is
 * dragged near its top or bottom, it scrolls (the auto-scroll package).
 */
export const KanbanColumn = memo(function KanbanColumn({ columnKey, name, items, count, tabbableId, grabbedId, today, footer, onNearEnd }: KanbanColumnProps) {
  const columnRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const edges = useScrollEdges(scrollerRef, 'vertical');

  useEffect(() => {
    const column = columnRef.current;
    const scroller = scrollerRef.current;
    if (!column || !scroller) return;
    return combine(
      dropTargetForElements({
        element: column,
        canDrop: ({ source }) => isCardDrag(source.data),
        getData: () => ({ [COLUMN_TARGET]: true, column: columnKey }),
        onDragEnter: () => setOver(true),
        onDragLeave: () => setOver(false),
        onDrop: () => setOver(false),
      }),
      autoScrollForElements({ element: scroller, canScroll: ({ source }) => isCardDrag(source.data), getAllowedAxis: () => 'vertical' }),
    );
  }, [columnKey]);

  // The next page before the end is reached, so scrolling rarely waits. Observed anew whenever
  // cards come or go: an end still in reach after a page arrived asks for the next one.
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  const watchesEnd = onNearEnd !== undefined;
  const cardCount = items.length;
  useEffect(() => {
    const end = endRef.current;
    if (!watchesEnd || !end) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && nearEnd.current?.(), {
      root: scrollerRef.current,
      rootMargin: '0px 0px 300px 0px',
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [watchesEnd, cardCount]);

  const tabStop = tabbableId !== null && items.some((item) => item.id === tabbableId) ? tabbableId : items[0]?.id;
  return (
    <section ref={columnRef} className={cx('kanban-column', over && 'kanban-column-over')} aria-label={name} data-column={columnKey}>
      <header className="kanban-column-header">
        <h3 className="kanban-column-title">{name}</h3>
        <span className="kanban-column-count">{count.toLocaleString('de-DE')}</span>
      </header>
      <div className={cx('kanban-column-body', edges.before && 'kanban-more-above', edges.after && 'kanban-more-below')}>
        <div ref={scrollerRef} className="kanban-column-scroller">
          {items.length > 0 ? (
            <ul className="kanban-cards">
              {items.map((item, index) => (
                <KanbanCard key={item.id} item={item} column={columnKey} index={index} tabbable={item.id === tabStop} grabbed={item.id === grabbedId} today={today} />
              ))}
            </ul>
          ) : (
            <p className="kanban-column-empty">Keine Buchungen</p>
          )}
          {footer}
          <div ref={endRef} className="kanban-column-end" />
        </div>
      </div>
    </section>
  );
});
