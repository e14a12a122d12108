import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from './errors.js';

/** Who asks: the client address as express sees it (req.ip, behind the configured proxies). */
export interface ClientAddress {
  ip: string;
}

/** One counted attempt: whether it is over the limit, and when the key's window ends. */
export interface AttemptCount {
  exceeded: boolean;
  retryAfterSeconds: number;
  /** Attempts the window still allows after this one (0 once the limit is reached or exceeded). */
  remaining: number;
}

/** "in einer Minute", "in 12 Minuten": when a refused attempt may be repeated, rounded up to minutes. */
export function retryAfterText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in einer Minute' : `in ${minutes} Minuten`;
}

/** auth.rate-limited whose message says when to try again, with Retry-After. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('auth.rate-limited', { detail: `Zu viele Versuche. Bitte versuchen Sie es ${retryAfterText(retryAfterSeconds)} erneut.`, retryAfterSeconds });
}

/**
 * Fixed-window attempt counter kept in PostgreSQL, so every server process shares one count.
 * Used for sign-in and password-reset attempts, name guesses at the public booking status and
 * cancellation requests.
 */
export class RateLimiter {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Counts one attempt for the key, atomically (parallel attempts never slip past the limit), and
   * says whether it is over the limit and how many seconds remain of the window.
   */
  async count(key: string, limit: number, windowSeconds: number): Promise<AttemptCount> {
    const rows = await this.orm.em.getConnection().execute<{ hits: number; retry_after: number }[]>(
      `insert into rate_limits (key, window_start, hits) values (?, now(), 1)
       on conflict (key) do update set
         hits = case when rate_limits.window_start < now() - make_interval(secs => ?) then 1 else rate_limits.hits + 1 end,
         window_start = case when rate_limits.window_start < now() - make_interval(secs => ?) then now() else rate_limits.window_start end
       returning hits, greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ?) - now())))::int as retry_after`,
      [key, windowSeconds, windowSeconds, windowSeconds],
    );
    const hits = rows[0]?.hits ?? 0;
    return { exceeded: hits > limit, retryAfterSeconds: rows[0]?.retry_after ?? windowSeconds, remaining: Math.max(0, limit - hits) };
  }

  /** Counts one attempt for the key; throws `auth.rate-limited` (with Retry-After) once the limit is exceeded. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const { exceeded, retryAfterSeconds } = await this.count(key, limit, windowSeconds);
    if (exceeded) throw new AppError('auth.rate-limited', { retryAfterSeconds });
  }

  /** Like consume, but the refusal says when to try again ("… in 12 Minuten erneut."): the public pages show it as is. */
  async limit(key: string, limit: number, windowSeconds: number): Promise<void> {
    const { exceeded, retryAfterSeconds } = await this.count(key, limit, windowSeconds);
    if (exceeded) throw tooManyAttempts(retryAfterSeconds);
  }

  /** Takes one counted attempt back (it turned out to be no guess), never below zero. */
  async refund(key: string): Promise<void> {
    await this.orm.em.getConnection().execute('update rate_limits set hits = greatest(hits - 1, 0) where key = ?', [key]);
  }

  /** A successful sign-in clears the count for its key. */
  async reset(key: string): Promise<void> {
    await this.orm.em.getConnection().execute('delete from rate_limits where key = ?', [key]);
  }
}
