import type { ErrorRequestHandler, Response } from 'express';
import { AppError, errorCatalogue, type ErrorCode } from '../errors.js';
import { logger } from '../logging.js';

/** Answers an error as application/problem+json (RFC 9457) with the catalogue's German texts. */
export function sendProblem(res: Response, error: AppError): void {
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res
    .status(error.status)
    .type('application/problem+json')
    .json({
      type: `about:blank`,
      title: error.title,
      status: error.status,
      detail: error.problemDetail,
      code: error.code,
      ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
    });
}

export function problem(res: Response, code: ErrorCode, detail?: string): void {
  sendProblem(res, new AppError(code, detail ? { detail } : {}));
}

/**
 * SQLSTATEs with which PostgreSQL refuses a value the client sent (class 22, data exception): text
 * it cannot store (NUL, invalid byte sequences), malformed or out-of-range numbers and timestamps.
 * They mean "bad input", not a server fault, so they answer generic.validation instead of a 500.
 */
const CLIENT_INPUT_SQLSTATES: Record<string, 'characters' | 'value'> = {
  '22021': 'characters', // character_not_in_repertoire: invalid byte sequence, e.g. 0x00 in a bound parameter
  '22P05': 'characters', // untranslatable_character: \u0000 in jsonb
  '22P02': 'value', // invalid_text_representation: e.g. "abc" for uuid or integer
  '22001': 'value', // string_data_right_truncation
  '22003': 'value', // numeric_value_out_of_range
  '22007': 'value', // invalid_datetime_format
  '22008': 'value', // datetime_field_overflow
  '22009': 'value', // invalid_time_zone_displacement_value: JavaScript dates before 4713 BC
  '22025': 'value', // invalid_escape_sequence (LIKE patterns)
};

export const INVALID_CHARACTERS = 'Die Anfrage enthält ungültige Zeichen.';

/**
 * A database error caused by client input as generic.validation, otherwise undefined. MikroORM's
 * DriverException copies the driver's `code` (the SQLSTATE); wrapped errors are followed through
 * `cause`, `previous` and `originalError`. MikroORM inlines parameters into the SQL text, so a NUL
 * byte there cuts the protocol message short: PostgreSQL answers 08P01 "invalid message format".
 */
export function clientInputError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let hop = 0; hop < 4 && current && typeof current === 'object'; hop++) {
    const { code, sqlState, message, cause, previous, originalError } = current as Record<string, unknown>;
    const sqlstate = typeof code === 'string' ? code : typeof sqlState === 'string' ? sqlState : undefined;
    const kind = sqlstate && Object.hasOwn(CLIENT_INPUT_SQLSTATES, sqlstate) ? CLIENT_INPUT_SQLSTATES[sqlstate] : undefined;
    const nulInSql = sqlstate === '08P01' && typeof message === 'string' && message.includes('\u0000');
    if (kind === 'characters' || nulInSql) return new AppError('generic.validation', { detail: INVALID_CHARACTERS });
    if (kind === 'value') return new AppError('generic.validation', { detail: 'Die Anfrage enthält einen ungültigen Wert.' });
    current = cause ?? previous ?? originalError;
  }
  return undefined;
}

/** How long a client should wait before it tries again while the database is away (a restart takes seconds). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that is going away, starting up or full: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections. Class 08 (connection
 * exception) counts too, except 08P01, the protocol violation a NUL byte in the SQL causes.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors while connecting to or talking with the database server. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres, its pool and knex's pool say when the connection went away or none could be had. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Timeout acquiring a connection|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

function unavailableItself(error: Record<string, unknown>): boolean {
  const { code, sqlState, message, name } = error;
  const sqlstate = typeof code === 'string' ? code : typeof sqlState === 'string' ? sqlState : undefined;
  if (sqlstate && (UNAVAILABLE_SQLSTATES.has(sqlstate) || UNAVAILABLE_ERRNOS.has(sqlstate) || (sqlstate.startsWith('08') && sqlstate !== '08P01'))) return true;
  // MikroORM's name for a driver error it recognised as a lost or refused connection.
  if (name === 'ConnectionException') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/**
 * The database cannot be reached (stopped, restarting, network gone, pool exhausted waiting for
 * it) as service.unavailable (503), otherwise undefined: the one place that recognises it, for the
 * REST facade, GraphQL and the session middleware alike. Wrapped errors are followed through
 * `cause`, `previous`, `originalError` and an AggregateError's `errors` (one per address tried).
 */
export function unavailableError(error: unknown): AppError | undefined {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 8; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const fields = current as Record<string, unknown>;
    if (unavailableItself(fields)) return new AppError('service.unavailable');
    pending.push(fields.cause, fields.previous, fields.originalError, ...(Array.isArray(fields.errors) ? (fields.errors as unknown[]) : []));
  }
  return undefined;
}

/** What busboy (multipart bodies) says about a body it cannot read; its errors carry no status. */
const MALFORMED_MULTIPART = /^(Unexpected end of (form|file)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form)$/;
const MULTIPART_DETAIL = 'Die mehrteilige Anfrage (multipart/form-data) ist unvollständig oder fehlerhaft aufgebaut.';

/**
 * The catalogue error an error raised outside the resolvers answers with (body parsers, uploads,
 * the session store, the REST handlers): known ones keep their code, anything else is a logged
 * generic.error. The one mapping behind problem+json (REST) and the GraphQL envelope (/graphql).
 */
export function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { status, type, message } = (error ?? {}) as { status?: number; type?: string; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (MALFORMED_MULTIPART.test(text) || (status === 400 && /multipart/i.test(text))) return new AppError('generic.validation', { detail: MULTIPART_DETAIL });
  if (status === 400 || type === 'entity.parse.failed') return new AppError('generic.validation', { detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
  // body-parser's JSON limit (entity.too.large) is the 1 MB of the catalogue text; other 413s (multipart) have their own limits.
  if (status === 413) return new AppError('generic.payload-too-large', type === 'entity.too.large' ? {} : { detail: 'Die Anfrage ist zu groß.' });
  const input = clientInputError(error);
  if (input) return input;
  const unavailable = unavailableError(error);
  if (unavailable) {
    logger.warn({ err: error }, '[db] unavailable, answered 503');
    return new AppError('service.unavailable', { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  logger.error({ err: error }, '[rest] unexpected error');
  return new AppError('generic.error', { detail: errorCatalogue['generic.error'].detail });
}

/** The REST facade's last handler: known errors keep their status, anything else is a logged 500. */
export const problemHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return next(error);
  sendProblem(res, refusalOf(error));
};
