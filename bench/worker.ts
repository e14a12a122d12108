import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The benchmark's server process: the built product (dist/) on the given database, plus the raw
 * SQL measurement through the very connection pool the product uses.
 */
type AppModule = typeof import('../server/src/app.js');
type ConfigModule = typeof import('../server/src/config.js');
type OrmConfigModule = typeof import('../server/src/db/mikro-orm.config.js');
type SeedModule = typeof import('../server/src/db/seed.js');
type ViewerModule = typeof import('../server/src/users/viewer.service.js');

const dist = (file: string) => pathToFileURL(path.resolve('dist/server/src', file)).href;
const { createApp } = (await import(dist('app.js'))) as AppModule;
const { loadConfig } = (await import(dist('config.js'))) as ConfigModule;
const { ormConfig } = (await import(dist('db/mikro-orm.config.js'))) as OrmConfigModule;
const { seedIfEmpty } = (await import(dist('db/seed.js'))) as SeedModule;
const { VIEWER_SQL } = (await import(dist('users/viewer.service.js'))) as ViewerModule;

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true' });
const orm = await MikroORM.init(ormConfig(databaseUrl));
await orm.getMigrator().up();
await seedIfEmpty(orm, config);
const app = await createApp(config, orm, databaseUrl);
await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));

/** The lookup auth/me makes, as the same plain SQL, through the product's own connection pool. */
async function rawLookup(userId: string): Promise<void> {
  await orm.em.getConnection().execute(VIEWER_SQL, [userId]);
}

async function measureRaw(userId: string, connections: number, durationMs: number) {
  const latencies: number[] = [];
  const end = Date.now() + durationMs;
  const loop = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      await rawLookup(userId);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { latencies, durationMs };
}

process.on('message', (message: { type: string; userId: string; connections: number; durationMs: number }) => {
  if (message.type === 'raw') {
    void measureRaw(message.userId, message.connections, message.durationMs).then((result) => process.send!({ type: 'raw', ...result }));
  }
  if (message.type === 'stop') {
    void app
      .close()
      .then(() => orm.close(true))
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port, staff: 'mitarbeiter@example.com' });
