import type { Request, Response } from 'express';
import type { Services } from '../../services.js';
import type { Viewer } from '../../users/viewer.service.js';

/** What every resolver receives. Over WebSocket there is no response and the session is read-only. */
export interface GraphQLContext {
  services: Services;
  req: Request;
  res?: Response;
  /** The signed-in user and permissions, loaded at most once per operation. */
  viewer: () => Promise<Viewer | null>;
}
