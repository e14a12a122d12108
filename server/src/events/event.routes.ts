import { Router, type Request, type Response } from 'express';
import { AppError } from '../shared/errors.js';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { viewerOf } from '../users/session-viewer.js';
import type { Viewer } from '../users/viewer.service.js';
import type { Event } from './event.entity.js';
import { eventRecord, publicEventRecord, type EventListQuery } from './event.service.js';

type TenantParams = { tenantId: string };
type ItemParams = TenantParams & { id: string };

const flag = (value: unknown) => value === 'true' || value === '1';

/** A non-negative integer query parameter; absent is undefined, anything else a 400. */
function integer(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(number)) throw new AppError('generic.validation', { detail: `${name} muss eine nicht negative ganze Zahl sein.`, fieldErrors: { [name]: 'Muss eine Zahl sein' } });
  return number;
}

/** tags as a comma-separated list or a repeated parameter; includePast=false hides events that are over. */
function listQuery(req: Request): EventListQuery {
  const raw = req.query.tags;
  const tags = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw.map(String) : [];
  return {
    tags: tags.map((tag) => tag.trim()).filter(Boolean),
    includePast: req.query.includePast === 'false' || req.query.includePast === '0' ? false : true,
    limit: integer(req.query.limit, 'limit'),
    offset: integer(req.query.offset, 'offset'),
  };
}

/**
 * api/{tenantId}/events, mounted under
 * /api/:tenantId. Lists are bare arrays. GET list and item are public: public events, and those
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
    res.json((await events.publicList(viewer, req.params.tenantId, listQuery(req))).map((event) => shown(viewer, event)));
  });
  router.get('/events/:id', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    res.json(shown(viewer, await events.publicGet(viewer, req.params.tenantId, req.params.id)));
  });
  router.get('/events/:id/bookings', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const page = await events.bookingsOf(viewer, req.params.tenantId, req.params.id, { limit: integer(req.query.limit, 'limit'), offset: integer(req.query.offset, 'offset') });
    res.setHeader('X-Total-Count', String(page.total));
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
