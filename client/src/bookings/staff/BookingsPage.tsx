import { useApolloClient, useQuery } from '@apollo/client/react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BookingWorkflowActiveDocument, StaffBookingSeriesDocument } from '../../gql/graphql';
import { SeriesTag } from '../series/SeriesMarks';
import { type VirtualColumn, VirtualTable } from '../../shared/list/VirtualTable';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { hasFlag } from '../../shared/permissions';
import { allowCreate, viewerOf } from '../../shared/rights';
import { useAppState } from '../../shared/store';
import { DeleteBookingDialog, RejectBookingDialog } from './BookingConfirmDialogs';
import { BookingDetailsDialog } from './BookingDetailsDialog';
import { BookingEditDialog } from './BookingEditDialog';
import { type BookingListFilter, columnOfSort, columnSorts, exportLink, filterFromParams, filterText, meetsSeries, meetsStatus, paramsOfFilter, sortAfterClick } from './bookingListFilter';
import { BookingListFilters } from './BookingListFilters';
import { useBookingObjectTitle } from './BookingObjectFilter';
import { BookingRowMenu } from './BookingRowMenu';
import { bookingActions, type BookingRow, bookingRow, cellTextsOf, hasAnyAction, type StaffBooking } from './bookingRows';
import './bookings.css';
import { BookingsPrint } from './BookingsPrint';
import { PRINT_LIMIT, type PrintRows, readPrintRows } from './bookingsPrintRows';
import { BookingsToolbar } from './BookingsToolbar';
import { PaymentTag, StatusTag } from './BookingTags';
import { type BookingViewKey, bookingViews, offeredViews, viewsDependOnWorkflow } from './bookingViews';
import { useBookingActions } from './useBookingActions';
import { type BookingListCount, useBookingList } from './useBookingList';
import { useBookingChanges } from './useStaffBookings';
import { isBookingNumber } from '../../../../common/bookings/booking-number';
import { normalizeBookingNumber } from '../public/bookingLinks';
import { DeletedBookingHistory } from './DeletedBookingHistory';
import { PageTitle } from '../../shared/PageTitle';

// The board with its drag and drop, and the calendar, load only when their view is first chosen.
const KanbanBoard = lazy(() => import('../kanban/KanbanBoard'));
const BookingCalendar = lazy(() => import('../calendar/BookingCalendar'));

const sortable = (key: string) => Object.hasOwn(columnSorts, key);

const columns: VirtualColumn<BookingRow>[] = (
  [
  {
    key: 'id',
    header: 'Id',
    render: (row) => (row.booking.seriesId ? <>{row.booking.id}<SeriesTag tenantId={row.booking.tenantId} seriesId={row.booking.seriesId} /></> : row.booking.id),
  },
  { key: 'objects', header: 'Gebuchte Objekte', render: (row) => row.objects },
  { key: 'begin', header: 'Von', render: (row) => cellTextsOf(row).begin },
  { key: 'end', header: 'Bis', render: (row) => cellTextsOf(row).end },
  { key: 'created', header: 'Erstellt', render: (row) => cellTextsOf(row).created },
  { key: 'name', header: 'Name', render: (row) => row.booking.name },
  { key: 'price', header: 'Preis', render: (row) => cellTextsOf(row).price },
  { key: 'status', header: 'Status', render: (row) => <StatusTag status={row.status} /> },
  { key: 'payment', header: 'Zahlung', render: (row) => <PaymentTag payment={row.payment} /> },
  { key: 'paymentMethod', header: 'Zahlungsart', render: (row) => row.paymentMethod },
  ] satisfies VirtualColumn<BookingRow>[]
).map((column) => ({ ...column, sortable: sortable(column.key) }));

const rowKey = (row: BookingRow) => row.booking.id;
const rowAttributes = (row: BookingRow) => ({ 'data-booking-id': row.booking.id });
const amount = new Intl.NumberFormat('de-DE');

/** "1 Buchung", "250 Buchungen", "ca. 100.000 Buchungen" (an estimate beyond what is counted exactly). */
export function countText(count: BookingListCount): string {
  const value = `${count.exact ? '' : 'ca. '}${amount.format(count.value)}`;
  return count.exact && count.value === 1 ? '1 Buchung' : `${value} Buchungen`;
}

type OpenDialog = { kind: 'create' } | { kind: 'details' | 'edit' | 'reject' | 'delete'; booking: StaffBooking };

/**
 * The staff's bookings of the current tenant (/admin/buchungen): the bookings the viewer may read,
 * newest first or by a column, searched as one types, following every change live; the row menu
 * offers what the viewer's rights allow. The server searches, filters, sorts and pages (by cursor,
 * a hundred at a time as the list is scrolled), and the table renders only the rows in view, so the
 * screen stays as quick with 100,000 bookings as with a hundred. Search, filters and order stand in
 * the address, so the start page links to a filtered list and a filtered list can be bookmarked.
 * Export and print read the same server query.
 */
/** The route reads the list's first page ahead once, on arrival; the screen's own changes of the address are its own requests. */
export { bookingsLoader as loader } from './firstPagePrefetch';
export const shouldRevalidate = () => false;

export default function BookingsPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <BookingsScreen key={tenantId} tenantId={tenantId} />;
}

function BookingsScreen({ tenantId }: { tenantId: string }) {
  const viewer = viewerOf(useAppState((state) => state.user));
  const client = useApolloClient();
  useBookingChanges(tenantId);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  // Typing into the search replaces the address; choosing a filter adds a step to go back to.
  const setFilter = useCallback(
    (next: BookingListFilter) => setParams(paramsOfFilter(next), { replace: next.query !== filter.query }),
    [setParams, filter.query],
  );
  const list = useBookingList(tenantId, filter);
  const shown = list.shown;
  // A live change (a release, a payment) may move a booking out of the status filter the server applied;
  // the place of a booking not in memory (its page let go far from view) stays.
  const rows = useMemo(
    () =>
      list.bookings
        .filter((booking) => booking === null || (meetsStatus(booking, shown?.status ?? null) && meetsSeries(booking, shown?.seriesId ?? null)))
        .map((booking) => (booking === null ? null : bookingRow(booking))),
    [list.bookings, shown],
  );
  const filteredSeries = useQuery(StaffBookingSeriesDocument, { variables: { tenantId, id: filter.seriesId ?? '' }, skip: !filter.seriesId });
  const seriesDescription = filter.seriesId ? (filteredSeries.data?.bookingSeries.rule.description ?? null) : null;
  const listHasSeries = useMemo(() => list.bookings.some((booking) => booking?.seriesId), [list.bookings]);
  const filteredObjectTitle = useBookingObjectTitle(tenantId, filter.bookableId);
  const tenantName = useAppState((state) => state.tenant?.name ?? '');
  const [printout, setPrintout] = useState<PrintRows | null>(null);
  const [printing, setPrinting] = useState(false);
  const workflow = useQuery(BookingWorkflowActiveDocument, { variables: { tenantId }, skip: !viewsDependOnWorkflow(bookingViews) });
  const views = offeredViews(bookingViews, workflow.data?.workflow.active ?? false);
  const [chosenView, setView] = useState<BookingViewKey>('list');
  // A view no longer offered (the workflow was switched off meanwhile) gives way to the list.
  const view = views.some((offered) => offered.key === chosenView) ? chosenView : 'list';
  const query = filter.query;
  // Printing reads the list's query to its end, lays out every row, then opens the browser's print dialog.
  useEffect(() => {
    if (printout) globalThis.print();
  }, [printout]);
  const print = () => {
    setPrinting(true);
    readPrintRows(client, tenantId, filter)
      .then(setPrintout)
      .catch((failure: unknown) => console.error('Druckansicht nicht geladen:', failure))
      .finally(() => setPrinting(false));
  };
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { release: releaseBooking } = useBookingActions(tenantId);
  const close = () => setDialog(null);

  const permissions = viewer?.permissions;
  const mayActOnSome =
    permissions !== undefined && (['updateAny', 'updateOwn', 'deleteAny', 'deleteOwn'] as const).some((flag) => hasFlag(permissions, tenantId, 'manageBookings', flag));

  const release = (booking: StaffBooking) => releaseBooking(booking.id);

  const rowMenu = (row: BookingRow) => {
    const actions = bookingActions(viewer, row.booking);
    const booking = row.booking;
    const seriesId = booking.seriesId;
    const seriesOnly = seriesId && filter.seriesId !== seriesId ? () => setFilter({ ...filter, seriesId }) : undefined;
    if (!hasAnyAction(actions) && !seriesOnly) return null;
    return (
      <BookingRowMenu
        bookingId={booking.id}
        actions={actions}
        handlers={{
          onDetails: () => setDialog({ kind: 'details', booking }),
          onEdit: () => setDialog({ kind: 'edit', booking }),
          onRelease: () => void release(booking),
          onReject: () => setDialog({ kind: 'reject', booking }),
          onDelete: () => setDialog({ kind: 'delete', booking }),
          onSeriesOnly: seriesOnly,
        }}
      />
    );
  };

  return (
    <section className="admin-page bookings-page">
      <PageTitle>Buchungen</PageTitle>
      <BookingsToolbar
        views={views}
        view={view}
        onViewChange={setView}
        search={view === 'list' ? { query, onQueryChange: (next) => setFilter({ ...filter, query: next }) } : undefined}
        onCreate={allowCreate(viewer, 'manageBookings', tenantId) ? () => setDialog({ kind: 'create' }) : undefined}
      />
      {view === 'list' && (
        <BookingListFilters
          filter={filter}
          onChange={setFilter}
          tenantId={tenantId}
          exportHref={(withLastChange) => exportLink(tenantId, filter, withLastChange)}
          onPrint={print}
          printing={printing}
          seriesDescription={seriesDescription}
        />
      )}
      {view === 'list' && (
        <BookingsPrint
          tenantName={tenantName}
          filterText={filterText(filter, filteredObjectTitle, seriesDescription)}
          rows={printout ? printout.bookings.map(bookingRow) : null}
          count={printout?.count ?? null}
          limit={PRINT_LIMIT}
        />
      )}
      {view === 'calendar' && (
        <Suspense fallback={<NonIdealState icon={<Spinner size={24} />} title="Kalender wird geladen..." />}>
          <BookingCalendar
            tenantId={tenantId}
            viewer={viewer}
            handlers={{
              onDetails: (booking) => setDialog({ kind: 'details', booking }),
              onEdit: (booking) => setDialog({ kind: 'edit', booking }),
              onRelease: (booking) => void release(booking),
              onReject: (booking) => setDialog({ kind: 'reject', booking }),
              onDelete: (booking) => setDialog({ kind: 'delete', booking }),
            }}
          />
        </Suspense>
      )}
      {view === 'kanban' && (
        <Suspense fallback={<NonIdealState icon={<Spinner size={24} />} title="Kanban wird geladen..." />}>
          <KanbanBoard tenantId={tenantId} viewer={viewer} onDetails={(booking) => setDialog({ kind: 'details', booking })} />
        </Suspense>
      )}
      {/* data-query: the search the rows below answer (a measurement sees when they are there);
          aria-busy while a page is on its way; data-complete once every match is read. Hidden behind
          the board, the list keeps its rows and place. */}
      <div
        className="bookings-list"
        aria-busy={list.fetching}
        data-query={shown?.query ?? ''}
        data-complete={list.complete}
        hidden={view !== 'list'}
      >
        {list.count && (
          <p className="bookings-count" role="status">
            {countText(list.count)}
          </p>
        )}
        <VirtualTable
          label="Buchungen"
          rows={rows}
          columns={columns}
          rowKey={rowKey}
          rowAttributes={rowAttributes}
          rowCount={list.complete ? rows.length : list.count?.exact ? list.count.value : null}
          loading={list.loading}
          sort={columnOfSort(filter.sort)}
          onSort={(key) => setFilter({ ...filter, sort: sortAfterClick(filter.sort, key) })}
          actions={mayActOnSome || listHasSeries ? rowMenu : undefined}
          onEndReached={list.loadMore}
          onRangeChange={list.showRange}
          footer={
            !list.complete && rows.length > 0 ? (
              <p className="virtual-table-footer" role="status">
                {list.fetching ? 'Weitere Buchungen werden geladen …' : 'Weitere Buchungen folgen beim Blättern.'}
              </p>
            ) : null
          }
        />
        {!list.loading && !list.fetching && rows.length === 0 && isBookingNumber(normalizeBookingNumber(query)) && (
          <DeletedBookingHistory tenantId={tenantId} bookingId={normalizeBookingNumber(query)} />
        )}
      </div>
      {dialog?.kind === 'create' && <BookingEditDialog tenantId={tenantId} bookingId={null} onClose={close} />}
      {dialog?.kind === 'edit' && <BookingEditDialog tenantId={tenantId} bookingId={dialog.booking.id} onClose={close} />}
      {dialog?.kind === 'details' && (
        <BookingDetailsDialog
          tenantId={tenantId}
          bookingId={dialog.booking.id}
          viewer={viewer}
          onEdit={(booking) => setDialog({ kind: 'edit', booking })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reject' && <RejectBookingDialog tenantId={tenantId} booking={dialog.booking} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteBookingDialog tenantId={tenantId} booking={dialog.booking} onClose={close} />}
    </section>
  );
}
