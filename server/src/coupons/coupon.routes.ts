import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { couponView } from './coupon.service.js';

type TenantParams = { tenantId: string };

/**
 * api/{tenantId}/coupons, mounted under /api/:tenantId. Unlike the
 * original every route needs a session and the manageCoupons rights (docs/api.md).
 */
export function couponRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.get('/coupons', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json((await services.coupons.list(viewer, req.params.tenantId)).map(couponView));
  });
  router.get('/coupons/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(couponView(await services.coupons.get(viewer, req.params.tenantId, req.params.id, { requireValid: true })));
  });
  // Create or update by number; both answer 201 with the stored coupon.
  router.put('/coupons', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const { coupon } = await services.coupons.save(viewer, req.params.tenantId, body);
    res.status(201).json(couponView(coupon));
  });
  router.delete('/coupons/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    await services.coupons.remove(viewer, req.params.tenantId, req.params.id);
    res.status(200).end();
  });
  return router;
}
