import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type pg from 'pg';
import { notifyCall } from '../pubsub.js';

/** Sessions live this long after the last activity (rolling), as in the original product. */
export const SESSION_MAX_AGE_MS = 48 * 60 * 60 * 1000;
/** Prolonging the expiry in the database at most this often per session and process. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;
const MAX_TRACKED_SESSIONS = 50_000;

/**
 * Reads a live session's data by id (null when missing or expired); lets a domain read what every
 * request needs together with the session, in the same round trip.
 */
export type SessionReader = (sessionId: string) => Promise<Record<string, unknown> | null>;

/**
 * The PostgreSQL session store (shared by all server processes). A rolling session would write its
 * row on every request; this store prolongs it at most every ten minutes, which keeps reads free of
 * writes while the expiry still follows activity closely.
 */
export function createSessionStore(pool: pg.Pool, readSession?: SessionReader): session.Store & { close(): void } {
  const PgStore = connectPgSimple(session);
  const lastTouched = new Map<string, number>();
  const store = new PgStore({ pool, tableName: 'sessions', pruneSessionInterval: 15 * 60 });
  if (readSession) {
    store.get = (sid, callback) => {
      readSession(sid).then(
        (data) => callback(null, (data as session.SessionData | null) ?? null),
        (error: unknown) => callback(error),
      );
    };
  }
  // The row goes and SESSION_ENDED is sent in one statement (one transaction): every process closes
  // the session's sockets, and no event committed after the sign-out reaches them first.
  store.destroy = (sid, callback) => {
    const { params } = notifyCall('SESSION_ENDED', sid, { sessionId: sid });
    pool.query('with gone as (delete from sessions where sid = $1) select pg_notify($2, $3)', [sid, ...params]).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  };
  const touch = store.touch.bind(store);
  store.touch = (sid, sess, callback) => {
    const now = Date.now();
    if (now - (lastTouched.get(sid) ?? 0) < TOUCH_INTERVAL_MS) return callback?.();
    if (lastTouched.size >= MAX_TRACKED_SESSIONS) lastTouched.clear();
    lastTouched.set(sid, now);
    touch(sid, sess, callback);
  };
  return store;
}
