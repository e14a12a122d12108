import { HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ColumnSort } from './listing';
import { SortableHeader } from './SortableHeader';
import './virtualTable.css';

/** A column of a server-sorted list: sortable when the server has an order for it. */
export interface VirtualColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
}

export interface VirtualTableProps<Row> {
  /** Accessible name of the table, e.g. "Buchungen". */
  label: string;
  /** The list's rows in order; `null` holds the place of a row not in memory (shown as loading until it is read again). */
  rows: readonly (Row | null)[];
  columns: readonly VirtualColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Attributes of a row's element (e.g. data-booking-id), for tests and measurements. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** How many rows the whole list has (the table announces it); null while unknown. */
  rowCount: number | null;
  loading: boolean;
  /** The order the rows come in; null: the server's default. */
  sort: ColumnSort | null;
  onSort: (key: string) => void;
  /** Buttons at the end of each row; null for a row without actions. */
  actions?: (row: Row) => ReactNode;
  /** Asked when the last rows come into view: the screen reads its next page. */
  onEndReached: () => void;
  /** Told which rows (first and last index) are in view, so the screen can hold their pages and let far ones go. */
  onRangeChange?: (first: number, last: number) => void;
  /** Below the last row while more is on its way, or a note on the rows shown. */
  footer?: ReactNode;
}

/** Rows before the end at which the next page is asked for: it arrives before the reader gets there. */
const READ_AHEAD_ROWS = 40;
/** A row's height before it is measured (one line of text with Blueprint's table padding). */
const ESTIMATED_ROW_HEIGHT = 41;

/**
 * A long list read from the server page by page: the table renders only the rows in view (and a
 * few around them), measuring each as it shows, and asks for the next page as its end comes near.
 * It scrolls inside its own frame with the header kept at the top, so a list of 100,000 bookings
 * costs the page what a screenful costs. Sorting is the server's: a header click reports the column.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { label, rows, columns, rowKey, rowAttributes, rowCount, loading, sort, onSort, actions, onEndReached, onRangeChange, footer } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  const empty = rows.length === 0;
  // The header is part of the scrolled frame: the rows start below it.
  useLayoutEffect(() => {
    if (headRef.current) setHeadHeight(headRef.current.getBoundingClientRect().height);
  }, [loading, empty]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 10,
    paddingStart: headHeight,
    getItemKey: (index) => {
      const row = rows[index];
      return row === null ? `pending-${index}` : rowKey(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? -1;
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (rows.length > 0 && lastShown >= rows.length - READ_AHEAD_ROWS) onEndReached();
  }, [lastShown, rows.length, onEndReached]);
  useEffect(() => {
    if (firstShown >= 0) onRangeChange?.(firstShown, lastShown);
  }, [firstShown, lastShown, onRangeChange]);

  if (loading) return <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />;
  if (rows.length === 0) return <NonIdealState icon="th-disconnect" title="Keine Daten vorhanden" />;

  const spaceAbove = (items[0]?.start ?? headHeight) - headHeight;
  const spaceBelow = virtualizer.getTotalSize() - (items.at(-1)?.end ?? headHeight);
  const width = columns.length + (actions ? 1 : 0);
  return (
    // The frame scrolls both ways: down through the rows, sideways on a narrow screen.
    <div className="data-table-scroll virtual-table-scroll" ref={scrollRef}>
      <HTMLTable striped interactive className="data-table-table virtual-table" aria-label={label} aria-rowcount={rowCount === null ? -1 : rowCount + 1}>
        <thead ref={headRef}>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <SortableHeader key={column.key} columnKey={column.key} header={column.header} sort={sort} onSort={column.sortable ? onSort : undefined} />
            ))}
            {actions && <th>Aktionen</th>}
          </tr>
        </thead>
        <tbody>
          {spaceAbove > 0 && (
            <tr aria-hidden className="virtual-table-space">
              <td colSpan={width} style={{ height: spaceAbove }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === null)
              return (
                <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2} aria-busy className="virtual-table-pending">
                  <td colSpan={width}>Wird geladen …</td>
                </tr>
              );
            return (
              <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2} {...rowAttributes?.(row)}>
                {columns.map((column) => (
                  <td key={column.key}>{column.render(row)}</td>
                ))}
                {actions && <td className="data-table-actions">{actions(row)}</td>}
              </tr>
            );
          })}
          {spaceBelow > 0 && (
            <tr aria-hidden className="virtual-table-space">
              <td colSpan={width} style={{ height: spaceBelow }} />
            </tr>
          )}
        </tbody>
      </HTMLTable>
      {footer}
    </div>
  );
}
