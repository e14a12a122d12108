import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from './errors.js';

/**
 * Fixed-window attempt counter kept in PostgreSQL, so every server process shares one count.
 * Used for sign-in and password-reset attempts.
 */
export class RateLimiter {
  constructor(private readonly orm: MikroORM) {}

  /** Counts one attempt for the key; throws `auth.rate-limited` once the limit is exceeded. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const rows = await this.orm.em.getConnection().execute<{ hits: number }[]>(
      `insert into rate_limits (key, window_start, hits) values (?, now(), 1)
       on conflict (key) do update set
         hits = case when rate_limits.window_start < now() - make_interval(secs => ?) then 1 else rate_limits.hits + 1 end,
         window_start = case when rate_limits.window_start < now() - make_interval(secs => ?) then now() else rate_limits.window_start end
       returning hits`,
      [key, windowSeconds, windowSeconds],
    );
    if ((rows[0]?.hits ?? 0) > limit) throw new AppError('auth.rate-limited');
  }

  /** A successful sign-in clears the count for its key. */
  async reset(key: string): Promise<void> {
    await this.orm.em.getConnection().execute('delete from rate_limits where key = ?', [key]);
  }
}
