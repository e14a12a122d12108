import { addUnique } from '../../../shared/orderedList';
import type { BookableFormValues } from '../formValues';

/** Rules of the dependent objects and checkout options, without React so they can be tested. */

export type CheckoutValues = BookableFormValues['checkoutBookableIds'][number];

export interface BookableOption {
  id: string;
  title: string;
}

/**
 * What may still be picked: the tenant's other bookables (never the edited one itself) that are not
 * listed yet, by title. While creating there is no own id to leave out.
 */
export function relationCandidates<T extends BookableOption>(bookables: readonly T[], selfId: string | null, listedIds: readonly string[]): T[] {
  return bookables.filter((bookable) => bookable.id !== selfId && !listedIds.includes(bookable.id)).sort((a, b) => a.title.localeCompare(b.title, 'de'));
}

/** The title of a listed id; an id no longer among the tenant's bookables shows bare. */
export function bookableTitle(bookables: readonly BookableOption[], id: string): string {
  return bookables.find((bookable) => bookable.id === id)?.title || id;
}

export const addRelated = (ids: readonly string[], id: string): string[] => addUnique(ids, id);

/** A new checkout option is optional until marked 'Pflicht'. */
export const addCheckout = (entries: readonly CheckoutValues[], bookableId: string): CheckoutValues[] =>
  addUnique(entries, { bookableId, mandatory: false }, (entry) => entry.bookableId);

export function setMandatory(entries: readonly CheckoutValues[], index: number, mandatory: boolean): CheckoutValues[] {
  return entries.map((entry, i) => (i === index ? { ...entry, mandatory } : entry));
}
