import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { roleView } from './role.service.js';

type TenantParams = { tenantId: string };

/** GET api/roles: every role the requester may read across the own tenants (mounted under /api). */
export function platformRoleRoutes(services: DomainServices): Router {
  const router = Router();
  router.get('/roles', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json((await services.roles.listReadable(viewer)).map(roleView));
  });
  return router;
}

/** api/{tenantId}/roles, mounted under /api/:tenantId. */
export function roleRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.get('/roles', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json((await services.roles.list(viewer, req.params.tenantId)).map(roleView));
  });
  router.get('/roles/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(roleView(await services.roles.get(viewer, req.params.tenantId, req.params.id)));
  });
  // Create or update; both answer 201 "Created" like the original.
  router.put('/roles', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const { role } = await services.roles.save(viewer, req.params.tenantId, body, 'rest');
    res.location(`/api/${encodeURIComponent(req.params.tenantId)}/roles/${role.id}`).sendStatus(201);
  });
  router.delete('/roles/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    await services.roles.remove(viewer, req.params.tenantId, req.params.id, 'rest');
    res.sendStatus(200);
  });
  return router;
}
