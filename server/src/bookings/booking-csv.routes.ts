import { Router, type Request, type Response } from 'express';
import { csvExportQuerySchema } from '../../../common/bookings/booking-query.schema.js';
import type { DomainServices } from '../shared/domain-services.js';
import { parseInput } from '../shared/schema-input.js';
import { requireRestViewer } from '../users/actor.js';
import { listQuery } from './booking.routes.js';
import { bookingListFileName, bookingListHeaders, bookingListRow } from './bookings-csv.js';
import { sendCsvDownload } from './csv-download.js';

type TenantParams = { tenantId: string };

/**
 * csv/{tenantId}/bookings: the staff's bookings list as CSV, with the list's filters (search,
 * status, from, to, bookableId; `lastChange=true` adds the newest history entry) and the list's
 * rights: 401 without a session, 403 without the right to read bookings of the tenant, those
 * assigned to the viewer for an "own"-only reader. Streamed page by page.
 */
export function bookingCsvRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });

  router.get('/bookings', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { paging: _paging, ...filters } = listQuery(req);
    const { lastChange } = parseInput(csvExportQuerySchema, req.query);
    const { tenantId } = req.params;
    const exported = services.bookings.exportPages(viewer, tenantId, filters);
    async function* pages() {
      for await (const page of exported) yield page.items.map((view) => ({ view, events: page.events }));
    }
    await sendCsvDownload(res, {
      fileName: bookingListFileName(filters.status),
      headers: bookingListHeaders,
      pages: pages(),
      row: ({ view, events }) => bookingListRow(view, events),
      lastChange: lastChange ? { numberOf: ({ view }) => view.id, read: (numbers) => services.bookings.lastChanges(tenantId, numbers) } : undefined,
      label: 'bookings list',
    });
  });
  return router;
}
