import { stringify } from 'csv-stringify';
import { Router, type Request, type Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { listQuery } from './booking.routes.js';
import { CSV_BOM, NO_DATA } from './csv-format.js';
import { bookingListCsvOptions, bookingListFileName, bookingListRow } from './bookings-csv.js';
import { logger } from '../shared/logging.js';

type TenantParams = { tenantId: string };

/**
 * csv/{tenantId}/bookings: the staff's bookings list as CSV, with the list's filters (search,
 * status, from, to, bookableId) and the list's rights: 401 without a session, 403 without the right
 * to read bookings of the tenant, those assigned to the viewer for an "own"-only reader. Streamed
 * page by page.
 */
export function bookingCsvRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });

  router.get('/bookings', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { limit: _limit, offset: _offset, ...filters } = listQuery(req);
    const pages = services.bookings.exportPages(viewer, req.params.tenantId, filters);
    // The first page before the headers, so a refusal or a database error still answers as a problem.
    const first = await pages.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${bookingListFileName(filters.status)}"`);
    // Personal data: no shared cache keeps it.
    res.setHeader('Cache-Control', 'no-store');
    if (first.done) return void res.end(`${CSV_BOM}${NO_DATA}`);
    res.write(CSV_BOM);
    async function* rows() {
      for (const view of first.value?.items ?? []) yield bookingListRow(view, first.value?.events ?? new Map());
      for await (const page of pages) for (const view of page.items) yield bookingListRow(view, page.events);
    }
    try {
      await pipeline(Readable.from(rows()), stringify(bookingListCsvOptions), res);
    } catch (error) {
      // Headers are gone: the client sees a cut-off download, the log says why.
      logger.error({ err: error }, '[csv] bookings list aborted');
      res.destroy();
    }
  });
  return router;
}
