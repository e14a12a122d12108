import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { StaffBookingListDocument } from '../../gql/graphql';
import { apolloClient } from '../../shared/apollo';
import { getState } from '../../shared/store';
import { filterFromParams } from './bookingListFilter';
import { listVariables, requestKey } from './listRequest';

/** A first page read ahead counts as fresh this long: the screen shows it instead of asking again. */
const FRESH_MS = 10_000;
const readAhead = new Map<string, number>();

/**
 * Reads the first page of the list the address asks for into the cache, while the router loads the
 * screen and renders it: the rows do not wait for the screen to mount before they are asked for.
 */
export function readFirstPageAhead(client: ApolloClient, tenantId: string, params: URLSearchParams): void {
  const request = filterFromParams(params);
  const key = requestKey(tenantId, request);
  readAhead.set(key, Date.now());
  client.query({ query: StaffBookingListDocument, variables: listVariables(tenantId, request, null), fetchPolicy: 'network-only' }).catch(() => readAhead.delete(key));
}

/** Whether the first page of this request was just read ahead (once: a later visit asks the server again). */
export function takeReadAhead(key: string, now = Date.now()): boolean {
  const at = readAhead.get(key);
  readAhead.delete(key);
  return at !== undefined && now - at < FRESH_MS;
}

/**
 * The bookings route's loader: starts reading the first page and returns at once, so the screen
 * renders meanwhile. A query-string change on the screen (search, filters) is the screen's own
 * request, not a new read ahead (shouldRevalidate in the route).
 */
export function bookingsLoader({ request }: LoaderFunctionArgs): null {
  const tenantId = getState().currentTenantId;
  if (tenantId) readFirstPageAhead(apolloClient, tenantId, new URL(request.url).searchParams);
  return null;
}
