import './publicLinks.css';
import { useQuery } from '@apollo/client/react';
import { Button, Callout, Dialog, DialogBody, H5, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { type BookableType, EventTicketLinksDocument } from '../gql/graphql';
import { notify } from '../shared/toast';
import { bookableLinkNotice, bookableSnippets, bookingLink, eventSnippets, portalLink, tenantSnippets } from './publicLinks';

/** The product's own address: staff screens and public pages share the origin. */
const origin = () => window.location.origin;

async function copyToClipboard(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify({ type: 'success', title: 'Link kopiert', message: 'Die Adresse liegt in der Zwischenablage.' });
  } catch (failure) {
    console.error('Link nicht kopiert:', failure);
    notify({ type: 'warning', title: 'Kopieren nicht möglich', message: 'Bitte markieren Sie die Adresse und kopieren Sie sie von Hand.' });
  }
}

/** One address with its label, opened in a new tab or copied with one click. */
export function CopyableLink({ label, url }: { label: string; url: string }) {
  return (
    <div className="public-link">
      <span className="public-link-label">{label}</span>
      <div className="public-link-row">
        <a className="public-link-url" href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
        <Button icon="clipboard" size="small" text="Link kopieren" aria-label={`Link kopieren: ${label}`} onClick={() => void copyToClipboard(url)} />
      </div>
    </div>
  );
}

export interface LinkableBookable {
  id: string;
  tenantId: string;
  type: BookableType;
  isPublic: boolean;
  isBookable: boolean;
  permittedUsers: readonly string[];
  permittedRoles: readonly string[];
}

/** An object's booking link and snippet addresses, or why it is not publicly bookable. */
export function BookablePublicLinks({ bookable }: { bookable: LinkableBookable }) {
  const notice = bookableLinkNotice(bookable);
  if (!bookable.isPublic) {
    return (
      <Callout intent="primary" icon="eye-off" className="public-links-notice">
        {notice}
      </Callout>
    );
  }
  const restricted = bookable.permittedUsers.length > 0 || bookable.permittedRoles.length > 0;
  return (
    <div className="public-links-list">
      {notice && (
        <Callout intent="primary" className="public-links-notice">
          {notice}
        </Callout>
      )}
      <CopyableLink label="Buchungslink" url={bookingLink(origin(), bookable.tenantId, bookable.id)} />
      {!restricted && bookableSnippets(origin(), bookable.tenantId, bookable).map((snippet) => <CopyableLink key={snippet.url} label={snippet.label} url={snippet.url} />)}
    </div>
  );
}

/** An event's snippet addresses and the booking links of its public tickets, or why it is not publicly bookable. */
export function EventPublicLinks({ event }: { event: { id: string; tenantId: string; isPublic: boolean } }) {
  const { data, loading, error } = useQuery(EventTicketLinksDocument, { variables: { tenantId: event.tenantId }, skip: !event.isPublic, fetchPolicy: 'cache-and-network' });
  if (!event.isPublic) {
    return (
      <Callout intent="primary" icon="eye-off" className="public-links-notice">
        Diese Veranstaltung ist nicht öffentlich buchbar: Die Snippets zeigen sie nicht an, und ihre Tickets sind nur über den Link des einzelnen Tickets erreichbar.
      </Callout>
    );
  }
  const tickets = (data?.bookables ?? []).filter((ticket) => ticket.eventId === event.id);
  const publicTickets = tickets.filter((ticket) => ticket.isPublic && ticket.permittedUsers.length === 0 && ticket.permittedRoles.length === 0);
  return (
    <div className="public-links-list">
      <H5>Buchungslinks der Tickets</H5>
      {loading && !data ? <Spinner size={20} aria-label="Tickets werden geladen..." /> : null}
      {error ? <Callout intent="warning">Die Tickets konnten nicht geladen werden.</Callout> : null}
      {data && publicTickets.length === 0 ? (
        <Callout intent="warning" className="public-links-notice">
          Die Veranstaltung hat kein öffentliches Ticket: Ohne Ticket kann sie niemand buchen.
        </Callout>
      ) : null}
      {publicTickets.map((ticket) => (
        <CopyableLink key={ticket.id} label={`Ticket „${ticket.title}“`} url={bookingLink(origin(), event.tenantId, ticket.id)} />
      ))}
      <H5>Für die Website der Gemeinde</H5>
      {eventSnippets(origin(), event.tenantId, event.id).map((snippet) => (
        <CopyableLink key={snippet.url} label={snippet.label} url={snippet.url} />
      ))}
    </div>
  );
}

/** The tenant's public booking page and the snippets of all its public objects and events. */
export function TenantPublicLinks({ tenantId }: { tenantId: string }) {
  return (
    <div className="public-links-list tenant-public-links">
      <CopyableLink label="Öffentliche Buchungsseite des Mandanten" url={portalLink(origin(), tenantId)} />
      {tenantSnippets(origin(), tenantId).map((snippet) => (
        <CopyableLink key={snippet.url} label={snippet.label} url={snippet.url} />
      ))}
    </div>
  );
}

/** The links of one list card in a dialog. */
export function PublicLinksDialog({ title, isOpen, onClose, children }: { title: string; isOpen: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={`Öffentliche Links: ${title}`} className="public-links-dialog">
      <DialogBody>{isOpen ? children : null}</DialogBody>
    </Dialog>
  );
}
