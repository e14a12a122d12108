import { useQuery } from '@apollo/client/react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BookingObjectsDocument, BookingWorkflowActiveDocument, StaffBookingSeriesDocument } from '../../gql/graphql';
import { SeriesTag } from '../series/SeriesMarks';
import { type Column, DataTable } from '../../shared/list/DataTable';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { hasFlag } from '../../shared/permissions';
import { allowCreate, viewerOf } from '../../shared/rights';
import { useAppState } from '../../shared/store';
import { DeleteBookingDialog, RejectBookingDialog } from './BookingConfirmDialogs';
import { BookingDetailsDialog } from './BookingDetailsDialog';
import { BookingEditDialog } from './BookingEditDialog';
import { type BookingListFilter, exportLink, filterFromParams, filterText, meetsSeries, meetsStatus, paramsOfFilter } from './bookingListFilter';
import { BookingListFilters } from './BookingListFilters';
import { BookingRowMenu } from './BookingRowMenu';
import { bookingActions, type BookingRow, cellTextsOf, hasAnyAction, type StaffBooking } from './bookingRows';
import './bookings.css';
import { BookingsPrint } from './BookingsPrint';
import { BookingsToolbar } from './BookingsToolbar';
import { PaymentTag, StatusTag } from './BookingTags';
import { type BookingViewKey, bookingViews, offeredViews, viewsDependOnWorkflow } from './bookingViews';
import { useBookingSearch } from './useBookingSearch';
import { useBookingActions } from './useBookingActions';
import { useBookingChanges, useStaffBookings } from './useStaffBookings';
import { isBookingNumber } from '../../../../common/bookings/booking-number';
import { normalizeBookingNumber } from '../public/bookingLinks';
import { DeletedBookingHistory } from './DeletedBookingHistory';
import { PageTitle } from '../../shared/PageTitle';

// The board with its drag and drop, and the calendar, load only when their view is first chosen.
const KanbanBoard = lazy(() => import('../kanban/KanbanBoard'));
const BookingCalendar = lazy(() => import('../calendar/BookingCalendar'));

const columns: Column<BookingRow>[] = [
  {
    key: 'id',
    header: 'Id',
    render: (row) => (row.booking.seriesId ? <>{row.booking.id}<SeriesTag tenantId={row.booking.tenantId} seriesId={row.booking.seriesId} /></> : row.booking.id),
    sortValue: (row) => row.booking.id,
  },
  { key: 'objects', header: 'Gebuchte Objekte', render: (row) => row.objects, sortValue: (row) => row.objects },
  { key: 'begin', header: 'Von', render: (row) => cellTextsOf(row).begin, sortValue: (row) => row.beginAt },
  { key: 'end', header: 'Bis', render: (row) => cellTextsOf(row).end, sortValue: (row) => row.endAt },
  { key: 'created', header: 'Erstellt', render: (row) => cellTextsOf(row).created, sortValue: (row) => row.createdAt },
  { key: 'name', header: 'Name', render: (row) => row.booking.name, sortValue: (row) => row.booking.name },
  { key: 'price', header: 'Preis', render: (row) => cellTextsOf(row).price, sortValue: (row) => row.booking.priceEur },
  { key: 'status', header: 'Status', render: (row) => <StatusTag status={row.status} />, sortValue: (row) => row.status },
  { key: 'payment', header: 'Zahlung', render: (row) => <PaymentTag payment={row.payment} />, sortValue: (row) => row.payment },
  { key: 'paymentMethod', header: 'Zahlungsart', render: (row) => row.paymentMethod, sortValue: (row) => row.paymentMethod },
];

const PAGE_SIZES = [25, 50, 100];
const rowKey = (row: BookingRow) => row.booking.id;
const NEWEST_FIRST = { key: 'created', direction: 'desc' } as const;

type OpenDialog = { kind: 'create' } | { kind: 'details' | 'edit' | 'reject' | 'delete'; booking: StaffBooking };

/**
 * The staff's bookings of the current tenant (/admin/buchungen): the list of all bookings the viewer
 * may read, newest first, searched as one types, following every change live; the row menu offers
 * what the viewer's rights allow. Its filters (search, status or payment, period, object) stand in
 * the address, so the start page links to a filtered list and a filtered list can be bookmarked;
 * the server filters by status, period and object, the search runs here. Export and print take
 * what the filter finds.
 */
export default function BookingsPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <BookingsScreen key={tenantId} tenantId={tenantId} />;
}

function BookingsScreen({ tenantId }: { tenantId: string }) {
  const viewer = viewerOf(useAppState((state) => state.user));
  useBookingChanges(tenantId);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  // Typing into the search replaces the address; choosing a filter adds a step to go back to.
  const setFilter = useCallback(
    (next: BookingListFilter) => setParams(paramsOfFilter(next), { replace: next.query !== filter.query }),
    [setParams, filter.query],
  );
  const period = filter.from || filter.to || filter.bookableId ? { from: filter.from ?? undefined, to: filter.to ?? undefined, bookableId: filter.bookableId } : undefined;
  const { bookings: loaded, total, loading, loadingMore } = useStaffBookings(tenantId, period, filter.status, filter.seriesId);
  // A live change (a release, a payment) may move a booking out of the status filter the server applied;
  // the series filter picks the series' dates from what was loaded.
  const bookings = useMemo(
    () => (filter.status || filter.seriesId ? loaded.filter((booking) => meetsStatus(booking, filter.status) && meetsSeries(booking, filter.seriesId)) : loaded),
    [loaded, filter.status, filter.seriesId],
  );
  const filteredSeries = useQuery(StaffBookingSeriesDocument, { variables: { tenantId, id: filter.seriesId ?? '' }, skip: !filter.seriesId });
  const seriesDescription = filter.seriesId ? (filteredSeries.data?.bookingSeries.rule.description ?? null) : null;
  const listHasSeries = useMemo(() => loaded.some((booking) => booking.seriesId), [loaded]);
  const objects = useQuery(BookingObjectsDocument, { variables: { tenantId } });
  const objectChoices = useMemo(() => [...(objects.data?.bookingObjectChoices ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'de')), [objects.data]);
  const tenantName = useAppState((state) => state.tenant?.name ?? '');
  const [printRequests, setPrintRequests] = useState(0);
  const workflow = useQuery(BookingWorkflowActiveDocument, { variables: { tenantId }, skip: !viewsDependOnWorkflow(bookingViews) });
  const views = offeredViews(bookingViews, workflow.data?.workflow.active ?? false);
  const [chosenView, setView] = useState<BookingViewKey>('list');
  // A view no longer offered (the workflow was switched off meanwhile) gives way to the list.
  const view = views.some((offered) => offered.key === chosenView) ? chosenView : 'list';
  const query = filter.query;
  const { found } = useBookingSearch(bookings, query, !loadingMore);
  // Printing lays out every found row first, then opens the browser's print dialog.
  useEffect(() => {
    if (printRequests > 0) globalThis.print();
  }, [printRequests]);
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
          objects={objectChoices}
          exportHref={(withLastChange) => exportLink(tenantId, filter, withLastChange)}
          onPrint={() => setPrintRequests((count) => count + 1)}
          seriesDescription={seriesDescription}
        />
      )}
      {view === 'list' && (
        <BookingsPrint tenantName={tenantName} filterText={filterText(filter, objectChoices.find((object) => object.id === filter.bookableId)?.title ?? null, seriesDescription)} rows={printRequests > 0 ? found : null} />
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
      {/* data-query: the search the list below shows, so a measurement sees when it is there. Hidden
          behind the board, the list keeps its page and sorting. */}
      <div className="bookings-list" aria-busy={loadingMore} data-query={query} hidden={view !== 'list'}>
        <DataTable
          label="Buchungen"
          rows={found}
          columns={columns}
          rowKey={rowKey}
          loading={loading}
          initialSort={NEWEST_FIRST}
          actions={mayActOnSome || listHasSeries ? rowMenu : undefined}
          pageSizes={PAGE_SIZES}
          pageSizeLabel="Buchungen pro Seite"
        />
        {!loading && !loadingMore && found.length === 0 && isBookingNumber(normalizeBookingNumber(query)) && (
          <DeletedBookingHistory tenantId={tenantId} bookingId={normalizeBookingNumber(query)} />
        )}
        {loadingMore && (
          <p className="bookings-progress" role="status">
            {bookings.length.toLocaleString('de-DE')} von {total.toLocaleString('de-DE')} Buchungen geladen, weitere folgen …
          </p>
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
