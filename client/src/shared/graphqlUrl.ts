/** The GraphQL endpoint on this host, for HTTP and WebSocket (the server serves both on /graphql). */
export const GRAPHQL_PATH = '/graphql';

export function graphqlWsUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${GRAPHQL_PATH}`;
}
