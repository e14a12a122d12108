import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { AppError } from '../shared/errors.js';
import { callbackParams, paymentStartCodes, type StartedPayment } from './payment.service.js';

type TenantParams = { tenantId: string };

/** What the public start answer shows of the booking: its payment state, no personal data. */
export function paymentBookingSummary(booking: StartedPayment['booking']) {
  return {
    id: booking.number,
    tenantId: booking.tenant.id,
    priceEur: booking.priceEur,
    isCommitted: booking.isCommitted,
    isPayed: booking.isPayed,
    isRejected: booking.isRejected,
    paymentProvider: booking.paymentProvider ?? null,
    paymentMethod: booking.paymentMethod,
  };
}

/** A refused start as problem+json with the original product's numeric code (0, 1, 2) as `paymentErrorCode`. */
function sendStartProblem(res: Response, error: AppError): void {
  const legacy = (paymentStartCodes as Record<string, number | undefined>)[error.code];
  res
    .status(error.status)
    .type('application/problem+json')
    .json({ type: 'about:blank', title: error.title, status: error.status, detail: error.problemDetail, code: error.code, ...(legacy !== undefined ? { paymentErrorCode: legacy } : {}) });
}

/**
 * POST api/{tenantId}/payments {bookingId}, mounted with the other tenant
 * routes (JSON, CSRF check): public, for a released and unpaid booking. `paymentData` is the
 * provider page (giroCockpit, pmPayment), true (invoice: mailed) or absent (no provider chosen).
 */
export function paymentRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.post('/payments', async (req: Request<TenantParams>, res: Response) => {
    const bookingId = (req.body as Record<string, unknown> | undefined)?.bookingId;
    let started: StartedPayment;
    try {
      started = await services.payments.start(req.params.tenantId, bookingId);
    } catch (error) {
      if (error instanceof AppError && error.code in paymentStartCodes) return sendStartProblem(res, error);
      throw error;
    }
    // paymentData: the provider page, true for the invoice (mailed), absent without a provider.
    // invoice: its number once issued, and whether this start asked for it or found it asked for before.
    res.json({ ...(started.provider ? { paymentData: started.redirectUrl ?? true } : {}), ...(started.invoice ? { invoice: started.invoice } : {}), booking: paymentBookingSummary(started.booking) });
  });
  return router;
}

/**
 * The providers' callbacks, mounted BEFORE the CSRF check: the provider's server (notify) and the
 * customer's browser coming from the provider's page (response) are cross-site by nature. They
 * change nothing unless the provider's signature or status lookup confirms the payment.
 * - GET|POST payments/notify?id={booking}: 200 "OK"; 400 problem when not confirmed.
 * - GET|POST payments/response?id={booking}&tenant={tenant}: 302 to the checkout status page with
 *   `outcome` paid, failed or pending; 404 for an unknown booking, 400 for a forged result.
 */
export function paymentCallbackRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  const json = express.json({ limit: '64kb' });

  const notify = async (req: Request<TenantParams>, res: Response) => {
    await services.payments.notify(req.params.tenantId, req.query.id, callbackParams(req.query, req.body));
    res.status(200).type('text/plain').send('OK');
  };
  const browserReturn = async (req: Request<TenantParams>, res: Response) => {
    const { location } = await services.payments.browserReturn(req.params.tenantId, req.query.id, callbackParams(req.query, req.body));
    res.redirect(302, location);
  };
  const bodies = (req: Request, res: Response, next: NextFunction) => form(req, res, (error?: unknown) => (error ? next(error) : json(req, res, next)));

  router.get('/payments/notify', notify);
  router.post('/payments/notify', bodies, notify);
  router.get('/payments/response', browserReturn);
  router.post('/payments/response', bodies, browserReturn);
  return router;
}
