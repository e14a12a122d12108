import { useApolloClient, useSubscription } from '@apollo/client/react';
import { ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { MyTenantsDocument, SessionChangedDocument } from '../gql/graphql';
import { useSessionGuard } from '../shared/guard/useSessionGuard';
import { setSession } from '../shared/store';
import { registerAdminIcons } from '../shared/layout/adminIcons';
import { NavDrawer } from './NavDrawer';
import { TopBar } from '../shared/layout/TopBar';

// With the frame's chunk, before its first render (shared/icons.ts).
registerAdminIcons();

const WIDE_SCREEN = '(min-width: 960px)';
const isWide = () => window.matchMedia(WIDE_SCREEN).matches;

/**
 * Keeps the stored user fresh while signed in: the server pushes profile and permission changes.
 * A permission change may add or remove tenants, so the tenant list is fetched again too.
 */
function SessionSync() {
  const client = useApolloClient();
  useSubscription(SessionChangedDocument, {
    onData: ({ data }) => {
      if (!data.data) return;
      setSession(data.data.sessionChanged);
      void client.refetchQueries({ include: [MyTenantsDocument] });
    },
  });
  return null;
}

/**
 * Frame of every /admin screen, behind the session guard (the route's loader has checked the
 * session; the hook checks the screen's interface). While the router loads the next screen, the
 * current one stays with a thin progress bar above it.
 */
export default function AdminLayout() {
  const allowed = useSessionGuard();
  const loadingNextScreen = useNavigation().state === 'loading';
  // The drawer starts open on wide screens; on narrow ones it overlays and closes after a click.
  const [drawerOpen, setDrawerOpen] = useState(isWide);

  return (
    <div className="admin-shell">
      <SessionSync />
      <TopBar drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
      <div className="admin-body">
        <NavDrawer open={drawerOpen} onNavigate={() => !isWide() && setDrawerOpen(false)} />
        <main className="admin-content" aria-busy={loadingNextScreen}>
          {loadingNextScreen ? <ProgressBar className="admin-navigation-progress" intent="primary" aria-label="Seite wird geladen..." /> : null}
          {allowed ? <Outlet /> : null}
        </main>
      </div>
    </div>
  );
}
