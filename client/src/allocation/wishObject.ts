import { bookableKindOf } from '../bookables/list/bookableKinds';

/**
 * What a wish asks for: a concrete object of the round, or a kind of object (the kinds of the
 * round's objects) when the applicant leaves the object to staff. The application form offers both
 * in one list; a choice is the object's id, or "kind:" and the kind.
 */

const KIND = 'kind:';

export interface WishObjectOption {
  value: string;
  label: string;
}

/** The kind's German name ("Raum"), or the stored type when the client does not know it. */
export function kindName(type: string): string {
  return bookableKindOf(type)?.singular ?? type;
}

/** The objects of the round and, once each, the kinds they are of, in the round's order. */
export function wishObjectOptions(bookables: readonly { id: string; title: string; type: string }[]): { objects: WishObjectOption[]; kinds: WishObjectOption[] } {
  const kinds = [...new Set(bookables.map((bookable) => bookable.type))];
  return {
    objects: bookables.map((bookable) => ({ value: bookable.id, label: bookable.title })),
    kinds: kinds.map((type) => ({ value: `${KIND}${type}`, label: `${kindName(type)} (beliebig)` })),
  };
}

/** The list's choice for a wish's two fields. */
export function wishObjectChoice(wish: { bookableId: string; bookableType: string }): string {
  if (wish.bookableId) return wish.bookableId;
  return wish.bookableType ? `${KIND}${wish.bookableType}` : '';
}

/** A choice of the list as the wish's two fields: exactly one of them set, or neither. */
export function wishObjectFields(choice: string): { bookableId: string; bookableType: string } {
  if (choice.startsWith(KIND)) return { bookableId: '', bookableType: choice.slice(KIND.length) };
  return { bookableId: choice, bookableType: '' };
}

/** What a wish asks for, as one phrase: the object's title, or "ein Raum nach Wahl der Verwaltung". */
export function wishObjectText(wish: { bookableId: string | null; bookableType: string | null }, objectTitle: (id: string) => string): string {
  if (wish.bookableId) return objectTitle(wish.bookableId);
  return wish.bookableType ? `Objektart ${kindName(wish.bookableType)} (Objekt nach Wahl der Verwaltung)` : 'Objekt';
}
