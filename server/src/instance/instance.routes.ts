import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { requireRestViewer } from '../users/actor.js';
import type { InstanceSettings } from './instance.types.js';
import {
  instanceBooleanFields,
  instanceListFields,
  instanceNumberFields,
  instanceSecretFields,
  instanceTextFields,
  type InstanceUpdate,
  type SsoUpdate,
} from './instance-input.js';

type Body = Record<string, unknown>;

/**
 * The REST shape of the settings: the GraphQL fields plus `applications` as the original product names
 * them (the single sign-on application with id "keycloak"), never with the secret itself, and
 * `isInitialized`: the instance has been set up once it has an owner (the first start gives it one).
 */
function restSettings(settings: InstanceSettings) {
  const { sso, ...rest } = settings;
  return { ...rest, isInitialized: settings.ownerUserIds.length > 0, applications: [{ id: 'keycloak', type: 'auth', title: 'Single Sign-on', ...sso }] };
}

/** Picks the known fields of a PUT body; everything else is ignored. */
function updateFromBody(body: Body): InstanceUpdate {
  const update: Record<string, unknown> = {};
  for (const field of [...instanceTextFields, 'mailTemplate', ...instanceBooleanFields, ...instanceNumberFields, ...instanceListFields, ...instanceSecretFields]) {
    if (field in body) update[field] = body[field];
  }
  // The single sign-on application: `sso` (GraphQL's name) or the original REST `applications` entry.
  const applications = Array.isArray(body.applications) ? (body.applications as Body[]) : [];
  const ssoBody = (body.sso && typeof body.sso === 'object' ? body.sso : applications.find((entry) => entry?.id === 'keycloak' || entry?.type === 'auth')) as Body | undefined;
  if (ssoBody) {
    const sso: Record<string, unknown> = {};
    for (const field of ['active', 'serverUrl', 'realm', 'publicClient', 'privateClient', 'privateClientSecret', 'roleMapping']) {
      if (field in ssoBody) sso[field] = ssoBody[field];
    }
    update.sso = sso as SsoUpdate;
  }
  return update as InstanceUpdate;
}

/**
 * GET api/instances?publicInstance=true: what the public may see. Without the flag the instance
 * owners get the settings (secrets only as "set"). PUT api/instances: partial update by an owner.
 */
export function instanceRoutes(services: DomainServices): Router {
  const router = Router();
  router.get('/instances', async (req: Request, res: Response) => {
    if (req.query.publicInstance === 'true') {
      const { sso, ...publicData } = await services.instance.getPublic();
      res.json({ ...publicData, applications: sso ? [{ id: 'keycloak', type: 'auth', active: true, ...sso }] : [] });
      return;
    }
    const viewer = await requireRestViewer(req, services.viewers);
    res.json(restSettings(await services.instance.settings(viewer)));
  });
  router.put('/instances', async (req: Request, res: Response) => {
    const viewer = await requireRestViewer(req, services.viewers);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Body;
    res.json(restSettings(await services.instance.update(viewer, updateFromBody(body))));
  });
  return router;
}
