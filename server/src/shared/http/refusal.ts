import type { ErrorRequestHandler, Request, Response } from 'express';
import type { AppError } from '../errors.js';
import { refusalOf, sendProblem } from './problem.js';

/** Where GraphQL is served over HTTP (and WebSocket). */
export const GRAPHQL_PATH = '/graphql';

/** Whether the request is a GraphQL request over HTTP, whatever path the middleware was mounted on. */
export function isGraphqlRequest(req: Request): boolean {
  const pathname = req.originalUrl.split('?', 1)[0];
  return pathname === GRAPHQL_PATH || pathname.startsWith(`${GRAPHQL_PATH}/`);
}

/**
 * The media type of a GraphQL answer: application/graphql-response+json only for a client that
 * prefers it (as Apollo Server decides), application/json for everyone else.
 */
function graphqlMediaType(req: Request): string {
  return req.accepts(['application/json', 'application/graphql-response+json']) || 'application/json';
}

/**
 * A refusal as a GraphQL response: `{ errors: [{ message, extensions }] }` with the catalogue's
 * German message and code, the catalogue's HTTP status and, for limits, Retry-After.
 */
export function sendGraphqlError(req: Request, res: Response, error: AppError): void {
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  // `http` tells Apollo the status and headers; it is no part of the answer.
  const { http: _http, ...extensions } = error.extensions;
  res.status(error.status).type(graphqlMediaType(req));
  res.json({ errors: [{ message: error.message, extensions }] });
}

/**
 * Every refusal before a route or resolver (CSRF, API token, NUL bytes, body parsers): GraphQL
 * clients get a GraphQL response they can read like any other, everyone else problem+json.
 */
export function sendRefusal(req: Request, res: Response, error: AppError): void {
  if (isGraphqlRequest(req)) sendGraphqlError(req, res, error);
  else sendProblem(res, error);
}

/** /graphql's last handler: errors before Apollo (body parsers, uploads, the session store) as GraphQL errors. */
export const graphqlErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  sendGraphqlError(req, res, refusalOf(error));
};
