import { type Request, type Response, Router } from 'express';
import { BOOKINGS_LINK_TOKEN_HEADER, myBookingsQuerySchema } from '../../../common/bookings/my-bookings.schema.js';
import { pagingDetail } from '../../../common/validation/paging.js';
import type { DomainServices } from '../shared/domain-services.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { clientIp } from '../shared/http/session.js';
import { parseInput } from '../shared/schema-input.js';
import { requireRestViewer } from '../users/actor.js';

type DocumentParams = { tenantId: string; number: string; documentId: string };

/**
 * "Meine Buchungen" over REST, as GraphQL `myBookings`, `myBookingsByLink`, `requestMyBookingsLink`
 * and `claimGuestBookings` answer it:
 * - GET account/bookings?period=upcoming|past&limit=&cursor=: the signed-in person's own bookings
 *   across all tenants; with the token of a mailed link in `X-Bookings-Link-Token` instead those made
 *   with the link's address. The next page's cursor in `X-Next-Cursor`.
 * - POST account/bookings/link {mail}: 202, the same for every address; the link is mailed by a job.
 * - GET account/bookings/link/documents/:tenantId/:number/:documentId: a guest's document, with the token in the header.
 * - POST account/bookings/claim: 200 {claimed}, the guest bookings of the verified account's address taken over.
 * The token travels in a header, never in the address, so no access log or browser history keeps it.
 */
export function myBookingRoutes(services: DomainServices): Router {
  const router = Router();
  const linkToken = (req: Request): string | undefined => req.get(BOOKINGS_LINK_TOKEN_HEADER);

  router.get('/account/bookings', async (req: Request, res: Response) => {
    const query = parseInput(myBookingsQuerySchema, req.query, { detail: pagingDetail });
    const token = linkToken(req);
    const page =
      token === undefined
        ? await services.myBookings.page(await requireRestViewer(req, services.viewers), query)
        : await services.myBookings.pageByLink(token, query, { ip: clientIp(req) });
    // A guest's list is theirs alone: no shared cache keeps it.
    if (token !== undefined) res.setHeader('Cache-Control', 'private, no-store');
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(page.items);
  });

  router.post('/account/bookings/link', async (req: Request, res: Response) => {
    await services.guestBookingLinks.request(req.body, { ip: clientIp(req) });
    res.status(202).json({ accepted: true });
  });

  router.get('/account/bookings/link/documents/:tenantId/:number/:documentId', async (req: Request<DocumentParams>, res: Response) => {
    const { tenantId, number, documentId } = req.params;
    const { fileName, content } = await services.myBookings.documentByLink(linkToken(req) ?? '', { tenantId, number, documentId }, { ip: clientIp(req) });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(content);
  });

  router.post('/account/bookings/claim', async (req: Request, res: Response) => {
    const claimed = await services.myBookings.claimGuestBookings(await requireRestViewer(req, services.viewers), 'rest');
    res.json({ claimed });
  });
  return router;
}
