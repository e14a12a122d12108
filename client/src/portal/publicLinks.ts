import type { BookableType } from '../gql/graphql';

/**
 * The public addresses of the product: the booking page of one object, the tenant's booking portal
 * and the HTML snippets a tenant's website embeds. All start at the product's own address (the
 * staff's screens and the public pages are served from the same origin).
 */

/** The snippets' `type` parameter spells the kinds with a hyphen. */
const snippetTypes: Record<BookableType, string> = {
  event_location: 'event-location',
  room: 'room',
  resource: 'resource',
  ticket: 'ticket',
};

const trimmed = (origin: string) => origin.replace(/\/+$/, '');
const segment = (value: string) => encodeURIComponent(value);

/** /checkout?id=&tenant=: booking one object without an account. */
export function bookingLink(origin: string, tenantId: string, bookableId: string): string {
  return `${trimmed(origin)}/checkout?${new URLSearchParams({ id: bookableId, tenant: tenantId })}`;
}

/** The path of the tenant's booking portal (its public objects and events). */
export function portalPath(tenantId: string): string {
  return `/buchen/${segment(tenantId)}`;
}

export function portalLink(origin: string, tenantId: string): string {
  return `${trimmed(origin)}${portalPath(tenantId)}`;
}

export interface SnippetAddress {
  label: string;
  url: string;
}

/** The object's own snippet and the list of all public objects of its kind. */
export function bookableSnippets(origin: string, tenantId: string, bookable: { id: string; type: BookableType }): SnippetAddress[] {
  const base = `${trimmed(origin)}/html/${segment(tenantId)}/bookables`;
  return [
    { label: 'HTML-Snippet dieses Objekts', url: `${base}/${segment(bookable.id)}` },
    { label: 'HTML-Snippet der Liste dieser Art', url: `${base}?type=${snippetTypes[bookable.type]}` },
  ];
}

/** The event's own snippet (with its tickets) and the list of all upcoming public events. */
export function eventSnippets(origin: string, tenantId: string, eventId: string): SnippetAddress[] {
  const base = `${trimmed(origin)}/html/${segment(tenantId)}/events`;
  return [
    { label: 'HTML-Snippet dieser Veranstaltung', url: `${base}/${segment(eventId)}` },
    { label: 'HTML-Snippet aller Veranstaltungen', url: base },
  ];
}

/** The lists of all public objects and of all upcoming public events, for the tenant's website. */
export function tenantSnippets(origin: string, tenantId: string): SnippetAddress[] {
  const base = `${trimmed(origin)}/html/${segment(tenantId)}`;
  return [
    { label: 'HTML-Snippet aller öffentlichen Buchungsobjekte', url: `${base}/bookables` },
    { label: 'HTML-Snippet aller Veranstaltungen', url: `${base}/events` },
  ];
}

/** Why an object cannot be booked through its public link; null when anyone may book it there. */
export function bookableLinkNotice(bookable: { isPublic: boolean; isBookable: boolean; permittedUsers: readonly string[]; permittedRoles: readonly string[] }): string | null {
  if (!bookable.isPublic) return 'Dieses Objekt ist nicht öffentlich buchbar: Der Link und die Snippets zeigen es nicht an.';
  if (bookable.permittedUsers.length > 0 || bookable.permittedRoles.length > 0) {
    return 'Nur die freigegebenen Personen und Rollen können dieses Objekt buchen (nach der Anmeldung); die Snippets zeigen es nicht an.';
  }
  if (!bookable.isBookable) return 'Dieses Objekt ist derzeit nicht buchbar; die Snippets zeigen es ohne Buchungsknopf.';
  return null;
}
