import { Router, type Request, type Response } from 'express';
import { queryFlag } from '../../../../common/bookings/booking-query.schema.js';
import { checkoutItemSchema, checkoutSchema } from '../../../../common/bookings/checkout.schema.js';
import type { DomainServices } from '../../shared/domain-services.js';
import { parseInput } from '../../shared/schema-input.js';
import { viewerOf } from '../../users/session-viewer.js';
import { bookingJson } from '../booking-money.js';

type TenantParams = { tenantId: string };

/**
 * api/{tenantId}/checkout (docs/api.md, checkout), mounted under /api/:tenantId: public, a session only
 * makes the booker known (assigned user, permitted and free-booking lists).
 */
export function checkoutRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { checkout } = services;

  router.post('/checkout', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const simulate = queryFlag.parse(req.query.simulate);
    const request = parseInput(checkoutSchema, req.body);
    // A retry with the same Idempotency-Key answers the first booking (checkout-idempotency.ts).
    res.status(200).json(bookingJson(await checkout.checkout(viewer, req.params.tenantId, request, { simulate, idempotencyKey: req.get('idempotency-key') })));
  });
  router.post('/checkout/validateItem', async (req: Request<TenantParams>, res: Response) => {
    const item = parseInput(checkoutItemSchema, req.body);
    res.json(await checkout.validateItem(await viewerOf(req, services.viewers), req.params.tenantId, item));
  });
  router.get('/checkout/permissions/:id', async (req: Request<TenantParams & { id: string }>, res: Response) => {
    await checkout.permission(await viewerOf(req, services.viewers), req.params.tenantId, req.params.id);
    res.status(200).type('text/plain').send('OK');
  });
  return router;
}
