import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MeDocument } from '../../gql/graphql';
import { messages } from '../messages';
import { canUseInterface } from '../permissions';
import { clearUser, setNextUrl, setSession, useAppState } from '../store';
import { useRouteHandle } from '../title';
import { notify } from '../toast';

export const FORBIDDEN_FALLBACK = '/admin/dashboard';

/**
 * The guard of specification 01 section 2 for /admin/*: on every navigation it asks the server who
 * is signed in (`me`, never from cache).
 * - the request fails: session expired → home page;
 * - nobody signed in: "Zugriff verweigert" → /login?redirectUrl=…, the wanted path kept as next URL;
 * - the route's interface is not open to the user: "Keine Berechtigung" → dashboard.
 * Returns whether the screen may render (false until the first check has passed).
 */
export function useSessionGuard(): boolean {
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { interface: requiredInterface } = useRouteHandle();
  const user = useAppState((state) => state.user);
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const [checked, setChecked] = useState(false);
  const wanted = location.pathname + location.search;

  useEffect(() => {
    let current = true;
    client.query({ query: MeDocument, fetchPolicy: 'network-only' }).then(
      ({ data }) => {
        if (!current) return;
        if (!data?.me) {
          clearUser();
          setNextUrl(wanted);
          notify({ type: 'danger', ...messages.unauthenticated });
          navigate(`/login?redirectUrl=${encodeURIComponent(wanted)}`, { replace: true });
          return;
        }
        setSession(data.me);
        setChecked(true);
      },
      () => {
        if (!current) return;
        clearUser();
        notify({ type: 'danger', ...messages.sessionExpired });
        navigate('/', { replace: true });
      },
    );
    return () => {
      current = false;
    };
    // Re-check on every navigation inside the admin area, not on query-string-only changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, client, navigate]);

  const allowed = !requiredInterface || (user !== null && canUseInterface(user.permissions, requiredInterface, currentTenantId));

  useEffect(() => {
    if (checked && !allowed) {
      notify({ type: 'danger', ...messages.forbidden });
      navigate(FORBIDDEN_FALLBACK, { replace: true });
    }
  }, [checked, allowed, navigate]);

  return checked && allowed && user !== null;
}
