import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import type { WorkflowInputData, WorkflowMoveInput } from './workflow.validation.js';

type Body = Record<string, unknown>;
const body = (req: Request): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : {});
/** Express 5 types a route parameter as string | string[]. */
const tenantOf = (req: Request): string => String(req.params.tenantId);

/** The workflow paths under /api/:tenantId: the configuration and its kanban board. */
export function workflowRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });
  const { workflows, viewers } = services;

  router.get('/workflow', async (req: Request, res: Response) => {
    res.json(await workflows.get(await requireRestViewer(req, viewers), tenantOf(req)));
  });

  router.get('/workflow/states', async (req: Request, res: Response) => {
    const { states, archive, active } = await workflows.get(await requireRestViewer(req, viewers), tenantOf(req));
    res.json({ states, archive, active });
  });

  for (const method of ['post', 'put'] as const) {
    router[method]('/workflow', async (req: Request, res: Response) => {
      res.json(await workflows.save(await requireRestViewer(req, viewers), tenantOf(req), body(req) as WorkflowInputData, 'rest'));
    });
  }

  router.get('/workflow/backlog', async (req: Request, res: Response) => {
    res.json(await workflows.backlog(await requireRestViewer(req, viewers), tenantOf(req)));
  });

  router.put('/workflow/task', async (req: Request, res: Response) => {
    res.json(await workflows.moveTask(await requireRestViewer(req, viewers), tenantOf(req), body(req) as WorkflowMoveInput, 'rest'));
  });

  router.put('/workflow/archive', async (req: Request, res: Response) => {
    res.json(await workflows.archiveTask(await requireRestViewer(req, viewers), tenantOf(req), body(req), 'rest'));
  });

  return router;
}
