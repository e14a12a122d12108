import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { useAppState } from './store';
import { PageTitle } from './PageTitle';

/**
 * Frame of the public pages: logo, a card with the page heading, the instance's legal links. `wide`
 * gives pages with more than a short form (the booking page) the room of a larger screen.
 */
export function PublicPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const instance = useAppState((state) => state.instance);
  return (
    <main className="public-page">
      <Card className={wide ? 'public-card public-card-wide' : 'public-card'} elevation={2}>
        <div className="public-logo">
          <Logo />
        </div>
        <PageTitle>{title}</PageTitle>
        {children}
      </Card>
      {instance && (instance.dataProtectionUrl || instance.legalNoticeUrl) ? (
        <footer className="public-footer">
          {instance.dataProtectionUrl ? <a href={instance.dataProtectionUrl}>Datenschutz</a> : null}
          {instance.legalNoticeUrl ? <a href={instance.legalNoticeUrl}>Impressum</a> : null}
        </footer>
      ) : null}
    </main>
  );
}
