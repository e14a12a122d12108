import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';
import { sendProblem } from './problem.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF prevention for cookie-authenticated writes. A browser only sends a cross-site write with
 * our cookie as a "simple" request (form or text body, no custom header); we refuse those:
 * - the Origin header, when present, must be one of the configured origins;
 * - Sec-Fetch-Site, when present, must not be cross-site;
 * - the body must be JSON or multipart with a preflight header, or the request must carry a
 *   custom header (x-requested-with / apollo-require-preflight), which forces a CORS preflight.
 */
export function csrfProtection(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const contentType = (req.get('content-type') ?? '').toLowerCase();
    const hasCustomHeader = Boolean(req.get('x-requested-with') || req.get('apollo-require-preflight') || req.get('x-apollo-operation-name'));
    const nonSimpleBody = contentType.startsWith('application/json') || contentType.startsWith('application/graphql-response+json');
    const bodyless = !req.get('content-length') && !req.get('transfer-encoding');
    const crossOrigin = origin !== undefined && origin !== 'null' && !allowedOrigins.includes(origin);
    const crossSite = fetchSite === 'cross-site' || origin === 'null';
    if (crossOrigin || crossSite || !(nonSimpleBody || hasCustomHeader || (bodyless && req.method === 'DELETE'))) {
      return sendProblem(res, new AppError('auth.csrf'));
    }
    next();
  };
}
