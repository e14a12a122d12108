import { type KeyboardEvent, useRef, useState } from 'react';
import { formatTime } from '../../shared/format';
import { isSelected, type Slot, type SlotGrid, type SlotSelection, type SlotStatus } from './slotGrid';

const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

/** "07.12." and "07.12.2026" from "2026-12-07". */
export const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.`;
export const fullDate = (date: string) => `${shortDate(date)}${date.slice(0, 4)}`;
/** "Montag, 07.12.2026"; `index` is the position in a week starting on Monday. */
export const longDayLabel = (date: string, index: number) => `${WEEKDAYS[index]}, ${fullDate(date)}`;
export const shortWeekday = (index: number) => WEEKDAYS[index].slice(0, 2);

export const statusLabels: Record<SlotStatus, string> = {
  free: 'frei',
  booked: 'belegt',
  closed: 'geschlossen',
  past: 'vergangen',
  unavailable: 'nicht verfügbar',
};

/** The short text in a cell, beside its colour; free cells stay empty to keep the table calm. */
const cellTexts: Record<SlotStatus, string> = { free: '', booked: 'belegt', closed: 'zu', past: '', unavailable: '–' };

/**
 * The state as a cell's name says it: the word shown in the cell comes first (speech input users
 * say what they see), then the full word where the cell abbreviates it.
 */
const spokenStates: Record<SlotStatus, string> = { ...statusLabels, closed: `${cellTexts.closed}, ${statusLabels.closed}` };

interface Cursor {
  day: number;
  row: number;
}

export interface SlotTableProps {
  grid: SlotGrid;
  /** Positions of the shown days within the week (0 = Monday), for their names. */
  weekdayIndexes: number[];
  selection: SlotSelection | null;
  onPick: (slot: Slot) => void;
  /** Arrow keys beyond the first or last shown day: the day view moves to the neighbouring day. */
  onLeaveSideways?: (direction: -1 | 1) => void;
  label: string;
  describedBy: string;
}

function firstCursor(grid: SlotGrid, selection: SlotSelection | null): Cursor {
  for (const want of [(slot: Slot) => isSelected(selection, slot), (slot: Slot) => slot.status === 'free']) {
    for (let day = 0; day < grid.days.length; day += 1) {
      const row = grid.days[day].cells.findIndex((slot) => slot !== null && want(slot));
      if (row >= 0) return { day, row };
    }
  }
  return { day: 0, row: 0 };
}

/**
 * The hours of the shown days as an ARIA grid: one tab stop, arrow keys (Home/End, PageUp/PageDown
 * for the first and last hour) move, Enter or Space picks. Every cell names its day, hours and
 * state, so the grid reads without its colours.
 */
export function SlotTable({ grid, weekdayIndexes, selection, onPick, onLeaveSideways, label, describedBy }: SlotTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const rows = grid.hours.length;
  const current = cursor && cursor.day < grid.days.length && cursor.row < rows ? cursor : firstCursor(grid, selection);

  const moveTo = (next: Cursor) => {
    setCursor(next);
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${next.day}-${next.row}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const { day, row } = current;
    const last = grid.days.length - 1;
    let next: Cursor | null = null;
    switch (event.key) {
      case 'ArrowUp':
        next = { day, row: Math.max(0, row - 1) };
        break;
      case 'ArrowDown':
        next = { day, row: Math.min(rows - 1, row + 1) };
        break;
      case 'ArrowLeft':
        if (day === 0 && onLeaveSideways) onLeaveSideways(-1);
        else next = { day: Math.max(0, day - 1), row };
        break;
      case 'ArrowRight':
        if (day === last && onLeaveSideways) onLeaveSideways(1);
        else next = { day: Math.min(last, day + 1), row };
        break;
      case 'Home':
        next = { day: event.ctrlKey ? 0 : day, row: 0 };
        break;
      case 'End':
        next = { day: event.ctrlKey ? last : day, row: rows - 1 };
        break;
      case 'PageUp':
        next = { day, row: 0 };
        break;
      case 'PageDown':
        next = { day, row: rows - 1 };
        break;
      case 'Enter':
      case ' ': {
        const slot = grid.days[day]?.cells[row];
        if (slot) onPick(slot);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    if (next) moveTo(next);
  };

  return (
    <table ref={tableRef} role="grid" className="slot-table" aria-label={label} aria-describedby={describedBy} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          <th scope="col" className="slot-hour-head">
            <span className="sr-only">Uhrzeit</span>
          </th>
          {grid.days.map((day, index) => (
            <th key={day.date} scope="col" abbr={longDayLabel(day.date, weekdayIndexes[index])}>
              <span aria-hidden="true">
                {shortWeekday(weekdayIndexes[index])}
                <br />
                {shortDate(day.date)}
              </span>
              <span className="sr-only">{longDayLabel(day.date, weekdayIndexes[index])}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.hours.map((hour, row) => (
          <tr key={hour}>
            <th scope="row" className="slot-hour">
              {String(hour).padStart(2, '0')}:00
            </th>
            {grid.days.map((day, dayIndex) => {
              const slot = day.cells[row];
              const focusable = current.day === dayIndex && current.row === row;
              if (!slot) return <td key={day.date} role="gridcell" className="slot slot-none" tabIndex={focusable ? 0 : -1} data-cell={`${dayIndex}-${row}`} aria-label="keine Stunde (Zeitumstellung)" />;
              const selected = isSelected(selection, slot);
              const state = selected ? 'gewählt' : spokenStates[slot.status];
              return (
                <td
                  key={day.date}
                  role="gridcell"
                  className={`slot slot-${slot.status}${selected ? ' slot-selected' : ''}`}
                  tabIndex={focusable ? 0 : -1}
                  data-cell={`${dayIndex}-${row}`}
                  aria-selected={selected}
                  aria-disabled={slot.status !== 'free' || undefined}
                  aria-label={`${longDayLabel(day.date, weekdayIndexes[dayIndex])}, ${formatTime(slot.begin)} bis ${formatTime(slot.end)} Uhr: ${state}`}
                  onClick={() => {
                    setCursor({ day: dayIndex, row });
                    onPick(slot);
                  }}
                >
                  <span aria-hidden="true">{selected ? '✓' : cellTexts[slot.status]}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
