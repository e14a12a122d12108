import type { ApolloServerPlugin } from '@apollo/server';
import type { ErrorRequestHandler } from 'express';
import { graphqlCode } from '../errors.js';
import { RETRY_AFTER_SECONDS, unavailableError } from '../http/problem.js';
import { logger } from '../logging.js';

/** extensions.code of an operation that failed because the database cannot be reached. */
export const SERVICE_UNAVAILABLE = graphqlCode('service.unavailable');

/**
 * GraphQL over HTTP answers 200 even when resolvers failed; an operation that failed because the
 * database is away answers 503 with Retry-After instead, so clients and load balancers retry.
 */
export const serviceUnavailablePlugin: ApolloServerPlugin = {
  requestDidStart: async () => ({
    willSendResponse: async ({ response }) => {
      const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
      if (!errors?.some((error) => error.extensions?.code === SERVICE_UNAVAILABLE)) return;
      response.http.status = 503;
      response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    },
  }),
};

/**
 * Before Apollo (the session middleware reading its store): an unreachable database answers as
 * GraphQL would, 503 with the SERVICE_UNAVAILABLE error; anything else goes on to problemHandler.
 */
export const graphqlUnavailableHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const unavailable = res.headersSent ? undefined : unavailableError(error);
  if (!unavailable) return next(error);
  logger.warn({ err: error }, '[db] unavailable, answered 503');
  res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  // As Apollo answers: clients that accept graphql-response+json (Apollo Client) read its errors whatever the status.
  res.type(req.accepts(['application/graphql-response+json', 'application/json']) || 'application/json');
  res.json({ errors: [{ message: unavailable.message, extensions: unavailable.extensions }] });
};
