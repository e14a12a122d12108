import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.js';
import { sendRefusal } from './refusal.js';

/**
 * Every REST body is a JSON object of named fields: an array where the fields belong answers 400
 * before a handler reads it as an empty object (and saves "no changes"); on /graphql an array is
 * a batch, which the server does not run. express.json refuses bare strings, numbers and null itself.
 */
export function rejectNonObjectBody(req: Request, res: Response, next: NextFunction): void {
  if (Array.isArray(req.body)) return sendRefusal(req, res, new AppError('generic.validation', { detail: 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.' }));
  next();
}
