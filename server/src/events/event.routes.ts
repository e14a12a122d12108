import { Router, type Request, type Response } from 'express';
import { bookingPageQuerySchema, listQueryDetail } from '../../../common/bookings/booking-query.schema.js';
import { eventListQuerySchema } from '../../../common/events/event-query.schema.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { parseInput } from '../shared/schema-input.js';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { viewerOf } from '../users/session-viewer.js';
import type { Viewer } from '../users/viewer.service.js';
import type { Event } from './event.entity.js';
import { eventRecord, publicEventRecord, type EventListQuery } from './event.service.js';

type TenantParams = { tenantId: string };
type ItemParams = TenantParams & { id: string };

const flag = (value: unknown) => value === 'true' || value === '1';

/** The list's query (common/events/event-query.schema.ts): a page parameter out of range is a 400 naming it. */
const listQuery = (req: Request): EventListQuery => parseInput(eventListQuerySchema, req.query, { detail: listQueryDetail });

/**
 * api/{tenantId}/events, mounted under
 * /api/:tenantId. Lists are bare arrays; the next page's cursor travels in headers (X-Next-Cursor, Link). GET list and item are public: public events, and those
 * the signed-in viewer may read (with their owner); the others need a session and the
 * manageBookables rights. Bookings of an event answer only what the viewer may read of bookings.
 */
export function eventRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { events } = services;

  const shown = (viewer: Viewer | null, event: Event) => (events.mayRead(viewer, event) ? eventRecord(event) : publicEventRecord(event));

  router.get('/events/_meta/tags', async (req: Request<TenantParams>, res: Response) => {
    res.json(await events.tags(await requireRestViewer(req, services.viewers), req.params.tenantId));
  });
  router.get('/events/count/check', async (req: Request<TenantParams>, res: Response) => {
    res.json(await events.mayAddPublic(await requireRestViewer(req, services.viewers), req.params.tenantId));
  });
  router.get('/events', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const page = await events.publicList(viewer, req.params.tenantId, listQuery(req));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(page.events.map((event) => shown(viewer, event)));
  });
  router.get('/events/:id', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    res.json(shown(viewer, await events.publicGet(viewer, req.params.tenantId, req.params.id)));
  });
  router.get('/events/:id/bookings', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const page = await events.bookingsOf(viewer, req.params.tenantId, req.params.id, parseInput(bookingPageQuerySchema, req.query, { detail: listQueryDetail }));
    res.setHeader('X-Total-Count', String(page.total));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(page.items);
  });
  // Create without id, update with id; both answer 201 with the stored event (JSON answers instead of the original's "Created").
  router.put('/events', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    res.status(201).json(eventRecord(await events.save(viewer, req.params.tenantId, body, { withTickets: flag(req.query.withTickets) })));
  });
  router.post('/events/:id/duplicate', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.status(201).json(eventRecord(await events.duplicate(viewer, req.params.tenantId, req.params.id)));
  });
  router.delete('/events/:id', async (req: Request<ItemParams>, res: Response) => {
    await events.remove(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id);
    res.status(200).type('text/plain').send('OK');
  });
  return router;
}
