import type { NextFunction, Request, Response } from 'express';
import { problem } from './problem.js';

/**
 * Every REST body is a JSON object of named fields: an array where the fields belong answers 400
 * before a handler reads it as an empty object (and saves "no changes"). express.json refuses
 * bare strings, numbers and null itself.
 */
export function rejectNonObjectBody(req: Request, res: Response, next: NextFunction): void {
  if (Array.isArray(req.body)) return problem(res, 'generic.validation', 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.');
  next();
}
