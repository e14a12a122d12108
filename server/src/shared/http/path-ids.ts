import type { NextFunction, Request, Response } from 'express';
import { MAX_ID_LENGTH } from '../ids.js';
import { problem } from './problem.js';

/** A path segment as the routes see it (percent-decoded); undecodable text is left for express to refuse. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Every id in a path (tenant, booking number, object, user, file, hook) is a segment of it, and no
 * id is longer than MAX_ID_LENGTH: a longer segment names nothing that can exist. It answers 404
 * before any handler passes it to the database, a lock or a live event.
 */
export function rejectOversizedPathSegments(req: Request, res: Response, next: NextFunction): void {
  const pathname = req.originalUrl.split('?', 1)[0];
  if (pathname.length > MAX_ID_LENGTH && pathname.split('/').some((segment) => segment.length > MAX_ID_LENGTH && decoded(segment).length > MAX_ID_LENGTH)) {
    return problem(res, 'generic.not-found');
  }
  next();
}
