import { expect } from 'vitest';
import type { GraphQLResponse, HttpClient, HttpResponse } from './http.js';
import { actorNames, type ActorName, type Actors } from './permission-matrix.js';

/** What an actor gets: allowed, or the refusal (401 not signed in, 403 forbidden, 404 hidden). */
export type Outcome = 'ok' | 401 | 403 | 404 | 409;
export type Expectation = Record<ActorName, Outcome>;

/** Builds an expectation: the listed actors are allowed, anonymous gets 401, everyone else `refused`. */
export function allowed(actors: ActorName[], refused: Outcome = 403): Expectation {
  return Object.fromEntries(actorNames.map((name) => [name, name === 'anonymous' ? 401 : actors.includes(name) ? 'ok' : refused])) as Expectation;
}

const graphqlCodes: Record<Exclude<Outcome, 'ok'>, string> = { 401: 'AUTH_UNAUTHENTICATED', 403: 'AUTH_FORBIDDEN', 404: 'GENERIC_NOT_FOUND', 409: 'CONFLICT' };

/** REST: every actor's answer status against the expectation (ok = 2xx); refusals are problem+json. */
export async function expectRest(actors: Actors, expected: Expectation, call: (client: HttpClient, actor: ActorName) => Promise<HttpResponse>): Promise<void> {
  const seen: Record<string, Outcome | number> = {};
  for (const name of actorNames) {
    const response = await call(actors.clients[name], name);
    const ok = response.status >= 200 && response.status < 300;
    seen[name] = ok ? 'ok' : response.status;
    if (!ok) expect(response.contentType, `${name}: ${response.text}`).toContain('application/problem+json');
  }
  expect(seen).toEqual(expected);
}

/** GraphQL: data without errors for allowed actors, the matching error code for the others. */
export async function expectGraphql(actors: Actors, expected: Expectation, call: (client: HttpClient, actor: ActorName) => Promise<GraphQLResponse>): Promise<void> {
  const seen: Record<string, string> = {};
  const want: Record<string, string> = {};
  for (const name of actorNames) {
    const result = await call(actors.clients[name], name);
    seen[name] = result.errors?.length ? String(result.errors[0].extensions?.code) : 'ok';
    want[name] = expected[name] === 'ok' ? 'ok' : graphqlCodes[expected[name] as Exclude<Outcome, 'ok'>];
  }
  expect(seen).toEqual(want);
}
