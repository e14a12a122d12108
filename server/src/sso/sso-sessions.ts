import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../shared/errors.js';
import { endSession } from '../shared/http/session.js';
import { publishInTransaction } from '../shared/pubsub.js';
import type { SsoService } from './sso.service.js';

declare module 'express-session' {
  interface SessionData {
    /** A single sign-on session: when (epoch ms) the provider is next asked whether it still stands. */
    ssoCheckAt?: number;
  }
}

/** Keycloak's refresh tokens are about a kilobyte; anything far larger is not one. */
const MAX_REFRESH_TOKEN_LENGTH = 16_384;

/**
 * The refresh token is a credential of the person at the provider: it is kept encrypted
 * (AES-256-GCM, keyed from the session secret), so a copy of the database alone cannot use it.
 */
class RefreshTokenBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`sso-refresh-token:${secret}`).digest();
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** Null when it cannot be opened (another session secret): such a session cannot be confirmed. */
  open(sealed: string): string | null {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

interface SsoSessionRow {
  refresh_token: string;
  confirmed_at: Date;
}

/**
 * Ends a session started with single sign-on once the provider no longer stands behind it (an
 * administrator revoked it in Keycloak, the person signed out there, the account was disabled).
 * The provider is asked at most once per check interval and session, across all server
 * processes: the session's row is locked while one request asks, and the others then find it
 * freshly confirmed. While the provider cannot be reached, sessions stay (it is asked again at the
 * next due request), so an outage of Keycloak does not sign every clerk out.
 */
export class SsoSessionGuard {
  private readonly box: RefreshTokenBox;
  private readonly intervalMs: number;

  constructor(
    private readonly orm: MikroORM,
    private readonly sso: SsoService,
    options: { checkIntervalSeconds: number; sessionSecret: string },
  ) {
    this.box = new RefreshTokenBox(options.sessionSecret);
    this.intervalMs = options.checkIntervalSeconds * 1000;
  }

  /** Validates the refresh token a sign-in brings along; absent is allowed (the session is then not checked). */
  refreshTokenOf(value: unknown): string | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || value.length > MAX_REFRESH_TOKEN_LENGTH) throw new AppError('sso.token-invalid');
    return value;
  }

  /** The session data that marks a new session as one to check. */
  sessionMarks(refreshToken: string | undefined): { ssoCheckAt?: number } {
    return refreshToken ? { ssoCheckAt: Date.now() + this.intervalMs } : {};
  }

  /** Keeps the refresh token with the session just started (its row exists: the session was saved). */
  async bind(sessionId: string, userId: string, refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    await this.orm.em.getConnection().execute(
      `insert into sso_sessions (session_id, user_id, refresh_token) values (?, ?, ?)
       on conflict (session_id) do update set user_id = excluded.user_id, refresh_token = excluded.refresh_token, confirmed_at = now()`,
      [sessionId, userId, this.box.seal(refreshToken)],
    );
  }

  /** Whether the session's provider check is due by its data (cheap: no database, no provider). */
  isDue(data: { ssoCheckAt?: unknown } | null | undefined): boolean {
    return typeof data?.ssoCheckAt === 'number' && Date.now() >= data.ssoCheckAt;
  }

  /**
   * Whether the session still stands. A session the provider has ended is deleted here, with the
   * news that closes its sockets in every process, in one transaction.
   */
  confirm(sessionId: string): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<SsoSessionRow[]>('select refresh_token, confirmed_at from sso_sessions where session_id = ? for update', [sessionId]);
      // Marked as a single sign-on session but its row is gone: another request ended it meanwhile.
      if (!row) return false;
      if (Date.now() - new Date(row.confirmed_at).getTime() < this.intervalMs) return true;
      const refreshToken = this.box.open(row.refresh_token);
      const answer = refreshToken ? await this.sso.refreshSession(refreshToken) : ({ state: 'ended' } as const);
      if (answer.state === 'ended') {
        await em.execute('delete from sessions where sid = ?', [sessionId]);
        await publishInTransaction(em, 'SESSION_ENDED', sessionId, { sessionId });
        return false;
      }
      if (answer.state === 'standing') {
        await em.execute('update sso_sessions set refresh_token = ?, confirmed_at = now() where session_id = ?', [this.box.seal(answer.refreshToken), sessionId]);
      }
      return true;
    });
  }

  /** The socket side (users/live-viewer.ts): a due check before a socket's viewer is read again. */
  readonly confirmSocketSession = async (sessionId: string, data: Record<string, unknown>): Promise<boolean> =>
    !this.isDue(data) || this.confirm(sessionId);

  /**
   * Express middleware after the session's: a due check runs before the request is served; a
   * session the provider ended is gone, and the request continues as a guest's (a 401 where a
   * sign-in is needed).
   */
  middleware(): RequestHandler {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (!req.session || !this.isDue(req.session)) return next();
      if (await this.confirm(req.sessionID)) {
        req.session.ssoCheckAt = Date.now() + this.intervalMs;
      } else {
        await endSession(req);
      }
      next();
    };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    ssoSessions: SsoSessionGuard;
  }
}
