import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';

type TenantParams = { tenantId: string };

/** A PDF asked for by `format=pdf` or by an Accept header that prefers it. */
const wantsPdf = (req: Request): boolean => req.query.format === 'pdf' || (req.query.format === undefined && req.accepts(['application/json', 'application/pdf']) === 'application/pdf');

/**
 * api/{tenantId}/personal-data?mail=: what the tenant holds about a mail address (GET, JSON or
 * PDF) and its erasure (DELETE), mounted under /api/:tenantId; the tenant's owners.
 */
export function privacyRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { privacy } = services;

  router.get('/personal-data', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.setHeader('Cache-Control', 'private, no-store');
    if (wantsPdf(req)) {
      const pdf = await privacy.personalDataPdf(viewer, req.params.tenantId, req.query.mail);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', 'attachment; filename="datenauskunft.pdf"');
      res.send(pdf);
      return;
    }
    res.json(await privacy.personalData(viewer, req.params.tenantId, req.query.mail));
  });

  router.delete('/personal-data', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await privacy.erase(viewer, req.params.tenantId, req.query.mail, 'rest'));
  });
  return router;
}
