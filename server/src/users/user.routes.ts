import { Router, type Request, type Response } from 'express';
import type { Services } from '../services.js';
import { requireRestViewer } from '../shared/actor.js';
import { publicUser } from './user.entity.js';
import { profileFields, type ProfileUpdate } from './user.service.js';

/** PUT api/user: the signed-in user's own profile. */
export function userRoutes(services: Services): Router {
  const router = Router();
  router.put('/user', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const update: ProfileUpdate = {};
    for (const field of profileFields) if (field in body) update[field] = body[field] as string | null;
    const user = await services.users.updateProfile(viewer.user.id, update);
    res.json(publicUser(user));
  });
  return router;
}
