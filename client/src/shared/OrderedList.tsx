import { Button, ButtonGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { moveDown, moveUp, removeAt } from './orderedList';

export interface OrderedListProps<T> {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** A stable key per item (also the duplicate check of addUnique). */
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/**
 * The ordered list widget (dependent objects, checkout options, attachments):
 * keeps the order with move up, move down and remove; empty shows "Es sind keine Einträge vorhanden.".
 * Adding goes through addUnique (shared/orderedList.ts), so an entry is listed only once.
 */
export function OrderedList<T>({ items, onChange, itemKey, renderItem, label }: OrderedListProps<T>) {
  if (items.length === 0) return <p className="bp6-text-muted">Es sind keine Einträge vorhanden.</p>;
  return (
    <ol aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item, index) => (
        <li key={itemKey(item)} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
          <span style={{ flex: 1 }}>{renderItem(item, index)}</span>
          <ButtonGroup minimal>
            <Button icon="arrow-up" aria-label="Nach oben" title="Nach oben" disabled={index === 0} onClick={() => onChange(moveUp(items, index))} />
            <Button icon="arrow-down" aria-label="Nach unten" title="Nach unten" disabled={index === items.length - 1} onClick={() => onChange(moveDown(items, index))} />
            <Button icon="trash" aria-label="Entfernen" title="Entfernen" intent="danger" onClick={() => onChange(removeAt(items, index))} />
          </ButtonGroup>
        </li>
      ))}
    </ol>
  );
}
