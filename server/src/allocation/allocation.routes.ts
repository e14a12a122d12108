import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { viewerOf } from '../users/session-viewer.js';

type RoundParams = { tenantId: string; id: string };

/** api/{tenantId}/allocation-rounds and allocation-wishes (docs/api.md, allocation rounds), mounted under /api/:tenantId. */
export function allocationRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const viewer = (req: Request) => viewerOf(req, services.viewers);
  router.get('/allocation-rounds', async (req: Request<{ tenantId: string }>, res: Response) => {
    res.json(await services.allocation.listRounds(await viewer(req), req.params.tenantId));
  });
  router.post('/allocation-rounds', async (req: Request<{ tenantId: string }>, res: Response) => {
    res.status(201).json(await services.allocation.createRound(await viewer(req), req.params.tenantId, req.body));
  });
  router.get('/allocation-rounds/:id', async (req: Request<RoundParams>, res: Response) => {
    res.json(await services.allocation.round(await viewer(req), req.params.tenantId, req.params.id));
  });
  router.put('/allocation-rounds/:id', async (req: Request<RoundParams>, res: Response) => {
    res.json(await services.allocation.updateRound(await viewer(req), req.params.tenantId, req.params.id, req.body));
  });
  router.post('/allocation-rounds/:id/applications', async (req: Request<RoundParams>, res: Response) => {
    res.status(201).json(await services.allocation.apply(await viewer(req), req.params.tenantId, req.params.id, req.body));
  });
  router.get('/allocation-rounds/:id/grid', async (req: Request<RoundParams>, res: Response) => {
    res.json(await services.allocation.grid(await viewer(req), req.params.tenantId, req.params.id));
  });
  router.post('/allocation-rounds/:id/publish', async (req: Request<RoundParams>, res: Response) => {
    res.json(await services.allocation.publish(await viewer(req), req.params.tenantId, req.params.id, 'rest'));
  });
  router.get('/allocation-rounds/:id/history', async (req: Request<RoundParams>, res: Response) => {
    res.json(await services.allocation.history(await viewer(req), req.params.tenantId, req.params.id));
  });
  router.post('/allocation-wishes/:id/decision', async (req: Request<RoundParams>, res: Response) => {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    res.json(await services.allocation.decide(await viewer(req), req.params.tenantId, { ...body, wishId: req.params.id }));
  });
  return router;
}
