import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The built client, served compressed without compressing per request: the build writes a brotli
 * (`.br`) and a gzip (`.gz`) copy beside each compressible file (`precompressFolder`), and the
 * server answers with the best copy the browser accepts (`serveClientAssets`). Hashed files under
 * `assets/` never change, so browsers keep them for a year.
 */

/** Preferred first: brotli is some 15 % smaller than gzip for the same file. */
export const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['name'];

/** Text formats worth compressing (images and woff2 fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.ttf', '.wasm', '.xml']);
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality costs seconds per megabyte; the few files above this size are the GraphiQL
 * editor's, where a few percent more bytes matter less than a build that takes twice as long.
 */
const LARGE_FILE_BYTES = 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesBelow(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesBelow(full) : [full];
  });
}

/**
 * Writes `file.br` (quality 11, 9 for large files) and `file.gz` (level 9) beside every compressible
 * file of the folder that is at least 1 KB, keeping only copies smaller than the original. Returns the bytes before
 * and after (brotli) for the build log.
 */
export async function precompressFolder(folder: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const candidates = filesBelow(folder).filter((file) => COMPRESSIBLE.has(path.extname(file)) && statSync(file).size >= MIN_BYTES);
  let bytes = 0;
  let brotliBytes = 0;
  // zlib's asynchronous calls run on the thread pool, so the files compress in parallel.
  await Promise.all(
    candidates.map(async (file) => {
      const content = await readFile(file);
      const [brotliCopy, gzipCopy] = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: content.length > LARGE_FILE_BYTES ? 9 : 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzip(content, { level: 9 }),
      ]);
      bytes += content.length;
      brotliBytes += Math.min(brotliCopy.length, content.length);
      if (brotliCopy.length < content.length) await writeFile(`${file}.br`, brotliCopy);
      if (gzipCopy.length < content.length) await writeFile(`${file}.gz`, gzipCopy);
    }),
  );
  return { files: candidates.length, bytes, brotliBytes };
}

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 section 12.5.3): the
 * available one with the highest weight above 0, brotli before gzip at equal weight (browsers list
 * gzip first without preferring it); `*` stands for every coding not named. Null: send it as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const name of ENCODINGS.map((encoding) => encoding.name)) {
    if (!available.includes(name)) continue;
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Hashed build output (`assets/name-hash.js`) never changes under its name; everything else may. */
function cacheControl(relativePath: string): string {
  return relativePath.startsWith(`assets${path.sep}`) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600';
}

/**
 * Serves the files of the built client: a precompressed copy when the browser accepts its encoding
 * (with Content-Encoding, the original's Content-Type and Vary: Accept-Encoding, so caches keep the
 * copies apart), otherwise the file itself. The copies are looked up once at start, as the server
 * reads index.html once: a new build means a restart. Index files are never served.
 */
export function serveClientAssets(folder: string): RequestHandler {
  const root = path.resolve(folder);
  const files = new Set(filesBelow(root));
  /** Original file → the encodings it has a copy in, preferred first. */
  const variants = new Map<string, Encoding[]>();
  for (const file of files) {
    const available = ENCODINGS.filter((encoding) => files.has(file + encoding.extension)).map((encoding) => encoding.name);
    if (available.length > 0) variants.set(file, available);
  }
  const plain = express.static(root, {
    index: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControl(path.relative(root, filePath)));
      if (variants.has(filePath)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let filePath: string;
    try {
      filePath = path.join(root, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    const available = variants.get(filePath);
    const chosen = available ? chooseEncoding(req.get('accept-encoding'), available) : null;
    if (!chosen) return plain(req, res, next);
    const extension = ENCODINGS.find((encoding) => encoding.name === chosen)!.extension;
    res.type(path.extname(filePath));
    res.setHeader('Content-Encoding', chosen);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl(path.relative(root, filePath)));
    res.sendFile(filePath + extension, { cacheControl: false }, (error) => {
      // A browser that left the page before the file went out (e.g. forwarded to a payment
      // provider while chunks still loaded) aborted the request: nobody to answer, nothing to log.
      if (error && !res.headersSent && (error as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(error);
    });
  };
}

/**
 * Whether a request that no file and no API path answered gets the client's page (history-mode
 * routing, so every screen loads on a hard refresh): a GET that prefers HTML to JSON (browsers
 * navigating send text/html, or any type without a preference). A request that asks for JSON, or
 * for something that is neither, gets a 404 instead of a page it would misread, and so does a
 * missing file of the build folder `assets/` (a script must never be parsed from the page).
 */
export function wantsClientPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/assets' || req.path.startsWith('/assets/')) return false;
  return req.accepts(['html', 'json']) === 'html';
}
