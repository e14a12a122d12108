import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { parseInput } from '../shared/schema-input.js';
import { requireRestViewer } from '../users/actor.js';
import { tenantChangeLogQuerySchema } from '../../../common/tenants/change-log.js';
import { wholeListQuerySchema } from '../../../common/lists/list-query.js';
import { pagingDetail } from '../../../common/validation/paging.js';
import { setNextPageHeaders } from '../shared/http/paging.js';
import type { WorkflowInputOfTenant } from './tenant-ports.js';
import { publicTenant, tenantView, type TenantInputData } from './tenant.service.js';

type Body = Record<string, unknown>;
const body = (req: Request): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : {});
/** Express 5 types a route parameter as string | string[]. */
const param = (req: Request, name: string): string => String(req.params[name]);

/** Splits a tenant body into the tenant fields and an optional workflow (saved in the same transaction). */
function tenantInput(req: Request): { input: TenantInputData; workflow: WorkflowInputOfTenant | null } {
  const { workflow, ...input } = body(req);
  return { input: input as TenantInputData, workflow: workflow && typeof workflow === 'object' ? (workflow as WorkflowInputOfTenant) : null };
}

/**
 * The tenant paths under /api (docs/api.md). Answers
 * never contain a secret; member operations answer {users, owner}, except remove-user, which
 * answers the tenant.
 */
export function tenantRoutes(services: DomainServices): Router {
  const router = Router();
  const { tenants, tenantMembers } = services;

  // Paged by name like tenantPage: `search`, `limit`, `cursor`; without a limit the first WHOLE_LIST_CAP, as before it paged.
  router.get('/tenants', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const query = parseInput(wholeListQuerySchema, req.query, { detail: pagingDetail });
    const publicTenants = req.query.publicTenants === 'true';
    const page = await tenants.page(viewer.permissions, publicTenants ? 'worksIn' : 'managed', query);
    res.setHeader('X-Total-Count', String(page.totalCount));
    setNextPageHeaders(req, res, services.config.publicUrl, page.pageInfo);
    if (publicTenants) {
      res.json(page.tenants.map(publicTenant));
      return;
    }
    const ids = page.tenants.map((tenant) => tenant.id);
    const [counts, members] = await Promise.all([tenants.documentCounts(ids), tenantMembers.membersOfTenants(ids)]);
    res.json(page.tenants.map((tenant) => tenantView(tenant, members.get(tenant.id), counts.get(tenant.id))));
  });

  router.get('/tenants/count/check', async (req: Request, res: Response) => {
    await requireRestViewer(req, services.viewers);
    res.json(await tenants.mayCreateAnother());
  });

  router.post('/tenants', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { input, workflow } = tenantInput(req);
    const { tenant } = await tenants.save(viewer, { ...input, id: undefined }, workflow, 'rest');
    res.status(201).json(tenantView(tenant, await tenantMembers.membersOf(tenant.id), (await tenants.documentCounts([tenant.id])).get(tenant.id)));
  });

  router.put('/tenants', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const { input, workflow } = tenantInput(req);
    const { tenant, created } = await tenants.save(viewer, input, workflow, 'rest');
    res.status(created ? 201 : 200).json(tenantView(tenant, await tenantMembers.membersOf(tenant.id), (await tenants.documentCounts([tenant.id])).get(tenant.id)));
  });

  router.get('/tenants/:id', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const tenant = await tenants.get(viewer, param(req, 'id'));
    res.json(tenantView(tenant, await tenantMembers.membersOf(tenant.id), (await tenants.documentCounts([tenant.id])).get(tenant.id)));
  });

  router.delete('/tenants/:id', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    await tenants.delete(viewer, param(req, 'id'), 'rest');
    res.type('text/plain').send('OK');
  });

  router.get('/tenants/:id/payment-apps', async (req: Request, res: Response) => {
    res.json(await tenants.paymentApps(param(req, 'id')));
  });

  router.get('/tenants/:id/privacy', async (req: Request, res: Response) => {
    res.json(await tenants.privacy(param(req, 'id')));
  });

  router.get('/tenants/:id/users', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await tenantMembers.members(viewer, param(req, 'id')));
  });

  const memberOperation = (path: string, run: (viewerId: Parameters<typeof tenantMembers.addMember>[0], tenantId: string, input: Body) => Promise<unknown>, status = 200) => {
    router.post(`/tenants/:id/${path}`, async (req: Request, res: Response) => {
      const viewer = await requireRestViewer(req, services.viewers);
      res.status(status).json(await run(viewer, param(req, 'id'), body(req)));
    });
  };
  memberOperation('add-user', (viewer, id, input) => tenantMembers.addMember(viewer, id, input.userId, input.roles, 'rest'), 201);
  // Removing a member answers the tenant (with its member and owner lists), the others {users, owner}.
  memberOperation('remove-user', async (viewer, id, input) => tenants.viewAfterMemberChange(viewer, id, await tenantMembers.removeMember(viewer, id, input.userId, 'rest')));
  memberOperation('remove-user-role', (viewer, id, input) => tenantMembers.removeMemberRole(viewer, id, input.userId, input.roleId, 'rest'));
  memberOperation('edit-user-roles', (viewer, id, input) => tenantMembers.editMemberRoles(viewer, id, input.userId, input.roles, 'rest'));
  memberOperation('add-owner', (viewer, id, input) => tenantMembers.addOwner(viewer, id, input.userId, 'rest'));
  memberOperation('remove-owner', (viewer, id, input) => tenantMembers.removeOwner(viewer, id, input.userId, 'rest'));

  return router;
}

/** Tenant-scoped paths under /api/:tenantId: the member list and the change log. */
export function tenantScopedRoutes(services: DomainServices): Router {
  const router = Router({ mergeParams: true });

  router.get('/change-log', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.tenants.changeLog(viewer, param(req, 'tenantId'), parseInput(tenantChangeLogQuerySchema, req.query)));
  });

  router.get('/users', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(await services.tenantMembers.members(viewer, param(req, 'tenantId')));
  });

  return router;
}
