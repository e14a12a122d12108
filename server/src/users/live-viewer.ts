import type { Request } from 'express';
import type { Permissions } from '../../../common/permissions/model.js';
import type { LiveSignals } from '../shared/pubsub.js';
import type { ApiTokenAuthenticator } from './api-token-port.js';
import { bearerSecret, hasSessionCookie } from './bearer-auth.js';
import type { ApiTokenIdentity, Viewer, ViewerService } from './viewer.service.js';

/** Close codes of graphql-ws: 4401 makes the client stop (sign in again), 4403 lets it reconnect. */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: 'Sitzung beendet' } as const;
export const RIGHTS_CHANGED_CLOSE = { code: 4403, reason: 'Berechtigungen geändert' } as const;
/**
 * A token's socket closes with 4401 when the token is revoked (by hand, or because its creator lost
 * the right), expires, or its creator's rights no longer carry it: the client must not reconnect
 * with the same token.
 */
export const TOKEN_INVALID_CLOSE = { code: 4401, reason: 'API-Schlüssel ungültig' } as const;
/** A socket opened with an API token reads its token again after this long at its next event (a net under the news below). */
const TOKEN_RECHECK_MS = 10_000;
/** The longest timeout Node keeps (about 24.8 days); a token's expiry further away is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * The longest a socket's viewer is used without reading it again (at its next event): a change
 * whose news never came (a path that forgot to announce it) counts after this long at most.
 */
const MAX_VIEWER_AGE_MS = 60_000;
/** How long a socket whose user's rights changed stays open for the news of the change. */
const RIGHTS_CHANGED_CLOSE_DELAY_MS = 1000;

/** What a live connection needs of its socket (a `ws` WebSocket): closing it, and hearing that it closed. */
export interface LiveSocket {
  readonly readyState: number;
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Asks whoever may end a session from outside (single sign-on: the provider revoked it) whether the
 * session, with the data just read, still stands; false ends the socket's session.
 */
export type SessionConfirmation = (sessionId: string, data: Record<string, unknown>) => Promise<boolean>;

/** What a token's socket knows of its last read of the token. */
interface TokenSocketEntry {
  viewer: Promise<Viewer | null>;
  readAt: number;
  valid: boolean;
}

/** WebSocket readyState OPEN. */
const OPEN = 1;

/** The session a socket was opened with (read once, from its upgrade request). */
interface SocketSession {
  sessionId: string;
  userId: string;
  /** When the session expires unless requests prolong it (epoch ms); 0: read it at first use. */
  expiresAt: number;
}

const samePermissions = (a: Permissions, b: Permissions) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The viewer of one WebSocket, for every operation and every event it carries. It is kept while
 * nothing changes and read again (session row and rights in one query) when the news of a change
 * arrives, when the session's expiry has passed or after the LISTEN connection was lost. Its
 * socket is closed when the session ends (4401 at once: sign-out, destroyed, suspended, deleted) or
 * the user's rights change (4403: membership removed, roles or ownership changed; checked with the
 * new rights at once, closed a moment later); once closed it has no viewer, so no further event
 * carries anything.
 */
class LiveViewer {
  private viewer: Viewer | null = null;
  private stale = true;
  private readAt = 0;
  private closed = false;
  private closing: NodeJS.Timeout | undefined;
  /** Counts the news of changes: a read begun before the latest news cannot answer after it. */
  private generation = 0;
  private rereading: { generation: number; viewer: Promise<Viewer | null> } | undefined;
  private readonly stopListening: (() => void)[] = [];

  constructor(
    private readonly viewers: ViewerService,
    signals: LiveSignals,
    private readonly session: SocketSession,
    private readonly socket: LiveSocket,
    private readonly confirmSession: SessionConfirmation,
  ) {
    this.stopListening.push(
      signals.on('SESSION_ENDED', session.sessionId, () => this.end(SESSION_ENDED_CLOSE)),
      signals.on('SESSION_CHANGED', session.userId, () => {
        this.markStale();
        // At once, not at the next event: a socket of a user who lost the right closes now. A failed
        // read (database away) leaves it stale, so the next event reads again.
        this.current().catch(() => undefined);
      }),
      signals.onListenLost(() => this.markStale()),
    );
  }

  /** The viewer for the operation or event at hand; null once the socket was closed. */
  current(): Promise<Viewer | null> {
    if (this.closed) return Promise.resolve(null);
    const now = Date.now();
    if (!this.stale && now < this.session.expiresAt && now - this.readAt < MAX_VIEWER_AGE_MS) return Promise.resolve(this.viewer);
    // A read still running that began before the latest news may hold rights that are gone: the
    // next read starts after it instead of joining it.
    if (this.rereading?.generation !== this.generation) {
      const before = this.rereading?.viewer.catch(() => null);
      const viewer: Promise<Viewer | null> = (before ?? Promise.resolve(null))
        .then(() => this.reread())
        .finally(() => {
          if (this.rereading?.viewer === viewer) this.rereading = undefined;
        });
      this.rereading = { generation: this.generation, viewer };
    }
    return this.rereading.viewer;
  }

  private markStale(): void {
    this.stale = true;
    this.generation += 1;
  }

  private async reread(): Promise<Viewer | null> {
    // A change announced while this read runs marks it stale again: the next call reads once more.
    this.stale = false;
    let data: Record<string, unknown> | null;
    let fresh: Viewer | null;
    try {
      data = await this.viewers.readSession(this.session.sessionId);
      const standing = data?.userId === this.session.userId && (await this.confirmSession(this.session.sessionId, data));
      fresh = standing ? await this.viewers.load(this.session.userId, this.session.sessionId) : null;
    } catch (error) {
      // Database away: nothing is known, so the next call reads again (this one fails as unavailable).
      this.stale = true;
      throw error;
    }
    if (this.closed) return null;
    if (!fresh) return this.end(SESSION_ENDED_CLOSE);
    const rightsChanged = this.viewer !== null && !samePermissions(this.viewer.permissions, fresh.permissions);
    this.session.expiresAt = expiryOf(data);
    this.readAt = Date.now();
    this.viewer = fresh;
    if (rightsChanged) this.closeSoon();
    return fresh;
  }

  /**
   * Rights changed: from now on every check uses the fresh rights, so nothing the user may no
   * longer see goes out. The socket closes a moment later, after the news already on its way
   * (sessionChanged with the new permissions) was sent; the client then subscribes again.
   */
  private closeSoon(): void {
    if (this.closing) return;
    this.closing = setTimeout(() => this.end(RIGHTS_CHANGED_CLOSE), RIGHTS_CHANGED_CLOSE_DELAY_MS);
    this.closing.unref();
  }

  private end(close: { code: number; reason: string }): null {
    if (this.closed) return null;
    this.closed = true;
    this.viewer = null;
    this.dispose();
    this.socket.close(close.code, close.reason);
    return null;
  }

  /** The socket closed: stop listening. */
  dispose(): void {
    if (this.closing) clearTimeout(this.closing);
    this.stopListening.splice(0).forEach((stop) => stop());
  }
}

/** The expiry express-session stores with the session (cookie.expires); unknown: read again in a minute. */
export function expiryOf(data: Record<string, unknown> | null | undefined): number {
  const cookie = data?.cookie as { expires?: unknown } | undefined;
  const expires = typeof cookie?.expires === 'string' || cookie?.expires instanceof Date ? new Date(cookie.expires).getTime() : Number.NaN;
  return Number.isFinite(expires) ? expires : Date.now() + 60_000;
}

/**
 * The live viewers of this process's WebSockets: one per socket, opened with the session of its
 * upgrade request at the socket's first operation (so a database that is away fails that operation
 * as unavailable instead of the socket).
 */
export class SocketViewers {
  private readonly bySocket = new WeakMap<LiveSocket, Promise<LiveViewer | null>>();
  private readonly byTokenSocket = new WeakMap<LiveSocket, TokenSocketEntry>();
  /** The sockets of a token already watched for its revocation, expiry and its creator's rights. */
  private readonly watchedTokenSockets = new WeakSet<LiveSocket>();

  constructor(
    private readonly viewers: ViewerService,
    private readonly signals: LiveSignals,
    /** Reads the session of the upgrade request into req.session (express-session); rejects when its store fails. */
    private readonly readSession: (req: Request) => Promise<void>,
    private readonly confirmSession: SessionConfirmation = async () => true,
    private readonly tokens?: { authenticator: ApiTokenAuthenticator; sessionCookie: string },
  ) {}

  /**
   * The viewer for an operation or event on the socket: null without a session, or once the socket
   * was closed. With `authorization: 'Bearer …'` in the connection's parameters the API token
   * decides instead of the session (read again every few seconds; revoked or expired, the socket closes).
   */
  async viewerOf(socket: LiveSocket, req: Request, connectionParams?: Readonly<Record<string, unknown>>): Promise<Viewer | null> {
    const authorization = connectionParams?.authorization ?? connectionParams?.Authorization;
    if (authorization !== undefined) {
      // As over HTTP: a token together with the session cookie is refused.
      if (this.tokens && hasSessionCookie(req, this.tokens.sessionCookie)) return null;
      return this.tokenViewerOf(socket, typeof authorization === 'string' ? bearerSecret(authorization) : null);
    }
    let live = this.bySocket.get(socket);
    if (!live) {
      live = this.open(socket, req);
      this.bySocket.set(socket, live);
      // A failed read (database away) is tried again by the next operation.
      live.catch(() => this.bySocket.delete(socket));
    }
    return (await live)?.current() ?? null;
  }

  private async tokenViewerOf(socket: LiveSocket, secret: string | null, recheck = false): Promise<Viewer | null> {
    const tokens = this.tokens?.authenticator;
    if (!tokens || secret === null || socket.readyState !== OPEN) return null;
    const known = this.byTokenSocket.get(socket);
    if (known && !recheck && Date.now() - known.readAt < TOKEN_RECHECK_MS) return known.viewer;
    const entry = { viewer: tokens.viewerOfSecret(secret), readAt: Date.now(), valid: known?.valid ?? false };
    this.byTokenSocket.set(socket, entry);
    // A failed read (database away) is tried again by the next operation.
    entry.viewer.catch(() => this.byTokenSocket.delete(socket));
    const viewer = await entry.viewer;
    // A token that was valid on this socket and no longer is ends it; one that never was only fails its operation.
    if (!viewer && entry.valid) socket.close(TOKEN_INVALID_CLOSE.code, TOKEN_INVALID_CLOSE.reason);
    entry.valid = viewer !== null;
    if (viewer?.apiToken) this.watchToken(socket, secret, viewer.apiToken);
    return viewer;
  }

  /**
   * Closes the token's socket without waiting for its next event: at once on the news of its
   * revocation or its role's deletion (NOTIFY in that transaction, heard by every process), at its expiry (a
   * timer), and when a change of its creator's rights (or a lost LISTEN connection) makes the read
   * again find it no longer valid.
   */
  private watchToken(socket: LiveSocket, secret: string, token: ApiTokenIdentity): void {
    // A socket already closing never emits 'close' to a listener added now: nothing to watch.
    if (this.watchedTokenSockets.has(socket) || socket.readyState !== OPEN) return;
    this.watchedTokenSockets.add(socket);
    let expiry: NodeJS.Timeout | undefined;
    const close = () => {
      if (socket.readyState === OPEN) socket.close(TOKEN_INVALID_CLOSE.code, TOKEN_INVALID_CLOSE.reason);
    };
    const recheck = () => {
      // A failed read (database away) leaves the socket to the next event's read.
      this.tokenViewerOf(socket, secret, true).catch(() => undefined);
    };
    const armExpiry = () => {
      const left = token.expiresAt.getTime() - Date.now();
      if (left <= 0) return close();
      expiry = setTimeout(left > MAX_TIMER_MS ? armExpiry : close, Math.min(left, MAX_TIMER_MS));
      expiry.unref();
    };
    armExpiry();
    const stops = [
      this.signals.on('API_TOKEN_REVOKED', token.id, close),
      this.signals.on('API_TOKEN_CHANGED', token.id, recheck),
      ...(token.createdBy ? [this.signals.on('SESSION_CHANGED', token.createdBy, recheck)] : []),
      this.signals.onListenLost(recheck),
    ];
    socket.once('close', () => {
      if (expiry) clearTimeout(expiry);
      stops.forEach((stop) => stop());
    });
  }

  private async open(socket: LiveSocket, req: Request): Promise<LiveViewer | null> {
    await this.readSession(req);
    const userId = req.session?.userId;
    if (!userId || socket.readyState !== OPEN) return null;
    const live = new LiveViewer(this.viewers, this.signals, { sessionId: req.sessionID, userId, expiresAt: 0 }, socket, this.confirmSession);
    socket.once('close', () => live.dispose());
    return live;
  }
}
