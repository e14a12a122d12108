import { Button } from '@blueprintjs/core';
import type { ColumnSort } from './listing';

export interface SortableHeaderProps {
  columnKey: string;
  header: string;
  /** Without it the header is plain text. */
  onSort?: (key: string) => void;
  sort: ColumnSort | null | undefined;
}

/** A list's column header: its name, and where the list sorts by it a button showing the direction. */
export function SortableHeader({ columnKey, header, onSort, sort }: SortableHeaderProps) {
  const sorted = sort?.key === columnKey ? sort.direction : null;
  return (
    <th aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      {onSort ? (
        <Button
          variant="minimal"
          size="small"
          text={header}
          endIcon={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'double-caret-vertical'}
          onClick={() => onSort(columnKey)}
        />
      ) : (
        header
      )}
    </th>
  );
}
