import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../shared/errors.js';
import { isBearerRequest, markBearerRequest } from '../shared/http/bearer.js';
import { sendRefusal } from '../shared/http/refusal.js';
import type { AttemptCount, RateLimiter } from '../shared/rate-limit.js';
import type { ApiTokenAuthenticator } from './api-token-port.js';
import { assertTokenTenant } from '../shared/token-scope.js';
import { rememberViewer, viewerOf } from './session-viewer.js';
import type { ViewerService } from './viewer.service.js';

const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)[ ]*$/i;

/** The secret of an `Authorization: Bearer …` value; null for another scheme or a malformed value. */
export function bearerSecret(header: string | undefined): string | null {
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

const INVALID_TOKEN_DETAIL = 'Der API-Schlüssel ist unbekannt, widerrufen oder abgelaufen.';
const MALFORMED_DETAIL = 'Der Header Authorization muss die Form "Bearer <API-Schlüssel>" haben.';
const TOO_MANY_DETAIL = 'Zu viele Anfragen mit diesem API-Schlüssel. Bitte warten Sie bis zum Ablauf der Minute.';

export interface BearerOptions {
  /** The name of the session cookie: a request with it and a token is refused. */
  sessionCookie: string;
  /** Requests per minute and token. */
  perMinute: number;
}

export function hasSessionCookie(req: Pick<Request, 'headers'>, name: string): boolean {
  return (req.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * Refusals before any route: GraphQL clients get a GraphQL answer with the code, everyone else
 * problem+json (refusal.ts). 401 names the Bearer scheme, as RFC 6750 asks.
 */
function refuse(req: Request, res: Response, error: AppError): void {
  if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="api"');
  sendRefusal(req, res, error);
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy of a token's requests
 * (`q` per `w` seconds) and what is left of its current window (`r` requests, reset in `t` seconds),
 * so an integrator can slow down before the 429.
 */
function setRateLimitHeaders(res: Response, perMinute: number, count: AttemptCount): void {
  res.setHeader('RateLimit-Policy', `"token";q=${perMinute};w=60`);
  res.setHeader('RateLimit', `"token";r=${count.remaining};t=${count.retryAfterSeconds}`);
}

/**
 * `Authorization: Bearer <secret>` for every data path (REST, GraphQL, downloads): the token's
 * viewer becomes the request's viewer (session-viewer.ts), so every route that asks for the viewer
 * gets it without knowing tokens. Mounted before sessions and CSRF checks; a request without the
 * header passes untouched. Unknown, revoked or expired tokens answer 401, a token together with
 * the session cookie 400, and more than `perMinute` requests of one token in its minute 429.
 */
export function bearerAuthentication(tokens: ApiTokenAuthenticator, attempts: RateLimiter, options: BearerOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    if (header === undefined) return next();
    const secret = bearerSecret(header);
    if (secret === null) return refuse(req, res, new AppError('auth.unauthenticated', { detail: MALFORMED_DETAIL }));
    if (hasSessionCookie(req, options.sessionCookie)) return refuse(req, res, new AppError('auth.token-with-session'));
    void (async () => {
      const viewer = await tokens.viewerOfSecret(secret);
      if (!viewer?.apiToken) return refuse(req, res, new AppError('auth.unauthenticated', { detail: INVALID_TOKEN_DETAIL }));
      const count = await attempts.count(`api-token:${viewer.apiToken.id}`, options.perMinute, 60);
      setRateLimitHeaders(res, options.perMinute, count);
      if (count.exceeded) return refuse(req, res, new AppError('auth.rate-limited', { detail: TOO_MANY_DETAIL, retryAfterSeconds: count.retryAfterSeconds }));
      markBearerRequest(req);
      rememberViewer(req, viewer);
      next();
    })().catch(next);
  };
}

/**
 * Mounted on every tenant's paths (/api/:tenantId, /csv/:tenantId, /html/:tenantId): a request
 * with an API token of another tenant answers 403 before any route, also on the public ones
 * (shared/token-scope.ts). Requests without a token pass untouched.
 */
export function tokenTenantScope(viewers: ViewerService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isBearerRequest(req)) return next();
    const tenantId = req.params.tenantId;
    void viewerOf(req, viewers)
      .then((viewer) => {
        if (typeof tenantId === 'string') assertTokenTenant(viewer, tenantId);
        next();
      })
      .catch((error: unknown) => (error instanceof AppError ? refuse(req, res, error) : next(error)));
  };
}
