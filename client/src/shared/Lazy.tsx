import { Spinner } from '@blueprintjs/core';
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';

/** Renders a React.lazy screen with a spinner while its chunk loads. */
export function Lazy({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<Spinner className="app-loading" aria-label="Daten werden geladen..." />}>
      <Component />
    </Suspense>
  );
}
