import type { BookableType } from '../../gql/graphql';
import type { AdminInterface } from '../../shared/permissions';

/** What differs between the four list screens and their editor routes. */
export interface BookableKind {
  type: BookableType;
  /** Screen and navigation title. */
  title: string;
  /** One object of the kind, e.g. where an applicant picks a kind of object: "Raum". */
  singular: string;
  interface: AdminInterface;
  listPath: string;
  editPath: string;
  createPath: string;
  createLabel: string;
  /** Resources and tickets are shown newest first. */
  reversed: boolean;
}

export const bookableKinds: Record<BookableType, BookableKind> = {
  event_location: {
    type: 'event_location',
    title: 'Veranstaltungsorte',
    singular: 'Veranstaltungsort',
    interface: 'locations',
    listPath: '/admin/veranstaltungsorte',
    editPath: '/admin/veranstaltungsorte/edit',
    createPath: '/admin/veranstaltungsorte/create',
    createLabel: 'Veranstaltungsort erstellen',
    reversed: false,
  },
  room: {
    type: 'room',
    title: 'Räume',
    singular: 'Raum',
    interface: 'rooms',
    listPath: '/admin/raeume',
    editPath: '/admin/raeume/edit',
    createPath: '/admin/raeume/create',
    createLabel: 'Raum erstellen',
    reversed: false,
  },
  resource: {
    type: 'resource',
    title: 'Ressourcen',
    singular: 'Ressource',
    interface: 'resources',
    listPath: '/admin/ressourcen',
    // The original product's resource editor lived under the English segment; its links keep working.
    editPath: '/admin/resources/edit',
    createPath: '/admin/ressourcen/create',
    createLabel: 'Ressource erstellen',
    reversed: true,
  },
  ticket: {
    type: 'ticket',
    title: 'Tickets',
    singular: 'Ticket',
    interface: 'tickets',
    listPath: '/admin/tickets',
    editPath: '/admin/tickets/edit',
    createPath: '/admin/tickets/create',
    createLabel: 'Ticket erstellen',
    reversed: true,
  },
};

/**
 * The kind of a type as the server stores and some answers give it ("event-location"), or as the
 * GraphQL enum names it ("event_location"); undefined for a type the client does not know.
 */
export function bookableKindOf(type: string): BookableKind | undefined {
  const key = type.replace('-', '_');
  return key in bookableKinds ? bookableKinds[key as BookableType] : undefined;
}

/** The edit route of one item, remembering the list to return to. */
export function editUrl(kind: BookableKind, id: string): string {
  return `${kind.editPath}?${new URLSearchParams({ id, fromRoute: kind.listPath }).toString()}`;
}

/** The create route, also remembering the list. */
export function createUrl(kind: BookableKind): string {
  return `${kind.createPath}?${new URLSearchParams({ fromRoute: kind.listPath }).toString()}`;
}
