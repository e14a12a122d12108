import { Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import Fuse from 'fuse.js';
import { type ReactNode, useMemo, useState } from 'react';
import { compareValues, effectiveSort, loadedNote, pageSlice, type SortDirection } from './listing';
import { type CreateAction, ListToolbar } from './ListToolbar';
import { SortableHeader } from './SortableHeader';

/**
 * The one list component of the admin screens: search, sortable
 * columns, page sizes including "Alle", the empty and loading texts. Screens own their data: a
 * query keyed by the current tenant reloads by itself when the tenant changes. A list too long to
 * read whole (the instance's accounts) comes searched and paged by the server: `serverSearch`
 * and `loadMore`; the table then pages and sorts the rows loaded so far.
 */
export interface Column<Row> {
  key: string;
  header: string;
  /** What the cell shows; defaults to the row's property of the same key. */
  render?: (row: Row) => ReactNode;
  /** Sorting by this column; without it the header is not sortable. */
  sortValue?: (row: Row) => string | number | null | undefined;
  /** Long unbroken values (e-mail addresses, ids) may wrap anywhere, so the table fits its screen. */
  breakAnywhere?: boolean;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table, e.g. "Gutscheine". */
  label: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** The texts a search matches against (fuzzy, via fuse.js); without it there is no search field. */
  searchText?: (row: Row) => string[];
  initialSort?: { key: string; direction: SortDirection };
  /** Buttons at the end of each row (edit, delete); return null for a row without actions. */
  actions?: (row: Row) => ReactNode;
  /** The list's create button, at the right end of the toolbar. */
  create?: CreateAction;
  pageSizes?: number[];
  /** The page size's label, e.g. "Buchungen pro Seite". */
  pageSizeLabel?: string;
  /**
   * The rows come searched by the server: the search field shows `query` and reports each change
   * (the screen asks the server, debounced); no fuzzy search here. Instead of `searchText`.
   */
  serverSearch?: { query: string; onQueryChange: (query: string) => void };
  /** The server's further pages: "Mehr laden" while `hasMore`; `totalCount` is the whole list's size. */
  loadMore?: { hasMore: boolean; loading: boolean; onLoadMore: () => void; totalCount: number };
}

const ALL = 0;
const DEFAULT_PAGE_SIZES = [10, 25, 50];

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, columns, rowKey, loading = false, searchText, actions, create, serverSearch, loadMore } = props;
  const pageSizes = props.pageSizes ?? DEFAULT_PAGE_SIZES;
  const pageSizeLabel = props.pageSizeLabel ?? 'Einträge pro Seite';
  const [ownQuery, setOwnQuery] = useState('');
  const query = serverSearch ? serverSearch.query : ownQuery;
  const setQuery = serverSearch ? serverSearch.onQueryChange : setOwnQuery;
  const [sort, setSort] = useState(props.initialSort);
  const [sortChosen, setSortChosen] = useState(false);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? ALL);
  const [page, setPage] = useState(0);

  const fuse = useMemo(
    () =>
      searchText && !serverSearch
        ? new Fuse(
            rows.map((row) => ({ row, text: searchText(row) })),
            { keys: ['text'], threshold: 0.3, ignoreLocation: true },
          )
        : null,
    [rows, searchText, serverSearch],
  );

  const searching = Boolean(fuse && query.trim());
  const activeSort = effectiveSort(sort, searching, sortChosen);
  const visible = useMemo(() => {
    const found = fuse && query.trim() ? fuse.search(query.trim()).map((result) => result.item.row) : [...rows];
    const column = activeSort && columns.find((candidate) => candidate.key === activeSort.key);
    if (activeSort && column?.sortValue) {
      const value = column.sortValue;
      found.sort((a, b) => compareValues(value(a), value(b), activeSort.direction));
    }
    return found;
  }, [fuse, query, rows, activeSort, columns]);

  const { pageRows, pageCount, currentPage } = pageSlice(visible, pageSize, page);

  const toggleSort = (key: string) => {
    setSortChosen(true);
    setSort({ key, direction: activeSort?.key === key && activeSort.direction === 'asc' ? 'desc' : 'asc' });
  };

  return (
    <div className="data-table">
      {(searchText || serverSearch || create) && (
        <ListToolbar create={create}>
          {(searchText || serverSearch) && (
            <InputGroup
              className="data-table-search"
              leftIcon="search"
              placeholder="Suchen"
              aria-label={`${label} durchsuchen`}
              value={query}
              onValueChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
            />
          )}
        </ListToolbar>
      )}
      {loading ? (
        <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />
      ) : visible.length === 0 ? (
        <NonIdealState icon="th-disconnect" title="Keine Daten vorhanden" />
      ) : (
        // A table wider than its screen scrolls within this box; the page itself never scrolls sideways.
        <div className="data-table-scroll">
          <HTMLTable striped interactive className="data-table-table" aria-label={label}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <SortableHeader key={column.key} columnKey={column.key} header={column.header} sort={activeSort} onSort={column.sortValue ? toggleSort : undefined} />
                ))}
                {actions && <th>Aktionen</th>}
              </tr>
            </thead>
            <tbody>
              {pageRows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.breakAnywhere ? 'data-table-break-anywhere' : undefined}>
                      {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                    </td>
                  ))}
                  {actions && <td className="data-table-actions">{actions(row)}</td>}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="data-table-footer">
        <label>
          {pageSizeLabel}{' '}
          <HTMLSelect
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.currentTarget.value));
              setPage(0);
            }}
            options={[...pageSizes.map((size) => ({ value: size, label: String(size) })), { value: ALL, label: 'Alle' }]}
          />
        </label>
        <span>
          {visible.length === 0 ? '0' : `${currentPage * (pageSize || visible.length) + 1}–${currentPage * (pageSize || visible.length) + pageRows.length}`} von {visible.length}
        </span>
        <Button variant="minimal" icon="chevron-left" aria-label="Vorherige Seite" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)} />
        <Button variant="minimal" icon="chevron-right" aria-label="Nächste Seite" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)} />
        {loadMore && loadMore.totalCount > rows.length ? <span>({loadedNote(rows.length, loadMore.totalCount)})</span> : null}
        {loadMore?.hasMore ? <Button text="Mehr laden" icon="more" loading={loadMore.loading} onClick={loadMore.onLoadMore} /> : null}
      </div>
    </div>
  );
}
