import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { clientIp } from '../shared/http/session.js';
import { requireRestViewer } from '../users/actor.js';
import { viewerOf } from '../users/session-viewer.js';

type ItemParams = { tenantId: string; id: string };

/**
 * A citizen's own cancellation and the staff's completion of refunds (docs/api.md), mounted under
 * /api/:tenantId: POST bookings/{id}/cancel (the account the booking belongs to, or the status token
 * in X-Status-Token, which stays out of URLs and logs as for GET bookings/status) and
 * POST refunds/{id}/complete (manageBookings update).
 */
export function bookingCancellationRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.post('/bookings/:id/cancel', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const answer = await services.bookingCancellation.cancel(
      { viewer, statusToken: req.get('x-status-token') ?? null, asker: { ip: clientIp(req), apiTokenId: viewer?.apiToken?.id } },
      req.params.tenantId,
      req.params.id,
      req.body ?? {},
      'rest',
    );
    res.json(answer);
  });
  router.post('/refunds/:id/complete', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.bookingRefunds.complete(viewer, req.params.tenantId, req.params.id, 'rest'));
  });
  return router;
}
