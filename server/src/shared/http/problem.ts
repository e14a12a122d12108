import type { ErrorRequestHandler, Response } from 'express';
import { AppError, errorCatalogue, type ErrorCode } from '../errors.js';

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

/** The REST facade's last handler: known errors keep their status, anything else is a logged 500. */
export const problemHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof AppError) return sendProblem(res, error);
  const { status, type } = (error ?? {}) as { status?: number; type?: string };
  if (status === 400 || type === 'entity.parse.failed') {
    return sendProblem(res, new AppError('generic.validation', { detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.' }));
  }
  if (status === 413) {
    // body-parser's JSON limit (entity.too.large) is the 1 MB of the catalogue text; other 413s (multipart) have their own limits.
    return sendProblem(res, new AppError('generic.payload-too-large', type === 'entity.too.large' ? {} : { detail: 'Die Anfrage ist zu groß.' }));
  }
  const input = clientInputError(error);
  if (input) return sendProblem(res, input);
  console.error('[rest] unexpected error:', error);
  sendProblem(res, new AppError('generic.error', { detail: errorCatalogue['generic.error'].detail }));
};
