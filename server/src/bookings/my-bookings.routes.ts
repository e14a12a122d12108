import { type Request, type Response, Router } from 'express';
import { myBookingsQuerySchema } from '../../../common/bookings/my-bookings.schema.js';
import { pagingDetail } from '../../../common/validation/paging.js';
import type { DomainServices } from '../shared/domain-services.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { parseInput } from '../shared/schema-input.js';
import { requireRestViewer } from '../users/actor.js';

/**
 * GET api/account/bookings?period=upcoming|past&limit=&cursor=: the signed-in person's own bookings
 * across all tenants, as GraphQL `myBookings` answers them; the next page's cursor in `X-Next-Cursor`.
 */
export function myBookingRoutes(services: DomainServices): Router {
  const router = Router();
  router.get('/account/bookings', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const page = await services.myBookings.page(viewer, parseInput(myBookingsQuerySchema, req.query, { detail: pagingDetail }));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(page.items);
  });
  return router;
}
