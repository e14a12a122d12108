import { Router, type Request, type Response } from 'express';
import { csvExportQuerySchema } from '../../../common/bookings/booking-query.schema.js';
import { sendCsvDownload } from '../bookings/csv-download.js';
import type { DomainServices } from '../shared/domain-services.js';
import { parseInput } from '../shared/schema-input.js';
import { requireRestViewer } from '../users/actor.js';
import { participantHeaders, participantRow, participantsFileName } from './participants-csv.js';

type ItemParams = { tenantId: string; id: string };

/**
 * csv/{tenantId}/events/{id}/bookings: the participants list of an event (mounted under
 * /csv/:tenantId with the session). 401 without a session, 403 without the right to change the
 * event, 404 for an unknown event; otherwise the list, streamed page by page (`lastChange=true` adds
 * the newest history entry of each booking).
 */
export function eventCsvRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const participants = services.eventParticipants;

  router.get('/events/:id/bookings', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { tenantId } = req.params;
    const event = await participants.eventFor(viewer, tenantId, req.params.id);
    const { lastChange } = parseInput(csvExportQuerySchema, req.query);
    await sendCsvDownload(res, {
      fileName: participantsFileName(event.name, event.id),
      headers: participantHeaders,
      pages: participants.bookings(tenantId, event.id),
      row: participantRow,
      lastChange: lastChange ? { numberOf: (booking) => booking.number, read: (numbers) => services.bookings.lastChanges(tenantId, numbers) } : undefined,
      label: 'participants list',
    });
  });
  return router;
}
