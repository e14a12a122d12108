import { Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PublicPage } from './PublicPage';

/** A public page opened through a link that lacks what it needs: says so, and where to find the whole link. */
export function IncompleteLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicPage title={title}>
      <Callout intent="warning" title="Link unvollständig">
        {children}
      </Callout>
    </PublicPage>
  );
}
