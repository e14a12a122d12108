import { expect } from 'vitest';
import type { GraphQLResponse, HttpResponse } from './http.js';

/** The GraphQL error code for each REST status the services answer with. */
export const graphqlCodeFor: Record<number, string> = {
  400: 'GENERIC_VALIDATION',
  401: 'AUTH_UNAUTHENTICATED',
  403: 'AUTH_FORBIDDEN',
  404: 'GENERIC_NOT_FOUND',
  409: 'COUPON_CREATE_ERROR',
};

/** A REST answer with this status; errors as problem+json carrying the catalogue code. */
export function expectRest(response: HttpResponse, status: number, where: string): void {
  expect(response.status, `${where}: ${response.text}`).toBe(status);
  if (status >= 400) expect(response.contentType, where).toContain('application/problem+json');
}

/**
 * A GraphQL answer that either succeeded (status < 400) or failed with the matching code; `code`
 * names it where the status alone is ambiguous (409: COUPON_CREATE_ERROR, BOOKABLE_QUOTA_REACHED).
 */
export function expectGraphql(result: GraphQLResponse, status: number, where: string, code = graphqlCodeFor[status]): void {
  if (status < 400) {
    expect(result.errors, where).toBeUndefined();
  } else {
    expect(result.errors?.[0]?.extensions?.code, `${where}: ${JSON.stringify(result.errors)}`).toBe(code);
  }
}
