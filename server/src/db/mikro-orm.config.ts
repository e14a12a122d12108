import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '../../../migrations/index.js';
import { entities } from './entities.js';

/** The ORM configuration for a database URL. Migrations are listed in code, so ts and built js agree. */
export function ormConfig(clientUrl: string, options: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    migrations: {
      migrationsList,
      path: 'migrations',
      pathTs: 'migrations',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
    // Tables kept in plain SQL outside the entities; the schema diff leaves their constraints alone.
    schemaGenerator: { skipTables: ['sso_sessions', 'booking_history', 'tenant_change_log', 'webhook_endpoints', 'webhook_deliveries', 'allocation_history', 'booking_search_words'] },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...options,
  });
}

/** Used by the MikroORM CLI (`npm run migration:create`). */
export default ormConfig(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/booking_dev');
