import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { AppError } from '../shared/errors.js';
import { sameOriginGetOnly } from '../shared/http/fetch-metadata.js';
import { clientIp, endSession, establishSession } from '../shared/http/session.js';
import { HookType } from './user-hook.entity.js';
import { publicUser } from './user.entity.js';
import { viewerOf } from './session-viewer.js';

type Body = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The REST facade of specification 01 section 7 "Auth" (rest-contract 2.2). */
export function authRoutes(services: DomainServices): Router {
  const router = Router();
  const { auth, viewers, config } = services;

  router.post('/signin', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    if (!text(body.id) || !text(body.password)) throw new AppError('register.missing-data');
    const viewer = await auth.signIn(text(body.id), text(body.password), { ip: clientIp(req) });
    await establishSession(req, viewer.user.id);
    res.json({ user: publicUser(viewer.user), permissions: viewer.permissions });
  });

  router.post('/signup', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.signUp({
      id: text(body.id),
      password: text(body.password),
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      company: text(body.company),
    });
    res.status(201).type('text/plain').send('Created');
  });

  const signOut = async (req: Request, res: Response) => {
    await endSession(req);
    res.clearCookie('connect.sid', { path: '/' });
    res.type('text/plain').send('OK');
  };
  // GET for the original product's clients, from the product's own pages only; scripts use POST.
  router.get('/signout', sameOriginGetOnly(config.corsOrigins), signOut);
  router.post('/signout', signOut);

  router.get('/me', async (req: Request, res: Response) => {
    // Read before viewerOf: it destroys the session of a vanished or suspended account.
    const hadSession = req.session?.userId !== undefined;
    const viewer = await viewerOf(req, viewers);
    if (!viewer) throw new AppError(hadSession ? 'auth.session-expired' : 'auth.unauthenticated');
    const withPermissions = req.query.populatePermissions !== '0' && req.query.populatePermissions !== 'false';
    res.json(withPermissions ? { user: publicUser(viewer.user), permissions: viewer.permissions } : { user: publicUser(viewer.user) });
  });

  // Mailed links: either path releases either kind of hook, then the client shows the result.
  const releaseHook = async (req: Request<{ hookId: string }>, res: Response) => {
    try {
      const type = await auth.releaseHook(req.params.hookId);
      res.redirect(302, `${config.publicUrl}${type === HookType.verify ? '/email/verify' : '/password/confirmed'}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.redirect(302, `${config.publicUrl}/login?linkInvalid=1`);
    }
  };
  // Same answer whether the address belongs to an unconfirmed, a confirmed or no account.
  router.post('/verify/resend', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.resendVerification(text(body.email), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });
  router.get('/verify/:hookId', releaseHook);
  router.get('/reset/:hookId', releaseHook);

  router.post('/resetpassword', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.requestPasswordChange(text(body.id), text(body.password), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  /** The specification's name for the same flow; `email` stands for `id`. */
  router.post('/reset', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.requestPasswordChange(text(body.email) || text(body.id), text(body.password), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  return router;
}
