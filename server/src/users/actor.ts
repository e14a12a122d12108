import type { Request } from 'express';
import { viewerOf } from './session-viewer.js';
import type { Viewer, ViewerService } from './viewer.service.js';
import { AppError } from '../shared/errors.js';
import type { GraphQLContext } from '../shared/graphql/context.js';

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
