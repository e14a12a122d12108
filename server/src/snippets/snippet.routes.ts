import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { viewerOf } from '../users/session-viewer.js';
import { parseIds, parseType } from './snippet.service.js';

type TenantParams = { tenantId: string };
type ItemParams = TenantParams & { id: string };

/** Public markup changes rarely; tenant websites may embed it on every page view. */
const CACHE = 'public, max-age=60';

function sendHtml(res: Response, html: string, cache = CACHE): void {
  res.setHeader('Cache-Control', cache);
  // Any website may fetch the public markup (without credentials); the product's own origins keep
  // the credentialed answer the CORS middleware gave them.
  if (!res.getHeader('Access-Control-Allow-Origin')) res.setHeader('Access-Control-Allow-Origin', '*');
  res.type('text/html; charset=utf-8').send(html);
}

/**
 * html/{tenantId}/...: HTML snippets for the tenant's website (mounted under /html/:tenantId, all
 * public). Unknown or non-public ids answer a 404 problem.
 */
export function snippetRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { snippets } = services;

  router.get('/bookables', async (req: Request<TenantParams>, res: Response) => {
    sendHtml(res, await snippets.bookableList(req.params.tenantId, { type: parseType(req.query.type), ids: parseIds(req.query.ids) }));
  });
  router.get('/bookables/:id', async (req: Request<ItemParams>, res: Response) => {
    sendHtml(res, await snippets.bookableDetail(req.params.tenantId, req.params.id));
  });
  router.get('/events', async (req: Request<TenantParams>, res: Response) => {
    sendHtml(res, await snippets.eventList(req.params.tenantId, { ids: parseIds(req.query.ids) }));
  });
  router.get('/events/:id', async (req: Request<ItemParams>, res: Response) => {
    const signedIn = (await viewerOf(req, services.viewers)) !== null;
    // With a session the answer carries the attachments: only for this visitor, never a shared cache.
    sendHtml(res, await snippets.eventDetail(req.params.tenantId, req.params.id, signedIn), signedIn ? 'private, no-store' : CACHE);
  });
  return router;
}
