import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';
import { isBearerRequest } from './bearer.js';
import { sendRefusal } from './refusal.js';

/**
 * Whether a GET (or HEAD) comes from the product itself: by fetch metadata, a request the product's
 * own pages made (`Sec-Fetch-Site: same-origin`) or one the user started (`none`: typed address,
 * bookmark, another program); otherwise by an allowed `Origin` (PUBLIC_URL, CORS_ORIGINS), which
 * browsers send with cross-origin fetches. A link or form on another site makes the browser send
 * `cross-site` or `same-site` and no Origin, with the SameSite=Lax session cookie.
 */
export function isSameOriginGet(req: Request, allowedOrigins: readonly string[]): boolean {
  const site = req.get('sec-fetch-site');
  if (site === 'same-origin' || site === 'none') return true;
  const origin = req.get('origin');
  return origin !== undefined && origin !== 'null' && allowedOrigins.includes(origin);
}

const CROSS_SITE_GET_DETAIL =
  'Die Anfrage wurde als websiteübergreifend abgelehnt: Diese Aktion ist per GET nur von der Buchungsplattform selbst aus möglich. Senden Sie dieselbe Adresse als POST.';

/**
 * For the few GET paths that change something (kept for the original product's clients): another
 * site could trigger them with a link, an image or a redirect, and SameSite=Lax sends the session
 * cookie along on a top-level navigation. They run only for same-origin requests (isSameOriginGet);
 * anything else, scripts without these headers included, answers 403 auth.csrf and uses the POST
 * of the same path (checked like every write, see csrf.ts) or GraphQL.
 */
export function sameOriginGetOnly(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    // An API token's request carries no cookie a link on another site could send along.
    if (isSameOriginGet(req, allowedOrigins) || isBearerRequest(req)) return next();
    sendRefusal(req, res, new AppError('auth.csrf', { detail: CROSS_SITE_GET_DETAIL }));
  };
}
