import busboy from 'busboy';
import { Router, type Request, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import { AppError } from '../shared/errors.js';
import { viewerOf } from '../users/session-viewer.js';
import { accessLevelOf, extensionError, MAX_FILE_BYTES, messages } from './file.rules.js';
import type { PendingUpload } from './file.storage.js';
import type { FileView } from './file.service.js';

type TenantParams = { tenantId: string };

/** A file as the list answers it; lastmod as an ISO instant. */
export function fileItem(file: FileView): Record<string, unknown> {
  return { ...file, lastmod: file.lastmod.toISOString() };
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a multipart upload (fields file, accessLevel, customDirectory, optional imagesOnly) to a
 * temporary file with busboy; fields may come before or after the file. Nothing is written for a
 * refused caller: the permission is checked before the body is read.
 */
async function receiveMultipart(services: DomainServices, req: Request<TenantParams>): Promise<FileView> {
  const { tenantId } = req.params;
  if (!(req.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('generic.validation', { detail: messages.fileRequired, fieldErrors: { file: messages.fileRequired } });
  }
  const fields: Record<string, string> = {};
  let pending: Promise<PendingUpload> | undefined;
  let refused: unknown;
  const parser = busboy({ headers: req.headers, preservePath: true, defParamCharset: 'utf8', limits: { fileSize: MAX_FILE_BYTES + 1, files: 1, fields: 10, fieldSize: 2000, parts: 12 } });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || pending || refused) return void stream.resume();
    try {
      const fileName = services.files.fileName(info.filename);
      pending = services.files.receive(tenantId, fileName, stream);
      pending.catch(() => undefined);
    } catch (error) {
      refused = error;
      stream.resume();
    }
  });
  try {
    await pipeline(req, parser);
  } catch {
    if (pending) await pending.then((upload) => services.files.storage.discard(upload)).catch(() => undefined);
    throw new AppError('generic.validation', { detail: 'Die Datei wurde nicht vollständig übertragen.' });
  }
  if (refused) throw refused;
  if (!pending) throw new AppError('generic.validation', { detail: messages.fileRequired, fieldErrors: { file: messages.fileRequired } });
  const upload = await pending;
  const imagesOnly = fields.imagesOnly === 'true';
  const extension = imagesOnly ? extensionError(upload.fileName, true) : undefined;
  if (extension) {
    await services.files.storage.discard(upload);
    throw new AppError('generic.validation', { detail: extension, fieldErrors: { file: extension } });
  }
  return services.files.commit(tenantId, upload, accessLevelOf(fields.accessLevel), fields.customDirectory);
}

/**
 * api/{tenantId}/files, mounted under /api/:tenantId. The list and public
 * files need no session; protected files need a member of the tenant; upload and delete the
 * manageBookables rights. Uploads pass the CSRF check (shared/http/csrf.ts) by their Origin like every write.
 */
export function fileRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  router.get('/files/list', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const includeProtected = req.query.includeProtected !== undefined && req.query.includeProtected !== 'false';
    res.json((await services.files.list(viewer, req.params.tenantId, includeProtected)).map(fileItem));
  });
  router.get('/files/get', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await viewerOf(req, services.viewers);
    const { file, stream } = await services.files.open(viewer, req.params.tenantId, req.query.name);
    res.status(200);
    res.setHeader('Content-Type', file.mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', contentDisposition(file.basename));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // An uploaded SVG or HTML-like file never runs as a page of this origin.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Last-Modified', file.lastmod.toUTCString());
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', file.accessLevel === 'public' ? 'public, max-age=300' : 'private, no-store');
    await pipeline(stream, res);
  });
  router.post('/files', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    try {
      await services.files.authorizeUpload(viewer, req.params.tenantId);
    } catch (error) {
      // Refused before reading: the connection closes so the body is not sent in vain.
      res.setHeader('Connection', 'close');
      throw error;
    }
    const file = await receiveMultipart(services, req);
    res.status(201).setHeader('Location', file.link).type('text/plain').send('File uploaded successfully.');
  });
  router.delete('/files', async (req: Request<TenantParams>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    await services.files.remove(viewer, req.params.tenantId, req.query.name);
    res.status(200).type('text/plain').send('OK');
  });
  return router;
}
