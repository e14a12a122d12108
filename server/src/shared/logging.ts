import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The process's one logger. Production and test write one JSON object a line (for a log
 * collector); development writes readable lines through pino-pretty, which only development
 * loads. Warnings and errors go to stderr, everything else to stdout. The level comes from
 * LOG_LEVEL (default info; tests default to warn, so in-process test apps stay quiet).
 *
 * No line may carry personal data: callers log ids, counts and codes, never names, addresses,
 * passwords, tokens, cookies or bodies. Errors are reduced to type, code, message and stack with
 * mail addresses blanked out; `redact` is a second net for fields nobody should have logged.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

export interface LogSettings {
  level: LogLevel;
  format: 'json' | 'pretty';
}

/** LOG_LEVEL and NODE_ENV as the logger reads them (an invalid LOG_LEVEL is refused by the configuration). */
export function logSettingsOf(env: Record<string, string | undefined>): LogSettings {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  const level = raw && isLogLevel(raw) ? raw : nodeEnv === 'test' ? 'warn' : 'info';
  return { level, format: nodeEnv === 'development' ? 'pretty' : 'json' };
}

const MAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[^\s<>"'(),;:[\]]+/g;

/** Mail addresses in a text (an SMTP server's refusal names its recipients) replaced by a marker. */
export function withoutMailAddresses(text: string): string {
  return text.replace(MAIL_ADDRESS, '<Adresse>');
}

interface SerializedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SerializedError;
}

/**
 * What a log line keeps of an error: its type, code, message and stack, never further properties
 * (a database error's `detail` and `parameters` hold the values of the row). The ORM puts the SQL
 * with its values in front of the database's message: only the database's own message stays.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutMailAddresses(String(error)) };
  const withSql = error as Error & {
    sqlMessage?: unknown;
    sqlState?: unknown;
    code?: unknown;
  };
  let message = error.message;
  if (typeof withSql.sqlState === 'string' || typeof withSql.sqlMessage === 'string') {
    message = typeof withSql.sqlMessage === 'string' ? withSql.sqlMessage : (message.split(' - ').pop() ?? '');
  }
  const stack = error.stack?.replace(error.message, message);
  const serialized: SerializedError = {
    type: error.name,
    message: withoutMailAddresses(message),
  };
  if (typeof withSql.code === 'string' || typeof withSql.code === 'number') serialized.code = String(withSql.code);
  if (stack) serialized.stack = withoutMailAddresses(stack);
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Field names that hold personal data or secrets, wherever they turn up in a logged object. */
const REDACTED_PATHS = [
  'password',
  'token',
  'mail',
  'email',
  'name',
  'cookie',
  'authorization',
  '*.password',
  '*.token',
  '*.mail',
  '*.email',
  '*.name',
  '*.cookie',
  '*.authorization',
  'req.headers',
  'req.body',
  'req.query',
  'headers.cookie',
  'headers.authorization',
];

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

function destinationOf(settings: LogSettings): DestinationStream {
  if (settings.format === 'pretty' && prettyAvailable()) {
    const pretty = (destination: number, minimumLevel: Level) => ({
      target: 'pino-pretty',
      level: minimumLevel,
      options: {
        destination,
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
      },
    });
    // dedupe: each line goes to the one stream with the highest level it reaches.
    return pino.transport({
      targets: [pretty(1, 'trace'), pretty(2, 'warn')],
      dedupe: true,
    });
  }
  return pino.multistream(
    [
      { level: 'trace', stream: pino.destination({ fd: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

export function createLogger(settings: LogSettings, destination: DestinationStream = destinationOf(settings)): Logger {
  return pino(
    {
      level: settings.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names read better in a collector; pino-pretty formats the numbers itself.
      ...(settings.format === 'json' ? { formatters: { level: (label: string) => ({ level: label }) } } : {}),
      serializers: { err: serializeError, error: serializeError },
      redact: { paths: REDACTED_PATHS, censor: '[entfernt]' },
    },
    destination,
  );
}

export const logSettings = logSettingsOf(process.env);

/** The process's logger (see the module comment). */
export const logger: Logger = createLogger(logSettings);

/**
 * A start that ends before the server runs (bad configuration, port taken): in production one
 * JSON line like every other, otherwise the plain German line a person at the terminal reads
 * (written at once, the process exits right after).
 */
export function reportFailedStart(message: string, stack?: string): void {
  if (process.env.NODE_ENV === 'production') {
    logger.fatal(stack ? { stack: withoutMailAddresses(stack) } : {}, message);
    return;
  }
  process.stderr.write(`${message}\n${stack ? `${stack}\n` : ''}`);
}
