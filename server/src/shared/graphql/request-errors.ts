import type { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';
import { SUBSCRIPTION_OVER_HTTP } from './limits.js';

/**
 * Apollo Server's own refusals of a request it cannot run (BAD_REQUEST: wrong method, no query,
 * batching, malformed parameters) in the catalogue's terms: its HTTP status decides the code (405
 * generic.method-not-allowed, otherwise generic.validation), its English text a German detail.
 * The status stays Apollo's, which matches the catalogue's for both codes.
 */
const GERMAN_DETAILS: readonly [RegExp, string][] = [
  [/supports only GET\/POST/, 'GraphQL nimmt nur GET (Abfragen) und POST an.'],
  [/GET requests only support query operations/, 'Per GET sind nur Abfragen (query) möglich; Mutationen brauchen POST.'],
  [/Operation batching disabled/, 'Mehrere Operationen in einer Anfrage (Batching) werden nicht unterstützt: Senden Sie ein JSON-Objekt mit query.'],
  [/POST body missing|No operations found|non-empty `query`|GET query missing/, 'Die Anfrage enthält keine GraphQL-Operation: Senden Sie ein JSON-Objekt mit query (Content-Type: application/json).'],
  [/queries must be strings/, 'Das Feld query muss ein Text sein.'],
  [/`variables`|variables search parameter/, 'Das Feld variables muss ein JSON-Objekt sein.'],
  [/`extensions`|extensions search parameter/, 'Das Feld extensions muss ein JSON-Objekt sein.'],
  [/`operationName`|operationName search parameter/, 'Das Feld operationName muss ein Text sein.'],
  [/content-type header other than application\/json/, 'Eine GET-Anfrage darf höchstens den Content-Type application/json nennen.'],
  [/Cross-Site Request Forgery/, 'Die Anfrage wurde als websiteübergreifend abgelehnt.'],
  [/accept/i, 'Der Header Accept muss application/json oder application/graphql-response+json zulassen.'],
];

export function apolloRequestError(error: unknown, code: unknown, message: string): AppError | undefined {
  if (code !== 'BAD_REQUEST') return undefined;
  const status = (error as Partial<GraphQLError> | null)?.extensions?.http as { status?: number } | undefined;
  const detail = GERMAN_DETAILS.find(([pattern]) => pattern.test(message))?.[1];
  if (status?.status === 405) return new AppError('generic.method-not-allowed', detail ? { detail } : {});
  return new AppError('generic.validation', { detail: detail ?? 'Die Anfrage ist keine gültige GraphQL-Anfrage über HTTP.' });
}

/**
 * The codes GraphQL itself answers with, outside the catalogue: the operation cannot be run as
 * sent. Their messages are GraphQL's own (English) except for values of the wrong type
 * (input-value-errors.ts) and the document limits, which are German. Listed for
 * integrators in docs/errors.md.
 */
export const graphqlProtocolCodes: readonly { code: string; status: number; meaning: string }[] = [
  { code: 'GRAPHQL_PARSE_FAILED', status: 400, meaning: 'The query is no valid GraphQL (a syntax error; the message says where), or it is longer than allowed.' },
  {
    code: 'GRAPHQL_VALIDATION_FAILED',
    status: 400,
    meaning: 'The query does not fit the schema (unknown field, wrong argument; a literal value of the wrong type gets a German message saying what the type takes), or it exceeds a document limit: tokens, depth, fragments, cost (the German message names the limit).',
  },
  { code: 'BAD_USER_INPUT', status: 400, meaning: 'A variable does not have the type the operation declares (a missing required variable, a string where a number belongs, an invalid date); the German message names the variable and what its type takes.' },
  { code: 'OPERATION_RESOLUTION_FAILURE', status: 400, meaning: 'The document holds several operations and operationName names none of them (or is missing).' },
  {
    code: 'PERSISTED_QUERY_NOT_FOUND',
    status: 200,
    meaning: 'Automatic persisted queries: the server does not know the hash sent instead of the query (yet); send the query text with it (Apollo Client does so by itself).',
  },
  { code: SUBSCRIPTION_OVER_HTTP, status: 400, meaning: 'A subscription was sent over HTTP; subscriptions run over WebSocket (graphql-ws) on /graphql only.' },
];
