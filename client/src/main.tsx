import '@blueprintjs/core/lib/css/blueprint.css';
import './shared/app.css';
import { ApolloProvider } from '@apollo/client/react';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { appTypePolicies } from './cachePolicies';
import { PublicInstanceDocument } from './gql/graphql';
import { routes } from './routes';
import { apolloCache, apolloClient } from './shared/apollo';
import { keepLibraryLabelsGerman } from './shared/germanLabels';
import { setupIcons } from './shared/icons';
import { setInstance } from './shared/store';
import { applyTheme } from './shared/theme';
import { prepareToasts, showPendingNotification } from './shared/toast';

// Focus rings for keyboard users only, not after every mouse click.
FocusStyleManager.onlyShowFocusOnTabs();
apolloCache.policies.addTypePolicies(appTypePolicies);
setupIcons();
applyTheme();
// On the body, not #root: dialogs, popovers and toasts are rendered into portals beside it.
keepLibraryLabelsGerman(document.body);
showPendingNotification();
prepareToasts();

// The instance's public data is loaded once at start and cached locally.
apolloClient.query({ query: PublicInstanceDocument }).then(
  ({ data }) => data && setInstance(data.publicInstance),
  () => undefined, // Offline or server down: keep the cached copy; the guard reports session problems.
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <RouterProvider router={routes} />
    </ApolloProvider>
  </StrictMode>,
);
