import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { viewerOf } from '../users/session-viewer.js';
import type { Viewer } from '../users/viewer.service.js';
import type { Bookable } from './bookable.entity.js';
import { bookableTypes, type BookableType } from './bookable.model.js';
import { publicRestBookableRecord, restBookableRecord, type BookableFilter } from './bookable.service.js';
import type { TicketEvents } from './ticket-events.js';
import { wholeListQuerySchema } from '../../../common/lists/list-query.js';
import { pagingDetail } from '../../../common/validation/paging.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { parseInput } from '../shared/schema-input.js';

type TenantParams = { tenantId: string };
type ItemParams = TenantParams & { id: string };

const flag = (value: unknown) => value === 'true' || value === '1';

function filterOf(req: Request): BookableFilter {
  const type = bookableTypes.find((candidate) => candidate === req.query.type) as BookableType | undefined;
  const tags = typeof req.query.tags === 'string' ? req.query.tags.split(',').filter(Boolean) : Array.isArray(req.query.tags) ? req.query.tags.map(String) : [];
  return { type: type ?? null, tags };
}

/**
 * api/{tenantId}/bookables, mounted under
 * /api/:tenantId. Public paths need no session; the others a session and the manageBookables
 * rights. `populate=true` adds `_populated: {event, relatedBookables}`, on the public paths with
 * public data only.
 */
export function bookableRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { bookables, bookableAvailability } = services;
  const ticketEvents: TicketEvents = services.ticketEvents;

  const withPopulated = async (viewer: Viewer, req: Request<TenantParams>, bookable: Bookable) => {
    const record = restBookableRecord(bookable);
    if (!flag(req.query.populate)) return record;
    const related = await bookableAvailability.related(viewer, req.params.tenantId, bookable.id);
    const event = bookable.eventId ? await ticketEvents.eventForTicket(viewer, req.params.tenantId, bookable.eventId) : null;
    return { ...record, _populated: { event, relatedBookables: related.map(restBookableRecord) } };
  };

  /**
   * The public paths populate with public data only, whoever asks: the public shape of every object
   * (no owner, no visibility or free-booking lists), dependent objects the viewer may see outside
   * the administration, and the event as the public sees it (null unless public).
   */
  const withPublicPopulated = async (viewer: Viewer | null, req: Request<TenantParams>, bookable: Bookable) => {
    const record = publicRestBookableRecord(bookable);
    if (!flag(req.query.populate)) return record;
    const related = await bookableAvailability.publicRelated(viewer, req.params.tenantId, bookable);
    const event = bookable.eventId ? await ticketEvents.eventForTicket(null, req.params.tenantId, bookable.eventId) : null;
    return { ...record, _populated: { event, relatedBookables: related.map(publicRestBookableRecord) } };
  };

  router.get('/bookables/public', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const list = await bookables.publicList(viewer, req.params.tenantId, filterOf(req));
    if (!flag(req.query.populate)) return void res.json(list.map(publicRestBookableRecord));
    const related = await bookableAvailability.publicRelatedOfListed(viewer, req.params.tenantId, list);
    const events = await ticketEvents.eventsForTickets(null, req.params.tenantId, list.flatMap((bookable) => (bookable.eventId ? [bookable.eventId] : [])));
    res.json(
      list.map((bookable) => ({
        ...publicRestBookableRecord(bookable),
        _populated: { event: (bookable.eventId && events.get(bookable.eventId)) || null, relatedBookables: (related.get(bookable.id) ?? [bookable]).map(publicRestBookableRecord) },
      })),
    );
  });
  router.get('/bookables/public/:id', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    res.json(await withPublicPopulated(viewer, req, await bookables.publicGet(viewer, req.params.tenantId, req.params.id)));
  });
  router.get('/bookables/_meta/tags', async (req: Request<TenantParams>, res: Response) => {
    res.json(await bookables.tags(await requireRestViewer(req, services.viewers), req.params.tenantId));
  });
  router.get('/bookables/_meta/picker-options', async (req: Request<TenantParams>, res: Response) => {
    const userSearch = typeof req.query.userSearch === 'string' ? req.query.userSearch : null;
    const userIds = typeof req.query.userIds === 'string' ? req.query.userIds.split(',').filter(Boolean) : null;
    res.json(await bookables.pickerOptions(await requireRestViewer(req, services.viewers), req.params.tenantId, { userSearch, userIds }));
  });
  router.get('/bookables/count/check', async (req: Request<TenantParams>, res: Response) => {
    res.json(await bookables.mayAddPublic(await requireRestViewer(req, services.viewers), req.params.tenantId));
  });
  router.get('/bookables', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    // Paged like bookablePage: `search`, `limit`, `cursor`; without a limit the first WHOLE_LIST_CAP the viewer may read.
    const query = parseInput(wholeListQuerySchema, req.query, { detail: pagingDetail });
    const page = await bookables.page(viewer, req.params.tenantId, { ...filterOf(req), ...query });
    const list = page.bookables;
    res.setHeader('X-Total-Count', String(page.totalCount));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    if (!flag(req.query.populate)) return void res.json(list.map(restBookableRecord));
    // The whole list's dependent objects and events together, not one bookable after the other.
    const related = await bookableAvailability.relatedOfListed(viewer, req.params.tenantId, list);
    const events = await ticketEvents.eventsForTickets(viewer, req.params.tenantId, list.flatMap((bookable) => (bookable.eventId ? [bookable.eventId] : [])));
    res.json(
      list.map((bookable) => ({
        ...restBookableRecord(bookable),
        _populated: { event: (bookable.eventId && events.get(bookable.eventId)) || null, relatedBookables: (related.get(bookable.id) ?? [bookable]).map(restBookableRecord) },
      })),
    );
  });
  router.get('/bookables/:id', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await withPopulated(viewer, req, await bookables.get(viewer, req.params.tenantId, req.params.id)));
  });
  // Create without id, update with id; both answer 201 with the stored bookable as JSON (docs/api.md
  // lists this difference from the original).
  router.put('/bookables', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    res.status(201).json(restBookableRecord(await bookables.save(viewer, req.params.tenantId, body)));
  });
  router.post('/bookables/:id/duplicate', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.status(201).json(restBookableRecord(await bookables.duplicate(viewer, req.params.tenantId, req.params.id)));
  });
  router.delete('/bookables/:id', async (req: Request<ItemParams>, res: Response) => {
    await bookables.remove(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id);
    res.status(200).type('text/plain').send('OK');
  });
  router.get('/bookables/:id/openingHours', async (req: Request<ItemParams>, res: Response) => {
    res.json(await bookableAvailability.openingHours(await viewerOf(req, services.viewers), req.params.tenantId, req.params.id));
  });
  router.get('/bookables/:id/availability', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : null);
    const amount = Number(req.query.amount ?? 1);
    res.json(await bookableAvailability.availability(viewer, req.params.tenantId, req.params.id, { startDate: text(req.query.startDate), endDate: text(req.query.endDate), amount }));
  });
  return router;
}
