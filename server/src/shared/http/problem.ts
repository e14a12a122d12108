import type { ErrorRequestHandler, Response } from 'express';
import { AppError, errorCatalogue, type ErrorCode } from '../errors.js';

/** Answers an error as application/problem+json (RFC 9457) with the catalogue's German texts. */
export function sendProblem(res: Response, error: AppError): void {
  res
    .status(error.status)
    .type('application/problem+json')
    .json({
      type: `about:blank`,
      title: error.title,
      status: error.status,
      detail: error.message,
      code: error.code,
      ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
    });
}

export function problem(res: Response, code: ErrorCode, detail?: string): void {
  sendProblem(res, new AppError(code, detail ? { detail } : {}));
}

/** The REST facade's last handler: known errors keep their status, anything else is a logged 500. */
export const problemHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof AppError) return sendProblem(res, error);
  const status = (error as { status?: number; type?: string }).status;
  if (status === 400 || (error as { type?: string }).type === 'entity.parse.failed') {
    return sendProblem(res, new AppError('generic.validation', { detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.' }));
  }
  if (status === 413) return sendProblem(res, new AppError('generic.validation', { detail: 'Die Anfrage ist zu groß.' }));
  console.error('[rest] unexpected error:', error);
  sendProblem(res, new AppError('generic.error', { detail: errorCatalogue['generic.error'].detail }));
};
