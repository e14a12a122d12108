import { Router, type Request, type Response } from 'express';
import type { Services } from '../services.js';
import { AppError } from '../shared/errors.js';

/** GET api/instances?publicInstance=true: what the public may see. (Full settings: issue 3.) */
export function instanceRoutes(services: Services): Router {
  const router = Router();
  router.get('/instances', async (req: Request, res: Response) => {
    if (req.query.publicInstance === 'true') {
      res.json(await services.instance.getPublic());
      return;
    }
    throw new AppError('auth.forbidden');
  });
  return router;
}
