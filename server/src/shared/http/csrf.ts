import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';
import { isBearerRequest } from './bearer.js';
import { sendRefusal } from './refusal.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a write may run, or why not. */
export type CsrfVerdict = 'allowed' | 'foreign-origin' | 'opaque-origin' | 'cross-site' | 'foreign-referer' | 'no-source';

/** The origin part of a Referer, or undefined when it is no absolute URL. */
function refererOrigin(referer: string): string | undefined {
  try {
    const { origin } = new URL(referer);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * A request that no browser sends to another site without a CORS preflight (which only our allowed
 * origins pass): a JSON body, a custom header, or a DELETE without body (forms cannot send DELETE).
 */
function needsPreflight(req: Request): boolean {
  const contentType = (req.get('content-type') ?? '').toLowerCase();
  if (contentType.startsWith('application/json') || contentType.startsWith('application/graphql-response+json')) return true;
  if (req.get('x-requested-with') || req.get('apollo-require-preflight') || req.get('x-apollo-operation-name')) return true;
  const bodyless = !req.get('content-length') && !req.get('transfer-encoding');
  return bodyless && req.method === 'DELETE';
}

/**
 * Where a write comes from, checked the way OWASP recommends for cookie sessions (together with
 * the session cookie's SameSite=Lax):
 * 1. Origin, when sent, must be one of the allowed origins; "null" (sandboxed frames, privacy
 *    redirects) never is. Browsers send Origin with every POST, PUT and DELETE, so this decides
 *    for every browser request and no client needs a custom header or a JSON body.
 * 2. Without Origin: a Sec-Fetch-Site of cross-site is refused, and the Referer's origin must be
 *    allowed (older browsers send only that).
 * 3. With neither Origin nor Referer the sender is no current browser (curl, scripts, a proxy that
 *    strips both). Such a write is accepted only when a browser could not have sent it cross-site
 *    without a CORS preflight (needsPreflight), so a stripped header never opens a gap; a script
 *    that uploads a file sends `Origin: <PUBLIC_URL>` or `X-Requested-With`.
 * A request an API token authenticated carries no cookie (see bearer.ts) and is always allowed.
 */
export function csrfVerdict(req: Request, allowedOrigins: readonly string[]): CsrfVerdict {
  if (SAFE_METHODS.has(req.method) || isBearerRequest(req)) return 'allowed';
  const origin = req.get('origin');
  if (origin) {
    if (origin === 'null') return 'opaque-origin';
    return allowedOrigins.includes(origin) ? 'allowed' : 'foreign-origin';
  }
  if (req.get('sec-fetch-site') === 'cross-site') return 'cross-site';
  const referer = req.get('referer');
  if (referer) {
    const source = refererOrigin(referer);
    return source !== undefined && allowedOrigins.includes(source) ? 'allowed' : 'foreign-referer';
  }
  return needsPreflight(req) ? 'allowed' : 'no-source';
}

/** A script without Origin and Referer learns what to send instead of only "cross-site". */
const NO_SOURCE_DETAIL =
  'Die Anfrage wurde als websiteübergreifend abgelehnt: Sie nennt weder Origin noch Referer. Senden Sie den Header Origin mit der Adresse der Buchungsplattform.';

/**
 * Refuses a write csrfVerdict does not allow with 403 auth.csrf, before any body is read
 * (problem+json, on /graphql a GraphQL response: refusal.ts).
 */
export function csrfProtection(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const verdict = csrfVerdict(req, allowedOrigins);
    if (verdict === 'no-source') return sendRefusal(req, res, new AppError('auth.csrf', { detail: NO_SOURCE_DETAIL }));
    if (verdict !== 'allowed') return sendRefusal(req, res, new AppError('auth.csrf'));
    next();
  };
}

/** The content types a browser sends cross-site without a preflight (a form, a text body). */
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
/** Headers no form or link can set: any non-empty one proves a preflight (Apollo's names). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

const GRAPHQL_PREFLIGHT_DETAIL =
  'Die Anfrage wurde als websiteübergreifend abgelehnt: GraphQL-Anfragen brauchen den Header Content-Type: application/json oder einen nicht leeren Header apollo-require-preflight (bei GET und multipart/form-data).';

/**
 * Apollo Server's CSRF prevention for every GraphQL request, cookie or token, also GET: one a
 * browser could send cross-site without a preflight (no content type or a simple one, and none of
 * the preflight headers) is refused. The same rule as Apollo's, checked first so the refusal is
 * the catalogue's 403 auth.csrf (Apollo answers a 400 in English); Apollo's check stays behind it.
 */
export function graphqlPreflightRequired(req: Request): boolean {
  const contentType = req.get('content-type');
  if (contentType !== undefined && !SIMPLE_CONTENT_TYPES.has(contentType.split(';', 1)[0].trim().toLowerCase())) return false;
  return !PREFLIGHT_HEADERS.some((name) => (req.get(name) ?? '').length > 0);
}

export const graphqlPreflightProtection: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS' && graphqlPreflightRequired(req)) return sendRefusal(req, res, new AppError('auth.csrf', { detail: GRAPHQL_PREFLIGHT_DETAIL }));
  next();
};
