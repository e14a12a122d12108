import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { MeDocument, MyTenantsDocument } from '../../gql/graphql';
import { apolloClient } from '../apollo';
import { messages } from '../messages';
import { clearUser, getState, setNextUrl, setSession } from '../store';
import { notify } from '../toast';

/**
 * The tenant list of the drawer and the dashboard, from the cache once loaded (the session
 * subscription, creating and deleting tenants and the dashboard refresh it). A failure is left to
 * the screens, which show the list as empty.
 */
function loadTenantList(fetchPolicy: 'cache-first' | 'network-only'): Promise<unknown> {
  return apolloClient.query({ query: MyTenantsDocument, fetchPolicy }).catch(() => undefined);
}

/**
 * The guard for /admin/* (docs/administration.md, “Admin client conventions”), as the admin frame's
 * route loader: before a screen shows, it asks the server who is signed in (`me`, never from
 * cache). Route loaders run while the router downloads the screen's chunks, so the check (and, for a tab that was signed in,
 * the tenant list beside it) costs one round trip in parallel instead of a chain after rendering.
 * - the request fails: session expired → home page;
 * - nobody signed in: "Zugriff verweigert" → /login?redirectUrl=…, the wanted path kept as next URL.
 * Whether the screen is open to the user is decided by useSessionGuard, which knows the route's interface.
 */
export async function adminLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  const tenants = getState().user ? loadTenantList('cache-first') : null;
  let session;
  try {
    session = (await apolloClient.query({ query: MeDocument, fetchPolicy: 'network-only' })).data?.me ?? null;
  } catch {
    clearUser();
    notify({ type: 'danger', ...messages.sessionExpired });
    throw redirect('/');
  }
  if (!session) {
    clearUser();
    setNextUrl(wanted);
    notify({ type: 'danger', ...messages.unauthenticated });
    throw redirect(`/login?redirectUrl=${encodeURIComponent(wanted)}`);
  }
  setSession(session);
  await (tenants ?? loadTenantList('cache-first'));
  return null;
}

/** The check runs on every navigation to another admin path, not on query-string-only changes. */
export function revalidateOnPathChange({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}

/**
 * The dashboard shows the tenant list as the server has it now (another instance owner may have
 * added one). Right after sign-in this is the very request the frame's loader started: Apollo sends
 * one request for identical operations in flight.
 */
export async function dashboardLoader(): Promise<null> {
  await loadTenantList('network-only');
  return null;
}
