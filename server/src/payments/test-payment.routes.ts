import express, { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { renderTestPaymentMissing, renderTestPaymentPage } from './test-payment.page.js';

type TransactionParams = { transactionId: string };

/**
 * The built-in test provider's page, mounted at /payment/test (outside production only; in
 * production every transaction is unknown). GET shows the payment; POST with action "pay" or
 * "cancel" (a same-origin form, so behind the CSRF check) notifies and answers 303 to the return
 * route. Unknown or forged transaction ids get 404.
 */
export function testPaymentRoutes(services: DomainServices): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const missing = (res: Response) => res.status(404).type('html').send(renderTestPaymentMissing());

  router.get('/:transactionId', async (req: Request<TransactionParams>, res: Response) => {
    const view = await services.testPaymentPage.view(req.params.transactionId);
    if (!view) return missing(res);
    // The page must not be framed by another site (its buttons would be clickjacked). Its form
    // must carry our Origin for the CSRF check: under the default no-referrer policy a browser
    // sends "Origin: null" with a form POST.
    res.set('cache-control', 'no-store').set('x-frame-options', 'DENY').set('referrer-policy', 'same-origin');
    res.type('html').send(renderTestPaymentPage(view, req.originalUrl.split('?')[0]));
  });
  router.post('/:transactionId', form, async (req: Request<TransactionParams>, res: Response) => {
    const action = (req.body as Record<string, unknown> | undefined)?.action;
    if (action !== 'pay' && action !== 'cancel') {
      res.status(400).type('text/plain').send('Unbekannte Aktion');
      return;
    }
    const location = await services.testPaymentPage.complete(req.params.transactionId, action === 'pay');
    if (!location) return missing(res);
    res.redirect(303, location);
  });
  return router;
}
