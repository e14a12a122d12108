import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';

type TenantParams = { tenantId: string };

/** The tenant's API tokens under /api/{tenantId}/api-tokens (docs/integrators.md); owners only. */
export function apiTokenRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { apiTokens } = services;

  router.get('/api-tokens', async (req: Request<TenantParams>, res: Response) => {
    res.json(await apiTokens.list(await requireRestViewer(req, services.viewers), req.params.tenantId));
  });
  router.post('/api-tokens', async (req: Request<TenantParams>, res: Response) => {
    res.status(201).json(await apiTokens.create(await requireRestViewer(req, services.viewers), req.params.tenantId, req.body));
  });
  router.delete('/api-tokens/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    res.json(await apiTokens.revoke(await requireRestViewer(req, services.viewers), req.params.id, req.params.tenantId));
  });
  return router;
}
