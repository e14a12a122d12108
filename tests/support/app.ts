import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type RunningApp } from '../../server/src/app.js';
import { loadConfig, type AppConfig } from '../../server/src/config.js';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { seedIfEmpty } from '../../server/src/db/seed.js';
import { HttpClient, type ClientOptions } from './http.js';
import { freePort } from './postgres.js';

/** The seeded instance owner of every test app. */
export const testAdmin = { id: 'admin@test.example', password: 'admin-test-passwort' };

/** 32+ characters, fixed so failures are reproducible. */
export const testSessionSecret = 'test-session-secret-0123456789abcdef';

export interface InProcessApp {
  /** PUBLIC_URL: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  config: AppConfig;
  orm: MikroORM;
  app: RunningApp;
  /** A new cookie-jar client against this app. */
  client(options?: ClientOptions): HttpClient;
  /** Closes the app, then the ORM; removes DATA_DIR. */
  close(): Promise<void>;
}

export interface InProcessAppOptions {
  /** A migrated database. */
  databaseUrl: string;
  /** Port of an SMTP capture on 127.0.0.1; without it mails go to DATA_DIR/mail-outbox. */
  smtpPort?: number;
  /** Further environment (RATE_LIMIT_SIGNIN, SEED_DEMO, ...); wins over the defaults. */
  env?: Record<string, string>;
}

/**
 * The real app in this process, as main.ts wires it (config, ORM, seed, createApp), on a free
 * loopback port. PUBLIC_URL must name that port (links in mails, redirects, allowed origin), so
 * the port is picked first. The database is expected to be migrated already.
 */
export async function startInProcessApp(options: InProcessAppOptions): Promise<InProcessApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bp-test-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: testSessionSecret,
    ADMIN_EMAIL: testAdmin.id,
    ADMIN_PASSWORD: testAdmin.password,
    SEED_DEMO: 'false',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    // The test client stands in for a proxy on loopback: its X-Forwarded-For (ClientOptions.ip) counts.
    TRUST_PROXY: 'loopback',
    ...(options.smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(options.smtpPort) } : {}),
    ...options.env,
  });
  const orm = await MikroORM.init(ormConfig(options.databaseUrl));
  let app: RunningApp;
  try {
    await seedIfEmpty(orm, config);
    app = await createApp(config, orm, options.databaseUrl);
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await orm.close(true);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    config,
    orm,
    app,
    client: (clientOptions) => new HttpClient(url, clientOptions),
    close: async () => {
      try {
        // The test's own clients are done: their idle keep-alive connections need not be waited for
        // (a shutdown otherwise lets them end by their keep-alive timeout, see graceful-shutdown.ts).
        app.server.closeIdleConnections();
        await app.close();
      } finally {
        await orm.close(true);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
