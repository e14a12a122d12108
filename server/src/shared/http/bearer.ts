import type { Request } from 'express';

/** Requests an API token authenticated (users/bearer-auth.ts), before any CSRF check. */
const bearerRequests = new WeakSet<Request>();

export function markBearerRequest(req: Request): void {
  bearerRequests.add(req);
}

/**
 * Whether an API token authenticated the request. Such a request carries no cookie (one with both
 * is refused), so no browser can forge it from another site and the CSRF checks do not apply.
 */
export function isBearerRequest(req: Request): boolean {
  return bearerRequests.has(req);
}
