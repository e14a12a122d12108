import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isLogLevel, LOG_LEVELS, logSettingsOf, type LogLevel } from './shared/logging.js';

/** Validated runtime configuration. Every field comes from one environment variable (see README). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: the product starts its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  dataDir: string;
  /** Uploaded files: one folder per tenant with public/ and protected/. */
  filesDir: string;
  publicUrl: string;
  corsOrigins: string[];
  sessionSecret: string;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  smtp: SmtpConfig | undefined;
  mailFrom: string;
  /** Office365 Graph endpoints for the instance's Graph mail method (overridable for tests). */
  graph: { loginUrl: string; apiUrl: string };
  rateLimit: { signInPerWindow: number; signInPerAddress: number; resetPerWindow: number; windowSeconds: number; apiTokenPerMinute: number };
  webhooks: WebhookConfig;
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For, -Proto), as express's
   * 'trust proxy' setting takes it: a hop count, or addresses, subnets and the names loopback,
   * linklocal, uniquelocal. False: none; the connection's own address counts.
   */
  trustProxy: TrustProxy;
  /** The build of the client that the server serves at `/`. */
  clientDist: string;
  /** Jobs (mails, later PDFs and payment follow-ups) this process works on at once; 0 runs no worker here. */
  jobConcurrency: number;
  /**
   * After SIGTERM or SIGINT: how long running requests and jobs may take to finish before they are
   * cut (requests) or handed back to the queue (jobs).
   */
  shutdownGraceMs: number;
  /** Payment provider endpoints (overridable for tests and the providers' own test systems). */
  payments: PaymentProviderUrls;
  /** How often a single sign-on session asks the provider whether it still stands (seconds; 0: on every request). */
  ssoSessionCheckSeconds: number;
  /** Receipts and invoices as PDF: the Chromium binary, how long one document may take, how many render at once. */
  pdf: { chromiumPath: string; timeoutMs: number; concurrency: number };
  /** LOG_LEVEL (the logger reads it itself at start; validated here). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; in production /metrics exists only with it. */
  metricsToken: string | undefined;
}

export interface WebhookConfig {
  /** Webhooks to plain http and private addresses (loopback receivers in development and tests); never in production by default. */
  allowPrivate: boolean;
  /** How long one delivery may take, connection and answer together. */
  timeoutMs: number;
  /** Deliveries this process sends at once, in their own lane of the job queue; 0 sends none here. */
  concurrency: number;
  /** Failed attempts in a row after which an endpoint is paused and its owners are mailed. */
  pauseAfterFailures: number;
}

export interface PaymentProviderUrls {
  /** GiroCheckout API base; the paypage is initialised at `{girocheckoutUrl}/paypage/init`. */
  girocheckoutUrl: string;
  /** pmPayment production base: `{url}/secure` starts a payment, `{url}/status/{ags}/{txid}` confirms one. */
  pmPaymentUrl: string;
  /** pmPayment test system, used when the tenant's application is in test mode. */
  pmPaymentTestUrl: string;
  /** The built-in test provider (a payment page served by the product): outside production only. */
  testProvider: boolean;
}

export type TrustProxy = false | number | string[];

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0, max = 65535 * 1000): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} muss eine ganze Zahl sein, ist aber "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} muss zwischen ${min} und ${max} liegen, ist aber ${value}.`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} muss true oder false sein, ist aber "${raw}".`);
}

const WEB = ['http:', 'https:'];
const POSTGRES = ['postgres:', 'postgresql:'];

function url(name: string, raw: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} muss eine URL sein (z. B. http://localhost:4000), ist aber "${raw}".`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} hat ein nicht unterstütztes Protokoll: ${parsed.protocol}`);
  }
  return raw.replace(/\/+$/, '');
}

/** express's names for address ranges in 'trust proxy'. */
const NAMED_SUBNETS = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a prefix length (CIDR). */
function isAddressOrSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts no proxy, so a client cannot choose the address its attempts are
 * counted under by sending X-Forwarded-For itself. A hop count, or a comma-separated list of
 * addresses, subnets and named ranges, trusts exactly the proxies in front.
 */
function trustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY: höchstens 10 Proxys hintereinander, ist aber ${hops}.`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !NAMED_SUBNETS.includes(entry) && !isAddressOrSubnet(entry));
  if (invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY muss die Anzahl der Proxys (z. B. 1) oder eine durch Kommas getrennte Liste von IP-Adressen, Subnetzen (10.0.0.0/8) und loopback, linklocal, uniquelocal sein; ungültig: "${invalid.join('", "')}".`,
    );
  }
  return entries;
}

/** In development a generated secret is kept in DATA_DIR so sessions survive restarts. */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** FILES_DIR, default DATA_DIR/files; it must not be the file system root nor contain the data folder itself. */
function filesDirectory(env: Env, cwd: string, dataDir: string): string {
  const raw = env.FILES_DIR;
  if (raw === undefined || raw === '') return path.join(dataDir, 'files');
  if (raw.includes('\0')) throw new ConfigError('FILES_DIR enthält ein ungültiges Zeichen.');
  const resolved = path.resolve(cwd, raw);
  if (resolved === path.parse(resolved).root) throw new ConfigError('FILES_DIR darf nicht das Wurzelverzeichnis sein.');
  if (resolved === dataDir || dataDir.startsWith(resolved + path.sep)) {
    throw new ConfigError(`FILES_DIR muss ein eigener Ordner sein und darf DATA_DIR nicht enthalten, ist aber "${raw}".`);
  }
  return resolved;
}

/** DATA_DIR resolved against the working folder (default ./data); known before the rest is validated. */
export function dataDirOf(env: Env = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, env.DATA_DIR || './data');
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV muss development, production oder test sein, ist aber "${nodeEnvRaw}".`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const dataDir = dataDirOf(env, cwd);
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, POSTGRES) : undefined;
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`, WEB);

  let sessionSecret = env.SESSION_SECRET ?? '';
  if (!sessionSecret) {
    if (nodeEnv === 'production') throw new ConfigError('SESSION_SECRET fehlt: in production ist es Pflicht (mindestens 32 Zeichen).');
    sessionSecret = developmentSessionSecret(dataDir);
  } else if (sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET muss mindestens 32 Zeichen lang sein.');
  }

  const adminEmail = (env.ADMIN_EMAIL || 'admin@example.com').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) throw new ConfigError(`ADMIN_EMAIL ist keine E-Mail-Adresse: "${adminEmail}".`);
  const adminPassword = env.ADMIN_PASSWORD || 'admin-demo-2026';
  if (adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD muss mindestens 8 Zeichen lang sein.');
  if (nodeEnv === 'production' && !env.ADMIN_PASSWORD) {
    throw new ConfigError('ADMIN_PASSWORD fehlt: in production darf das Demo-Passwort nicht verwendet werden.');
  }

  const smtp = env.SMTP_HOST
    ? {
        host: env.SMTP_HOST,
        port: integer(env, 'SMTP_PORT', 587, 1, 65535),
        secure: bool(env, 'SMTP_SECURE', false),
        user: env.SMTP_USER || undefined,
        password: env.SMTP_PASSWORD || undefined,
      }
    : undefined;

  const trustedProxies = trustProxy(env);
  const jobConcurrency = integer(env, 'JOB_CONCURRENCY', 4, 0, 100);
  // Behind a TLS proxy only a trusted X-Forwarded-Proto tells that the request came over https;
  // without it the Secure session cookie would never be set and nobody could sign in.
  if (publicUrl.startsWith('https:') && trustedProxies === false) {
    throw new ConfigError('TRUST_PROXY fehlt: PUBLIC_URL beginnt mit https, also steht ein TLS-Proxy vor dem Server. Nennen Sie ihn in TRUST_PROXY (z. B. 1 oder seine IP-Adresse).');
  }

  const logLevelRaw = env.LOG_LEVEL?.trim().toLowerCase();
  if (logLevelRaw && !isLogLevel(logLevelRaw)) throw new ConfigError(`LOG_LEVEL muss einer von ${LOG_LEVELS.join(', ')} sein, ist aber "${env.LOG_LEVEL}".`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN muss mindestens 16 Zeichen lang sein.');

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => url('CORS_ORIGINS', origin, WEB));

  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    embeddedPostgresPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    dataDir,
    filesDir: filesDirectory(env, cwd, dataDir),
    publicUrl,
    corsOrigins: [new URL(publicUrl).origin, ...corsOrigins.map((origin) => new URL(origin).origin)],
    sessionSecret,
    adminEmail,
    adminPassword,
    seedDemo: bool(env, 'SEED_DEMO', nodeEnv !== 'production'),
    smtp,
    mailFrom: env.MAIL_FROM || 'Buchungsplattform <noreply@localhost>',
    graph: {
      loginUrl: url('GRAPH_LOGIN_URL', env.GRAPH_LOGIN_URL || 'https://login.microsoftonline.com', WEB),
      apiUrl: url('GRAPH_API_URL', env.GRAPH_API_URL || 'https://graph.microsoft.com', WEB),
    },
    rateLimit: {
      signInPerWindow: integer(env, 'RATE_LIMIT_SIGNIN', 10, 1),
      // Failed sign-ins per address across all accounts (password spraying; docs/security.md).
      signInPerAddress: integer(env, 'RATE_LIMIT_SIGNIN_ADDRESS', 10, 1),
      resetPerWindow: integer(env, 'RATE_LIMIT_RESET', 5, 1),
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 900, 1),
      // Requests per minute and API token (docs/integrators.md).
      apiTokenPerMinute: integer(env, 'RATE_LIMIT_API_TOKEN', 600, 1),
    },
    webhooks: {
      allowPrivate: bool(env, 'WEBHOOKS_ALLOW_PRIVATE', nodeEnv !== 'production'),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 5, 1, 60) * 1000,
      // A web-only replica (JOB_CONCURRENCY=0) sends no deliveries either, unless told.
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', jobConcurrency > 0 ? 2 : 0, 0, 50),
      pauseAfterFailures: integer(env, 'WEBHOOK_PAUSE_AFTER_FAILURES', 5, 1, 100),
    },
    trustProxy: trustedProxies,
    clientDist: path.resolve(cwd, env.CLIENT_DIST || 'dist/client'),
    jobConcurrency,
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 600) * 1000,
    payments: {
      girocheckoutUrl: url('GIROCHECKOUT_URL', env.GIROCHECKOUT_URL || 'https://payment.girosolution.de/girocheckout/api/v2', WEB),
      pmPaymentUrl: url('PMPAYMENT_URL', env.PMPAYMENT_URL || 'https://payment.govconnect.de/payment', WEB),
      pmPaymentTestUrl: url('PMPAYMENT_TEST_URL', env.PMPAYMENT_TEST_URL || 'https://payment-test.govconnect.de/payment', WEB),
      testProvider: nodeEnv !== 'production',
    },
    ssoSessionCheckSeconds: integer(env, 'SSO_SESSION_CHECK_SECONDS', 60, 0, 3600),
    pdf: {
      chromiumPath: path.resolve(cwd, env.CHROMIUM_PATH || '/usr/bin/chromium'),
      timeoutMs: integer(env, 'PDF_TIMEOUT_MS', 30_000, 1000, 600_000),
      concurrency: integer(env, 'PDF_CONCURRENCY', 2, 1, 16),
    },
    logLevel: logSettingsOf({ NODE_ENV: nodeEnv, LOG_LEVEL: logLevelRaw }).level,
    metricsToken,
  };
}

declare module './shared/domain-services.js' {
  interface DomainServices {
    config: AppConfig;
  }
}
