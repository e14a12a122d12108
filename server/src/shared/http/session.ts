import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { publishInTransaction } from '../pubsub.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

/** Starts a fresh session for the user (with what a domain keeps alongside); a new id prevents session fixation. */
export function establishSession(req: Request, userId: string, extra: Partial<SessionData> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((regenerateError) => {
      if (regenerateError) return reject(regenerateError);
      Object.assign(req.session, extra);
      req.session.userId = userId;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

/** Destroys the session in the store; the cookie is cleared by the caller's response. */
export function endSession(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (!req.session) return resolve();
    req.session.destroy(() => resolve());
  });
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Ends every session of the account, in the caller's transaction (suspension, deletion, a new
 * password): the next request of any of them finds no session, and with the commit every server
 * process closes the account's open sockets (users/live-viewer.ts).
 */
export async function endAllSessionsOf(em: EntityManager, userId: string, reason: 'suspended' | 'deleted' | 'password-reset'): Promise<void> {
  await em.execute(`delete from sessions where sess->>'userId' = ?`, [userId]);
  await publishInTransaction(em, 'SESSION_CHANGED', userId, { userId, reason });
}
