import { stringify } from 'csv-stringify';
import { Router, type Request, type Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { CSV_BOM, NO_DATA, participantCsvOptions, participantRow, participantsFileName } from './participants-csv.js';
import { logger } from '../shared/logging.js';

type ItemParams = { tenantId: string; id: string };

/**
 * csv/{tenantId}/events/{id}/bookings: the participants list of an event (mounted under
 * /csv/:tenantId with the session). 401 without a session, 403 without the right to change the
 * event, 404 for an unknown event; otherwise the list, streamed page by page.
 */
export function eventCsvRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const participants = services.eventParticipants;

  router.get('/events/:id/bookings', async (req: Request<ItemParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const event = await participants.eventFor(viewer, req.params.tenantId, req.params.id);
    const pages = participants.bookings(req.params.tenantId, event.id);
    // The first page before the headers, so a database error still answers as a problem.
    const first = await pages.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${participantsFileName(event.name, event.id)}"`);
    // Personal data: no shared cache keeps it.
    res.setHeader('Cache-Control', 'no-store');
    if (first.done) return void res.end(`${CSV_BOM}${NO_DATA}`);
    res.write(CSV_BOM);
    async function* rows() {
      for (const booking of first.value ?? []) yield participantRow(booking);
      for await (const page of pages) for (const booking of page) yield participantRow(booking);
    }
    try {
      await pipeline(Readable.from(rows()), stringify(participantCsvOptions), res);
    } catch (error) {
      // Headers are gone: the client sees a cut-off download, the log says why.
      logger.error({ err: error }, '[csv] participants list aborted');
      res.destroy();
    }
  });
  return router;
}
