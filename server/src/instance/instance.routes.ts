import { Router, type Request, type Response } from 'express';
import type { Services } from '../services.js';
import { requireRestViewer } from '../shared/actor.js';
import { AppError } from '../shared/errors.js';

/**
 * GET api/instances?publicInstance=true: what the public may see. Without the flag the instance
 * owners get the settings (secrets are never part of them). Editing comes with the instance screen.
 */
export function instanceRoutes(services: Services): Router {
  const router = Router();
  router.get('/instances', async (req: Request, res: Response) => {
    if (req.query.publicInstance === 'true') {
      res.json(await services.instance.getPublic());
      return;
    }
    const viewer = await requireRestViewer(req, services.viewers);
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    res.json(services.instance.settingsView(await services.instance.get()));
  });
  return router;
}
