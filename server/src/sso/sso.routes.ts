import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { establishSession } from '../shared/http/session.js';
import { publicUser } from '../users/user.entity.js';

type Body = Record<string, unknown>;

/**
 * POST auth/sso/signin {token, refreshToken?} and auth/sso/signup {token}; GET
 * auth/sso/configuration. A refresh token ties the session to the provider's (sso-sessions.ts).
 */
export function ssoRoutes(services: DomainServices): Router {
  const router = Router();
  router.get('/sso/configuration', async (_req: Request, res: Response) => {
    res.json(await services.sso.configuration());
  });
  router.post('/sso/signin', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    const refreshToken = services.ssoSessions.refreshTokenOf(body.refreshToken);
    const viewer = await services.sso.signIn(body.token);
    await establishSession(req, viewer.user.id, services.ssoSessions.sessionMarks(refreshToken));
    await services.ssoSessions.bind(req.sessionID, viewer.user.id, refreshToken);
    res.json({ user: publicUser(viewer.user), permissions: viewer.permissions });
  });
  router.post('/sso/signup', async (req: Request, res: Response) => {
    const user = await services.sso.signUp(((req.body ?? {}) as Body).token);
    res.status(201).json(publicUser(user));
  });
  return router;
}
