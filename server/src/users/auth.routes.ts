import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { AppError } from '../shared/errors.js';
import { sameOriginGetOnly } from '../shared/http/fetch-metadata.js';
import { clientIp, endSession, establishSession } from '../shared/http/session.js';
import { isWellFormedToken } from './account-tokens.js';
import { publicUser } from './user.entity.js';
import { viewerOf } from './session-viewer.js';

type Body = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The REST facade's auth paths (docs/api.md). */
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

  // Same answer whether the address belongs to an unconfirmed, a confirmed or no account.
  router.post('/verify/resend', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.resendVerification(text(body.email), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  // The buttons of the pages behind the mailed links.
  router.post('/verify/confirm', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.confirmEmail(text(body.token), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });
  router.post('/reset/confirm', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.resetPassword(text(body.token), text(body.password), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  /**
   * Links of mails sent before the links led to the client: a GET only leads on to the page whose
   * button confirms, so a mail scanner or link preview that opens the link changes nothing.
   */
  const toPage = (page: string) => (req: Request<{ token: string }>, res: Response) => {
    const token = req.params.token;
    res.redirect(302, isWellFormedToken(token) ? `${config.publicUrl}${page}?token=${encodeURIComponent(token)}` : `${config.publicUrl}/login?linkInvalid=1`);
  };
  router.get('/verify/:token', toPage('/email/verify'));
  router.get('/reset/:token', toPage('/password/new'));

  // Asks for a reset link; a `password` sent along (older clients chose it here) is ignored.
  router.post('/resetpassword', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.requestPasswordReset(text(body.id), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  /** The same request under its other name; `email` stands for `id`. */
  router.post('/reset', async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    await auth.requestPasswordReset(text(body.email) || text(body.id), { ip: clientIp(req) });
    res.type('text/plain').send('OK');
  });

  return router;
}
