import type pg from 'pg';
import { migrationsList } from '../../../migrations/index.js';

/**
 * The migrations of this release that the database has not recorded as applied, read through the
 * given pool. Readiness asks this through the small app pool, never through the ORM's: during a
 * ticket rush every ORM connection may be held by checkouts queued for one event's lock, and a
 * probe waiting behind them would time out, so the balancer would take a busy but healthy replica
 * out of service and answer everyone 503.
 */
export async function pendingMigrationNames(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('select name from mikro_orm_migrations');
  const applied = new Set(rows.map((row) => row.name.replace(/\.[jt]s$/, '')));
  return migrationsList.map((migration) => migration.name).filter((name) => !applied.has(name));
}
