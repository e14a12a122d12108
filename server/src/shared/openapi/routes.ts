import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { DOCS_INIT_SCRIPT, DOCS_PAGE, DOCS_STYLESHEET } from './docs-page.js';
import type { OpenApiDocument } from './document.js';
import type { ApiDomain } from './operation.js';

/** Where the reference page's files come from: the swagger-ui-dist package, never a CDN. */
const swaggerUiFolder = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the page loads, by the name under /api/docs/assets/. */
const ASSETS: Record<string, { type: string; file?: string; content?: string }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'favicon-32x32.png': { type: 'image/png', file: 'favicon-32x32.png' },
  'docs.css': { type: 'text/css; charset=utf-8', content: DOCS_STYLESHEET },
  'init.js': { type: 'text/javascript; charset=utf-8', content: DOCS_INIT_SCRIPT },
};

/** The reference page's own operations, described like any domain's. */
export const apiDocsDomain: ApiDomain = {
  tag: { name: 'Dokumentation', description: 'Dieses Dokument und die Referenzseite dazu.' },
  source: 'server/src/shared/openapi/routes.ts',
  operations: [
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'OpenAPI-Dokument der REST-API',
      description: 'Dieses Dokument (OpenAPI 3.1), erzeugt aus den Eingabeschemata des Servers. Mit `ETag`; `If-None-Match` antwortet 304.',
      access: 'public',
      answers: {
        200: { description: 'Das Dokument.', schema: { type: 'object', required: ['openapi', 'paths'], properties: { openapi: { type: 'string', const: '3.1.0' }, paths: { type: 'object' } } } },
        304: { description: 'Unverändert seit dem genannten `ETag`.' },
      },
    },
    {
      method: 'get',
      path: '/api/docs',
      summary: 'Referenzseite (Swagger UI)',
      description: 'Die lesbare Referenz dieses Dokuments; funktioniert ohne Internetzugang.',
      access: 'public',
      answers: { 200: { description: 'HTML-Seite.', schema: { type: 'string' }, contentType: 'text/html' } },
    },
  ],
};

/**
 * GET /api/openapi.json (cacheable, with ETag) and GET /api/docs with its files, mounted under /api
 * before sessions: the reference is public and needs no cookie.
 */
export function apiDocsRoutes(document: OpenApiDocument): Router {
  const body = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const router = Router();
  router.get('/openapi.json', (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', etag);
    const asked = req.get('If-None-Match')?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
    if (asked.includes(etag) || asked.includes('*')) return void res.status(304).end();
    res.type('application/json').send(body);
  });
  router.get('/docs', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_PAGE);
  });
  // The page's files: a fixed list, so nothing else of the package is served.
  router.use('/docs/assets', (req: Request, res: Response, next: NextFunction) => {
    const asset = (req.method === 'GET' || req.method === 'HEAD') && Object.hasOwn(ASSETS, req.path.slice(1)) ? ASSETS[req.path.slice(1)] : undefined;
    if (!asset) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(asset.type);
    if (asset.content !== undefined) return void res.send(asset.content);
    res.sendFile(asset.file!, { root: swaggerUiFolder }, (error) => error && next(error));
  });
  return router;
}
