import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { clientIp, endSession } from '../shared/http/session.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import { parseInput } from '../shared/schema-input.js';
import { pagingDetail } from '../../../common/validation/paging.js';
import { userListQuerySchema } from '../../../common/users/user-list.js';
import { requireRestViewer } from './actor.js';
import type { Viewer } from './viewer.service.js';
import { publicUser, type User } from './user.entity.js';
import { profileFields, type AdminUserUpdate, type ProfileUpdate, type UserWithRoles } from './user.service.js';

type Body = Record<string, unknown>;

/**
 * A user as the viewer may see it: the public user (contact details as the
 * users service decides: the user, instance owners, the staff of the user's tenants) with `roles`
 * (per tenant, where the viewer may see them).
 */
function userView(viewer: Viewer, user: User | UserWithRoles) {
  const full = publicUser(user);
  const roles = 'tenantRoles' in user ? user.tenantRoles : undefined;
  const contactDetailsShown = 'contactDetailsShown' in user ? user.contactDetailsShown : viewer.permissions.instanceOwner || viewer.user.id === user.id;
  const shown = contactDetailsShown
    ? full
    : { id: full.id, firstName: full.firstName, lastName: full.lastName, isVerified: full.isVerified, isSuspended: full.isSuspended, authType: full.authType, created: full.created };
  return roles ? { ...shown, roles } : shown;
}

/** api/users and api/user. */
export function userRoutes(services: DomainServices): Router {
  const router = Router();

  router.put('/user', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = (req.body ?? {}) as Body;
    const update: ProfileUpdate = {};
    for (const field of profileFields) if (field in body) update[field] = body[field] as string | null;
    const user = await services.users.updateOwnProfile(viewer, update);
    res.json(publicUser(user));
  });

  // The settings' data download and account deletion (before /users/:id).
  router.get('/users/me/personal-data', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const data = await services.account.personalData(viewer);
    res.setHeader('Content-Disposition', `attachment; filename="meine-daten-${data.exportedAt.toISOString().slice(0, 10)}.json"`);
    res.setHeader('Cache-Control', 'no-store');
    res.json(data);
  });

  router.delete('/users/me', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = (req.body ?? {}) as Body;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    await services.account.deleteOwnAccount(viewer, { password: text(body.password), email: text(body.email) }, { ip: clientIp(req) }, 'rest');
    await endSession(req);
    res.clearCookie('connect.sid', { path: '/' });
    res.status(204).end();
  });

  router.get('/users', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const page = await services.users.page(viewer, parseInput(userListQuerySchema, req.query, { detail: pagingDetail }));
    res.setHeader('X-Total-Count', String(page.totalCount));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    res.json(page.users.map((user) => userView(viewer, user)));
  });

  // Before /users/:id. The client sends filterRoles; 3.0.0 read roles.
  router.get('/users/ids', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const raw = [req.query.filterRoles, req.query.roles].flat().filter((value): value is string => typeof value === 'string').join(',');
    const roles = raw.split(',').map((role) => role.trim()).filter(Boolean);
    res.json(await services.users.ids(viewer, roles.length ? roles : undefined));
  });

  router.get('/users/:id', async (req: Request<{ id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(userView(viewer, await services.users.getForViewer(viewer, req.params.id)));
  });

  // Existing id: update of the whitelisted fields → "OK"; new id: create with `password` (3.0.0: `secret`) → the user.
  router.put('/users', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = (req.body ?? {}) as Body;
    const update: Record<string, unknown> = { id: body.id };
    for (const field of [...profileFields, 'isVerified', 'isSuspended']) if (field in body) update[field] = body[field];
    const id = typeof body.id === 'string' ? body.id : '';
    if (!viewer.permissions.instanceOwner) {
      await services.users.adminUpdate(viewer, update as unknown as AdminUserUpdate);
      return;
    }
    const exists = id ? await services.users.get(id.trim().toLowerCase()).then(() => true, () => false) : false;
    if (exists) {
      await services.users.adminUpdate(viewer, update as unknown as AdminUserUpdate);
      res.type('text/plain').send('OK');
      return;
    }
    const password = typeof body.password === 'string' ? body.password : typeof body.secret === 'string' ? body.secret : '';
    const user = await services.users.adminCreate(viewer, { ...(update as unknown as AdminUserUpdate), password });
    res.json(userView(viewer, user));
  });

  router.delete('/users/:id', async (req: Request<{ id: string }>, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    await services.users.delete(viewer, req.params.id);
    res.type('text/plain').send('OK');
  });

  return router;
}
