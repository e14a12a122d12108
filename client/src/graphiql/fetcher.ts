import { getOperationAST, parse, type DocumentNode } from 'graphql';
import type { GraphiQLProps } from 'graphiql';
import { createClient, type Client } from 'graphql-ws';
import { GRAPHQL_PATH, graphqlWsUrl } from '../shared/graphqlUrl';

type Fetcher = GraphiQLProps['fetcher'];

function operationType(query: string, operationName: string | null | undefined, documentAST?: DocumentNode): string | undefined {
  try {
    return getOperationAST(documentAST ?? parse(query), operationName ?? undefined)?.operation;
  } catch {
    return undefined; // Unparsable: let the server answer with its syntax error.
  }
}

/** The Authorization header of the headers editor, whatever its spelling. */
function authorizationOf(headers: Record<string, unknown>): string | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization');
  return typeof entry?.[1] === 'string' && entry[1].trim() ? entry[1] : undefined;
}

/**
 * The headers of one request: those of GraphiQL's headers editor, plus `Authorization: Bearer …`
 * from the API token field unless the editor already names one.
 */
export function requestHeaders(editorHeaders: Record<string, unknown> | undefined, apiToken: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(editorHeaders ?? {})) if (typeof value === 'string') headers[name] = value;
  const token = apiToken.trim();
  if (token && !authorizationOf(headers)) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * With an API token no cookie may go along: the server refuses a request that carries both
 * (AUTH_TOKEN_WITH_SESSION). Without one the session cookie identifies the user as in the app.
 */
export function credentialsFor(headers: Record<string, string>): RequestCredentials {
  return authorizationOf(headers) ? 'omit' : 'same-origin';
}

/** One WebSocket per credential: the session's (the browser sends its cookie with the upgrade), or a token's in the connection parameters. */
const socketClients = new Map<string, Client>();
function socketClient(authorization: string | undefined): Client {
  const key = authorization ?? '';
  let client = socketClients.get(key);
  if (!client) {
    client = createClient({ url: graphqlWsUrl(), lazy: true, ...(authorization ? { connectionParams: { authorization } } : {}) });
    socketClients.set(key, client);
  }
  return client;
}

/**
 * GraphiQL's fetcher: queries and mutations as JSON POSTs (the JSON body is what the server's CSRF
 * checks want from a cookie request), with the session cookie or, when the API token field or
 * the headers editor names an Authorization header, with that token and no cookies; subscriptions
 * over the WebSocket (with a token in its connection parameters; the browser still sends its
 * cookie with the upgrade, so a token's subscription works only while signed out).
 */
export function createFetcher(apiToken: () => string): Fetcher {
  return async (params, options) => {
    const { query, operationName, variables } = params;
    const headers = requestHeaders(options?.headers, apiToken());
    if (operationType(query, operationName, options?.documentAST) === 'subscription') {
      return socketClient(authorizationOf(headers)).iterate({ query, operationName: operationName ?? undefined, variables });
    }
    const response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      credentials: credentialsFor(headers),
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, operationName, variables }),
    });
    return response.json();
  };
}
