import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../messages';
import { canUseInterface } from '../permissions';
import { useAppState } from '../store';
import { useRouteHandle } from '../title';
import { notify } from '../toast';

export const FORBIDDEN_FALLBACK = '/admin/dashboard';

/**
 * The permission half of the admin guard (adminLoader has asked the server
 * who is signed in before the screen renders): a route whose interface is not open to the user in
 * the selected tenant shows "Keine Berechtigung" and goes to the dashboard. Also when the tenant
 * changes under an open screen. Returns whether the screen may render.
 */
export function useSessionGuard(): boolean {
  const navigate = useNavigate();
  const { interface: requiredInterface } = useRouteHandle();
  const user = useAppState((state) => state.user);
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const allowed = user !== null && (!requiredInterface || canUseInterface(user.permissions, requiredInterface, currentTenantId));

  // Once per refusal: the session check of the way to the dashboard stores the user again, which
  // must not start another navigation while this one is under way.
  useEffect(() => {
    if (!allowed) {
      notify({ type: 'danger', ...messages.forbidden });
      void navigate(FORBIDDEN_FALLBACK, { replace: true });
    }
  }, [allowed, navigate]);

  return allowed;
}
