import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { isDocumentKind } from './document-number.js';

type BookingParams = { tenantId: string; id: string };

/**
 * api/{tenantId}/bookings/:id/receipt, bookings/:id/invoices and the template preview, mounted under
 * /api/:tenantId. The download serves only the booking's own documents, looked up by id or file
 * name in the receipts table: the request never names a path.
 */
export function receiptRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { receipts } = services;

  router.post('/bookings/:id/receipt', async (req: Request<BookingParams>, res: Response) => {
    const receipt = await receipts.create(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, 'rest');
    // 201 for a new revision, 200 for the newest receipt when nothing on it changed.
    res.status(receipt.isNew ? 201 : 200).json(receipt);
  });
  router.post('/bookings/:id/invoices', async (req: Request<BookingParams>, res: Response) => {
    const invoice = await receipts.createInvoice(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, 'rest');
    // 201 for a new invoice, 200 for the one issued before for the same amount.
    res.status(invoice.isNew ? 201 : 200).json(invoice);
  });
  router.get('/bookings/:id/receipt/:receiptId', async (req: Request<BookingParams & { receiptId: string }>, res: Response) => {
    const { fileName, content } = await receipts.file(await requireRestViewer(req, services.viewers), req.params.tenantId, req.params.id, req.params.receiptId);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(content);
  });
  /** {kind?: "receipt" | "invoice", template?: HTML}: the PDF of the tenant editor's "Vorschau" (owners). */
  router.post('/receipts/preview', async (req: Request<{ tenantId: string }>, res: Response) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as { kind?: unknown; template?: unknown };
    const kind = isDocumentKind(body.kind) ? body.kind : 'receipt';
    const pdf = await receipts.preview(await requireRestViewer(req, services.viewers), req.params.tenantId, kind, typeof body.template === 'string' ? body.template : null);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Cache-Control', 'no-store');
    res.send(pdf);
  });
  return router;
}
