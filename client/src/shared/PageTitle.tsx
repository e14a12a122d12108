import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * A screen's heading, admin and public: the page's one h1, naming it. It keeps the size of
 * Blueprint's second heading level, which the screens were laid out with.
 */
export function PageTitle({ children, id, className }: { children: ReactNode; id?: string; className?: string }) {
  return (
    <h1 id={id} className={cx(Classes.HEADING, 'page-title', className)}>
      {children}
    </h1>
  );
}
