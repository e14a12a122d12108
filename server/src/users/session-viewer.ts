import type { Request } from 'express';
import type { Viewer, ViewerService } from './viewer.service.js';

const cache = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * The viewer of a request that authenticated otherwise (an API token, users/bearer-auth.ts): every
 * later viewerOf of the request answers with it and the session is never asked.
 */
export function rememberViewer(req: Request, viewer: Viewer): void {
  cache.set(req, Promise.resolve(viewer));
}

/**
 * The viewer of a request, loaded once per request. A session whose account vanished or was
 * suspended is destroyed here, so suspension takes effect on the next request.
 */
export function viewerOf(req: Request, viewers: ViewerService): Promise<Viewer | null> {
  let pending = cache.get(req);
  if (!pending) {
    pending = (async () => {
      const userId = req.session?.userId;
      if (!userId) return null;
      const viewer = await viewers.load(userId, req.sessionID);
      if (!viewer) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      return viewer;
    })();
    cache.set(req, pending);
  }
  return pending;
}
