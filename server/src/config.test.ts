import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const secret = 'x'.repeat(32);
const folders: string[] = [];
function tempDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bp-config-test-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

/** loadConfig with a test environment; the data folder is a fresh temporary one. */
const load = (env: Record<string, string | undefined>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: tempDir(), ...env }, '/srv/app');

function configError(env: Record<string, string | undefined>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('reads a complete environment', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://buchung.musterstadt.de/',
      CORS_ORIGINS: 'https://www.musterstadt.de, https://intranet.musterstadt.de/',
      DATABASE_URL: 'postgresql://app:pw@db:5432/buchung',
      ADMIN_EMAIL: 'Admin@Musterstadt.DE',
      ADMIN_PASSWORD: 'geheim-genug',
      SMTP_HOST: 'mail.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      RATE_LIMIT_SIGNIN: '3',
      RATE_LIMIT_RESET: '2',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://buchung.musterstadt.de',
      corsOrigins: ['https://buchung.musterstadt.de', 'https://www.musterstadt.de', 'https://intranet.musterstadt.de'],
      databaseUrl: 'postgresql://app:pw@db:5432/buchung',
      sessionSecret: secret,
      adminEmail: 'admin@musterstadt.de',
      adminPassword: 'geheim-genug',
      seedDemo: false,
      smtp: { host: 'mail.example.com', port: 465, secure: true, user: undefined, password: undefined },
      rateLimit: { signInPerWindow: 3, signInPerAddress: 10, resetPerWindow: 2, windowSeconds: 60, apiTokenPerMinute: 600 },
      trustProxy: 1,
      clientDist: '/srv/app/dist/client',
    });
  });

  it('allows webhooks to private addresses outside production only, unless told', () => {
    expect(load({}).webhooks.allowPrivate).toBe(true);
    expect(load({ NODE_ENV: 'test' }).webhooks.allowPrivate).toBe(true);
    expect(load({ WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate).toBe(false);
  });

  it('sends webhooks in a lane of two with 5 s timeouts and pauses after five failures, unless told; a web-only replica sends none', () => {
    expect(load({}).webhooks).toEqual({ allowPrivate: true, timeoutMs: 5_000, concurrency: 2, pauseAfterFailures: 5 });
    expect(load({ JOB_CONCURRENCY: '0' }).webhooks.concurrency).toBe(0);
    expect(load({ JOB_CONCURRENCY: '0', WEBHOOK_CONCURRENCY: '3' }).webhooks.concurrency).toBe(3);
    expect(load({ WEBHOOK_TIMEOUT_SECONDS: '2', WEBHOOK_PAUSE_AFTER_FAILURES: '10' }).webhooks).toMatchObject({ timeoutMs: 2_000, pauseAfterFailures: 10 });
    expect(() => load({ WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow('WEBHOOK_TIMEOUT_SECONDS muss zwischen 1 und 60 liegen');
  });

  it('has defaults for everything optional', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:4000',
      corsOrigins: ['http://localhost:4000'],
      smtp: undefined,
      seedDemo: true,
      rateLimit: { signInPerWindow: 10, signInPerAddress: 10, resetPerWindow: 5, windowSeconds: 900, apiTokenPerMinute: 600 },
      trustProxy: false,
    });
  });

  it('trusts forwarded headers only from the proxies TRUST_PROXY names', () => {
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(load({ TRUST_PROXY: ' loopback, 10.0.0.5 ,172.16.0.0/12,fd00::/8, ::1,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it.each(['true', 'all', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', 'loopback,,10.0.0.1', 'proxy.example.com', '-1', '11'])(
    'refuses TRUST_PROXY=%s with a message naming the variable',
    (value) => {
      expect(configError({ TRUST_PROXY: value })).toContain('TRUST_PROXY');
    },
  );

  it('refuses an https PUBLIC_URL without TRUST_PROXY: the TLS proxy in front must be named', () => {
    expect(configError({ PUBLIC_URL: 'https://buchung.musterstadt.de' })).toContain('TRUST_PROXY fehlt');
    expect(load({ PUBLIC_URL: 'https://buchung.musterstadt.de', TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
  });

  it.each([
    ['PORT', 'abc', 'PORT muss eine ganze Zahl sein, ist aber "abc".'],
    ['PORT', '-1', 'PORT muss eine ganze Zahl sein, ist aber "-1".'],
    ['PORT', '70000', 'PORT muss zwischen 0 und 65535 liegen, ist aber 70000.'],
    ['NODE_ENV', 'staging', 'NODE_ENV muss development, production oder test sein, ist aber "staging".'],
    ['SESSION_SECRET', 'zu-kurz', 'SESSION_SECRET muss mindestens 32 Zeichen lang sein.'],
    ['DATABASE_URL', 'kein url', 'DATABASE_URL muss eine URL sein'],
    ['DATABASE_URL', 'mysql://db/buchung', 'DATABASE_URL hat ein nicht unterstütztes Protokoll: mysql:'],
    ['DATABASE_URL', 'http://db:5432/buchung', 'DATABASE_URL hat ein nicht unterstütztes Protokoll: http:'],
    ['PUBLIC_URL', 'postgresql://db/buchung', 'PUBLIC_URL hat ein nicht unterstütztes Protokoll: postgresql:'],
    ['PUBLIC_URL', 'buchung.example.com', 'PUBLIC_URL muss eine URL sein'],
    ['CORS_ORIGINS', 'https://ok.example.com,ftp://x', 'CORS_ORIGINS hat ein nicht unterstütztes Protokoll: ftp:'],
    ['ADMIN_EMAIL', 'admin', 'ADMIN_EMAIL ist keine E-Mail-Adresse: "admin".'],
    ['ADMIN_PASSWORD', 'kurz', 'ADMIN_PASSWORD muss mindestens 8 Zeichen lang sein.'],
    ['SEED_DEMO', 'vielleicht', 'SEED_DEMO muss true oder false sein, ist aber "vielleicht".'],
    ['RATE_LIMIT_SIGNIN', '0', 'RATE_LIMIT_SIGNIN muss zwischen 1 und'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(configError({ [name]: value })).toContain(message);
  });

  it('reads LOG_LEVEL (default info, warn for tests) and refuses an unknown level', () => {
    expect(load({}).logLevel).toBe('warn');
    expect(load({ NODE_ENV: 'development' }).logLevel).toBe('info');
    expect(load({ LOG_LEVEL: 'Debug' }).logLevel).toBe('debug');
    expect(configError({ LOG_LEVEL: 'laut' })).toContain('LOG_LEVEL');
  });

  it('reads METRICS_TOKEN and refuses one shorter than 16 characters', () => {
    expect(load({}).metricsToken).toBeUndefined();
    expect(load({ METRICS_TOKEN: 'token-'.repeat(3) }).metricsToken).toBe('token-token-token-');
    expect(configError({ METRICS_TOKEN: 'kurz' })).toContain('METRICS_TOKEN');
  });

  it('refuses production without SESSION_SECRET, naming the variable', () => {
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: undefined, ADMIN_PASSWORD: 'ein-echtes-passwort' })).toBe(
      'SESSION_SECRET fehlt: in production ist es Pflicht (mindestens 32 Zeichen).',
    );
  });

  it('refuses production with the demo admin password', () => {
    expect(configError({ NODE_ENV: 'production' })).toContain('ADMIN_PASSWORD fehlt');
  });

  it('accepts production with secret and admin password, without demo data', () => {
    const config = load({ NODE_ENV: 'production', ADMIN_PASSWORD: 'ein-echtes-passwort' });
    expect(config.nodeEnv).toBe('production');
    expect(config.seedDemo).toBe(false);
  });

  it('generates a session secret in development, keeps it in DATA_DIR and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, '/');
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, '/');
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const elsewhere = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() }, '/');
    expect(elsewhere.sessionSecret).not.toBe(first.sessionSecret);
  });

  it('resolves DATA_DIR and CLIENT_DIST against the working directory', () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: 'var/data', CLIENT_DIST: 'build/web' }, '/srv/app');
    expect(config.dataDir).toBe('/srv/app/var/data');
    expect(config.clientDist).toBe('/srv/app/build/web');
  });

  it('points the payment providers at their public systems unless configured otherwise', () => {
    expect(load({}).payments).toEqual({
      girocheckoutUrl: 'https://payment.girosolution.de/girocheckout/api/v2',
      pmPaymentUrl: 'https://payment.govconnect.de/payment',
      pmPaymentTestUrl: 'https://payment-test.govconnect.de/payment',
      testProvider: true,
    });
    expect(load({ GIROCHECKOUT_URL: 'http://127.0.0.1:9000/giro/', PMPAYMENT_URL: 'http://127.0.0.1:9000/pm', PMPAYMENT_TEST_URL: 'http://127.0.0.1:9000/pm-test' }).payments).toEqual({
      girocheckoutUrl: 'http://127.0.0.1:9000/giro',
      pmPaymentUrl: 'http://127.0.0.1:9000/pm',
      pmPaymentTestUrl: 'http://127.0.0.1:9000/pm-test',
      testProvider: true,
    });
    // The built-in test provider never exists in production.
    expect(load({ NODE_ENV: 'production', ADMIN_PASSWORD: 'produktion-passwort' }).payments.testProvider).toBe(false);
    expect(configError({ PMPAYMENT_URL: 'ftp://payment.example' })).toContain('PMPAYMENT_URL');
    expect(configError({ GIROCHECKOUT_URL: 'keine url' })).toContain('GIROCHECKOUT_URL');
  });

  it('keeps uploaded files in FILES_DIR, by default DATA_DIR/files, and refuses unsafe folders', () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: 'var/data' }, '/srv/app');
    expect(config.filesDir).toBe('/srv/app/var/data/files');
    expect(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: 'var/data', FILES_DIR: 'uploads' }, '/srv/app').filesDir).toBe('/srv/app/uploads');
    expect(configError({ FILES_DIR: '/' })).toContain('FILES_DIR');
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: 'var/data', FILES_DIR: 'var' }, '/srv/app')).toThrow(ConfigError);
  });
});
