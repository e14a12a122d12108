import { useApolloClient, useSubscription } from '@apollo/client/react';
import { Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { MyTenantsDocument, SessionChangedDocument } from '../../gql/graphql';
import { useSessionGuard } from '../guard/useSessionGuard';
import { setSession } from '../store';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

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

/** Frame of every /admin screen, behind the session guard. */
export default function AdminLayout() {
  const ready = useSessionGuard();
  // The drawer starts open on wide screens; on narrow ones it overlays and closes after a click.
  const [drawerOpen, setDrawerOpen] = useState(isWide);

  if (!ready) return <Spinner className="app-loading" aria-label="Daten werden geladen..." />;

  return (
    <div className="admin-shell">
      <SessionSync />
      <TopBar drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
      <div className="admin-body">
        <NavDrawer open={drawerOpen} onNavigate={() => !isWide() && setDrawerOpen(false)} />
        <main className="admin-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
