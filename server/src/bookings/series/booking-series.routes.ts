import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../../shared/domain-services.js';
import { requireRestViewer } from '../../users/actor.js';

type SeriesParams = { tenantId: string; id: string };

/** api/{tenantId}/series (docs/api.md, series bookings), mounted under /api/:tenantId: staff who read bookings, and who release, cancel, change and mark them paid. */
export function bookingSeriesRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.get('/series/:id', async (req: Request<SeriesParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingSeries.view(viewer, req.params.tenantId, req.params.id));
  });
  router.post('/series/:id/cancel', async (req: Request<SeriesParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingSeries.cancel(viewer, req.params.tenantId, req.params.id, req.body, 'rest'));
  });
  router.post('/series/:id/change', async (req: Request<SeriesParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingSeries.change(viewer, req.params.tenantId, req.params.id, req.body, { simulate: req.query.simulate === 'true', via: 'rest' }));
  });
  router.post('/series/:id/paid', async (req: Request<SeriesParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingSeries.markPaid(viewer, req.params.tenantId, req.params.id, req.body, 'rest'));
  });
  router.post('/series/:id/commit', async (req: Request<SeriesParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingSeries.commit(viewer, req.params.tenantId, req.params.id, 'rest'));
  });
  return router;
}
