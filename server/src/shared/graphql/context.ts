import type { Request, Response } from 'express';
import type { DomainServices, RequestViewer } from '../domain-services.js';

/** What every resolver receives. Over WebSocket there is no response and the session is read-only. */
export interface GraphQLContext {
  services: DomainServices;
  req: Request;
  res?: Response;
  /** The signed-in user and permissions, loaded at most once per operation. */
  viewer: () => Promise<RequestViewer | null>;
}
