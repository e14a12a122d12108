import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlCode } from '../errors.js';
import { RETRY_AFTER_SECONDS } from '../http/problem.js';

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
