import type { Request } from 'express';
import { viewerOf } from '../users/session-viewer.js';
import type { Viewer, ViewerService } from '../users/viewer.service.js';
import { AppError } from './errors.js';
import type { GraphQLContext } from './graphql/context.js';

/**
 * The signed-in caller, or AUTH_UNAUTHENTICATED. Resolvers and REST handlers get the viewer here
 * and hand it to a service, which decides with the permission module what the viewer may do.
 */
export async function requireViewer(context: GraphQLContext): Promise<Viewer> {
  const viewer = await context.viewer();
  if (!viewer) throw new AppError('auth.unauthenticated');
  return viewer;
}

export async function requireRestViewer(req: Request, viewers: ViewerService): Promise<Viewer> {
  const viewer = await viewerOf(req, viewers);
  if (!viewer) throw new AppError('auth.unauthenticated');
  return viewer;
}
