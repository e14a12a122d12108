import { Router, type Request, type Response } from 'express';
import { ticketEventIds, type TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { sameOriginGetOnly } from '../shared/http/fetch-metadata.js';
import { clientIp } from '../shared/http/session.js';
import { viewerOf } from '../users/session-viewer.js';
import { singlePriceOf } from '../bookables/bookable.single-price.js';
import type { WorkflowStatus } from '../workflow/workflow.service.js';
import type { Booking } from './booking.entity.js';
import type { BookingView } from './booking.model.js';
import { bookingView } from './booking.queries.js';
import { bookingJson } from './booking-money.js';
import { windowOf, type BookingListQuery } from './booking.service.js';
import {
  bookableBookingsQuerySchema,
  bookingListQuerySchema,
  bookingPageQuerySchema,
  listQueryDetail,
  occupancyQuerySchema,
  queryFlag,
  roomScheduleQuerySchema,
  timeWindowQueryDetail,
  timeWindowQuerySchema,
} from '../../../common/bookings/booking-query.schema.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { bookingEditSchema } from '../../../common/bookings/booking-edit.schema.js';
import { bookingHistoryQuerySchema } from '../../../common/bookings/history.js';
import { parseInput } from '../shared/schema-input.js';
import { confirmCancellationSchema } from '../../../common/bookings/series.js';

type TenantParams = { tenantId: string };
type ItemParams = TenantParams & { id: string };

/** `true` or `1`, as every flag of the query. */
const flag = (value: unknown) => queryFlag.parse(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const ok = (res: Response, status = 200) => res.status(status).type('text/plain').send(status === 201 ? 'Created' : 'OK');

/** A query with a window: a malformed from or to is a 400, not silently the default window. */
const queryOf = <S extends Parameters<typeof parseInput>[0]>(schema: S, req: Request) => parseInput(schema, req.query, { detail: timeWindowQueryDetail });

/** The bookings list's query (also the CSV export's): a malformed instant or page parameter is a 400 naming it. */
export const listQuery = (req: Request): BookingListQuery => parseInput(bookingListQuerySchema, req.query, { detail: listQueryDetail });

/**
 * `_populated` of the list and item (docs/api.md, "What clients of the original read besides"):
 * the board status, what the screens show of the first booked object as it was booked (with its
 * single net price `priceEur` and `priceCategory` while its prices fit that shape, else null), and
 * the events the booked tickets admit to (a booking of tickets has no times of its own).
 */
function populated(booking: BookingView, workflowStatus: WorkflowStatus, events: ReadonlyMap<string, TicketEventFacts>) {
  const first = booking.bookableItems[0]?._bookableUsed;
  const single = first ? singlePriceOf(first) : null;
  const bookable = first
    ? { flags: first.flags, tags: first.tags, bookingNotes: first.bookingNotes, priceEur: single?.priceEur ?? null, priceCategory: single?.priceCategory ?? null, priceCategories: first.priceCategories }
    : null;
  return { ...booking, _populated: { bookable, workflowStatus, events: ticketEventIds(booking.bookableItems).flatMap((id) => events.get(id) ?? []) } };
}

/**
 * api/{tenantId}/bookings, calendar/occupancy and bookables/{id}/bookings (docs/api.md, bookings),
 * mounted under /api/:tenantId. Staff paths need a session and the manageBookings rights
 * (ownership: the assigned user); status, cancellation request and hook release are public.
 */
export function bookingRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { bookings, bookingStatus, bookingEditor, workflows } = services;

  const withStatuses = async (tenantId: string, views: BookingView[], populate: boolean) => {
    if (!populate) return views.map(bookingJson);
    const [statuses, events] = await Promise.all([workflows.statusesOf(tenantId, views.map((view) => view.id)), bookings.ticketEventsOf(tenantId, views)]);
    return views.map((view) => populated(bookingJson(view), statuses.get(view.id) ?? null, events));
  };

  router.get('/bookings', async (req: Request<TenantParams>, res: Response) => {
    const { tenantId } = req.params;
    if (flag(req.query.public)) {
      const { from, to } = queryOf(timeWindowQuerySchema, req);
      const window = windowOf(from, to);
      res.json(await bookings.publicSlots(tenantId, window));
      return;
    }
    const viewer = await requireRestViewer(req, services.viewers);
    const page = await bookings.list(viewer, tenantId, listQuery(req));
    res.setHeader('X-Total-Count', String(page.total));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(await withStatuses(tenantId, page.items, flag(req.query.populate)));
  });
  router.get('/mybookings', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const page = await bookings.mine(viewer, req.params.tenantId, parseInput(bookingPageQuerySchema, req.query, { detail: listQueryDetail }));
    res.setHeader('X-Total-Count', String(page.total));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(await withStatuses(req.params.tenantId, page.items, flag(req.query.populate)));
  });
  router.put('/bookings', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { booking, created } = await bookingEditor.save(viewer, req.params.tenantId, parseInput(bookingEditSchema, req.body), 'rest');
    // Create answers 200, update 201 (docs/api.md, deliberate differences), both with the stored booking.
    res.status(created ? 200 : 201).json(bookingJson(bookingView(booking)));
  });
  // The status token travels in a header, so it stays out of URLs and access logs.
  router.get('/bookings/status', async (req: Request<TenantParams>, res: Response) => {
    const apiTokenId = (await viewerOf(req, services.viewers))?.apiToken?.id;
    res.json(await bookings.statusByToken(req.params.tenantId, req.get('x-status-token'), { ip: clientIp(req), apiTokenId }));
  });
  router.get('/bookings/:id', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const booking = await bookings.get(viewer, req.params.tenantId, req.params.id);
    const [view] = await withStatuses(req.params.tenantId, [bookingView(booking)], true);
    res.json({ ...view, refunds: await services.bookingRefunds.ofBooking(req.params.tenantId, booking.number) });
  });
  router.get('/bookings/:id/history', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await bookings.history(viewer, req.params.tenantId, req.params.id, parseInput(bookingHistoryQuerySchema, req.query)));
  });
  router.delete('/bookings/:id', async (req: Request<ItemParams>, res: Response) => {
    await bookingStatus.remove(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, 'rest');
    ok(res);
  });
  router.get('/bookings/:id/status', async (req: Request<ItemParams>, res: Response) => {
    res.json(await bookings.status(req.params.tenantId, req.params.id));
  });
  router.get('/bookings/:id/status/public', async (req: Request<ItemParams>, res: Response) => {
    res.json(await bookings.publicStatus(req.params.tenantId, req.params.id, text(req.query.lastname), { ip: clientIp(req) }));
  });
  router.get('/bookings/:id/verify-ownership', async (req: Request<ItemParams>, res: Response) => {
    await bookings.verifyOwnership(req.params.tenantId, req.params.id, text(req.query.name), { ip: clientIp(req) });
    ok(res);
  });
  const commit = async (req: Request<ItemParams>, res: Response) => {
    await bookingStatus.commit(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, 'rest');
    ok(res);
  };
  // GET for the original product's clients, from the product's own pages only; scripts use POST.
  router.get('/bookings/:id/commit', sameOriginGetOnly(services.config.corsOrigins), commit);
  router.post('/bookings/:id/commit', commit);
  router.post('/bookings/:id/reject', async (req: Request<ItemParams>, res: Response) => {
    await bookingStatus.reject(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, (req.body as { reason?: unknown } | undefined)?.reason, 'rest');
    ok(res);
  });
  router.post('/bookings/:id/request-reject', async (req: Request<ItemParams>, res: Response) => {
    await bookingStatus.requestReject(req.params.tenantId, req.params.id, (req.body as { reason?: unknown } | undefined)?.reason, { ip: clientIp(req) }, 'rest');
    ok(res, 201);
  });
  // A link in a mail never acts on GET (mail scanners open links): the old link leads to the
  // confirmation page, whose button confirms with a POST.
  router.get('/bookings/:id/hooks/:hookId/release', (req: Request<ItemParams & { hookId: string }>, res: Response) => {
    const query = new URLSearchParams({ id: req.params.id, hookId: req.params.hookId });
    res.redirect(303, `${services.config.publicUrl}/booking/verify-reject/${encodeURIComponent(req.params.tenantId)}?${query}`);
  });
  router.post('/bookings/:id/hooks/:hookId/release', async (req: Request<ItemParams & { hookId: string }>, res: Response) => {
    const { withFollowingDates } = parseInput(confirmCancellationSchema, req.body ?? {});
    await bookingStatus.releaseHook(req.params.tenantId, req.params.id, req.params.hookId, 'rest', { withFollowingDates });
    ok(res);
  });

  router.get('/calendar/occupancy', async (req: Request<TenantParams>, res: Response) => {
    const { ids, from, to } = queryOf(occupancyQuerySchema, req);
    res.json(await bookings.occupancy(req.params.tenantId, ids, windowOf(from, to)));
  });
  router.get('/calendar/schedule', async (req: Request<TenantParams>, res: Response) => {
    const query = parseInput(roomScheduleQuerySchema, req.query);
    res.json(await bookings.schedule(await viewerOf(req, services.viewers), req.params.tenantId, query));
  });
  router.get('/bookables/:id/bookings', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const { from, to, ...flags } = queryOf(bookableBookingsQuerySchema, req);
    const query = { ...flags, window: windowOf(from, to) };
    const result = await bookings.ofBookable(viewer, req.params.tenantId, req.params.id, query);
    res.json(query.public ? result : (result as Booking[]).map((booking) => bookingJson(bookingView(booking))));
  });
  return router;
}
