import type { PriceCategory } from '../bookables/bookable.model.js';
import type { EventData } from './event.model.js';

/** What a ticket created with its event differs in: the title and the price. */
export interface EventTicketDraft {
  title: string;
  priceCategories: PriceCategory[];
}

const MAX_TITLE = 200;

/**
 * The tickets `withTickets` creates for a new event: one per price category of the event, so each
 * category ("Erwachsene 12,00 €", "Ermäßigt 6,50 €") is a ticket of its own that the public books
 * and checkout charges. A bookable's price categories are graduated by amount, not named choices,
 * so the categories cannot share one ticket. The event's price is what the attendee pays: the
 * ticket carries it without VAT, so the charged gross is exactly that price (staff may set VAT in
 * the ticket later). A free event, one without categories, and a category at 0 € give a free ticket.
 *
 * The prices are copied once, when the event is created: later changes to the event's categories
 * leave its tickets as they are (their prices are edited in the ticket, and bookings keep the price
 * they were made at anyway).
 */
export function ticketsOfEvent(data: Pick<EventData, 'information' | 'attendees'>): EventTicketDraft[] {
  const name = data.information.name;
  const categories = data.attendees.free ? [] : data.attendees.priceCategories;
  if (categories.length === 0) return [{ title: name, priceCategories: [] }];
  return categories.map((category, index) => ({
    // One category needs no name of its own; several are told apart by theirs.
    title: (categories.length === 1 ? name : `${name} – ${category.name.trim() || `Preiskategorie ${index + 1}`}`).slice(0, MAX_TITLE),
    priceCategories: category.price > 0 ? [{ priceEur: category.price, priceValueAddedTax: 0, interval: { start: null, end: null }, fixedPrice: false }] : [],
  }));
}
