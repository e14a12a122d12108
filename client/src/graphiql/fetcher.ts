import { getOperationAST, parse, type DocumentNode } from 'graphql';
import type { GraphiQLProps } from 'graphiql';
import { createClient } from 'graphql-ws';
import { GRAPHQL_PATH, graphqlWsUrl } from '../shared/graphqlUrl';

type Fetcher = GraphiQLProps['fetcher'];

// Subscriptions over graphql-ws; the browser sends the session cookie with the upgrade request.
const wsClient = createClient({ url: graphqlWsUrl(), lazy: true });

function operationType(query: string, operationName: string | null | undefined, documentAST?: DocumentNode): string | undefined {
  try {
    return getOperationAST(documentAST ?? parse(query), operationName ?? undefined)?.operation;
  } catch {
    return undefined; // Unparsable: let the server answer with its syntax error.
  }
}

/**
 * GraphiQL's fetcher: queries and mutations as JSON POSTs with the session cookie (the server's
 * CSRF prevention wants JSON), subscriptions as an async iterable over the WebSocket.
 */
export const fetcher: Fetcher = async (params, options) => {
  const { query, operationName, variables } = params;
  if (operationType(query, operationName, options?.documentAST) === 'subscription') {
    return wsClient.iterate({ query, operationName: operationName ?? undefined, variables });
  }
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...options?.headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query, operationName, variables }),
  });
  return response.json();
};
