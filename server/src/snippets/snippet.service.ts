import type { MikroORM } from '@mikro-orm/postgresql';
import type { Bookable } from '../bookables/bookable.entity.js';
import { bookableTypes, type BookableType } from '../bookables/bookable.model.js';
import type { BookableShowcase } from '../bookables/bookable.showcase.js';
import type { TicketSeats } from '../bookables/ticket-events.js';
import type { Event } from '../events/event.entity.js';
import type { EventShowcase } from '../events/event.showcase.js';
import { AppError } from '../shared/errors.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { bookableDetail, bookableList, detailHref, eventDetail, eventList, type SnippetBookable, type SnippetContext, type SnippetEvent } from './snippet.render.js';

const toBookable = (bookable: Bookable, soldOut = false): SnippetBookable => ({
  id: bookable.id,
  type: bookable.type,
  title: bookable.title,
  description: bookable.description,
  location: bookable.location,
  imgUrl: bookable.imgUrl,
  flags: bookable.flags,
  isBookable: bookable.isBookable,
  autoCommitBooking: bookable.autoCommitBooking,
  priceType: bookable.priceType,
  priceValueAddedTax: bookable.priceValueAddedTax,
  priceCategories: bookable.priceCategories,
  attachments: bookable.attachments,
  soldOut,
});

const toEvent = (event: Event): SnippetEvent => ({ id: event.id, ...event.data() });

/** A type parameter: empty is every type, an unknown one is the caller's mistake (400). */
export function parseType(value: unknown): BookableType | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && (bookableTypes as readonly string[]).includes(value)) return value as BookableType;
  throw new AppError('generic.validation', { detail: `Unbekannter Typ. Erlaubt sind: ${bookableTypes.join(', ')}.`, fieldErrors: { type: 'Unbekannter Typ' } });
}

/** ids=a,b (or repeated): the listed ids; absent is null (no filter). */
export function parseIds(value: unknown): string[] | null {
  if (value === undefined) return null;
  const raw = Array.isArray(value) ? value.map(String) : [String(value)];
  const ids = raw.flatMap((entry) => entry.split(',')).map((id) => id.trim()).filter(Boolean);
  return ids.length > 0 ? ids : null;
}

/**
 * The HTML snippets of a tenant (public): object and event lists and details for the tenant's own
 * website, from public data only, through the public-only reads of the bookables and events domains.
 */
export class SnippetService {
  constructor(
    private readonly orm: MikroORM,
    private readonly publicUrl: string,
    private readonly bookableShowcase: BookableShowcase,
    private readonly eventShowcase: EventShowcase,
    private readonly seats: TicketSeats,
  ) {}

  async bookableList(tenantId: string, query: { type: BookableType | null; ids: string[] | null }): Promise<string> {
    const context = await this.context(tenantId, false);
    return bookableList(await this.withSeats(tenantId, await this.bookableShowcase.list(tenantId, query)), context);
  }

  async bookableDetail(tenantId: string, id: string): Promise<string> {
    const context = await this.context(tenantId, false);
    const bookable = await this.bookableShowcase.get(tenantId, id);
    // Ordered like relatedBookableIds; the object itself is not its own related object.
    const ids = bookable.relatedBookableIds.filter((relatedId) => relatedId !== bookable.id);
    const found = new Map((ids.length > 0 ? await this.bookableShowcase.list(tenantId, { ids }) : []).map((related) => [related.id, related]));
    const related = ids.map((relatedId) => found.get(relatedId)).filter((related): related is Bookable => related !== undefined);
    const [shown, ...shownRelated] = await this.withSeats(tenantId, [bookable, ...related]);
    return bookableDetail(shown, shownRelated, context);
  }

  async eventList(tenantId: string, query: { ids: string[] | null }): Promise<string> {
    const context = await this.context(tenantId, false);
    return eventList((await this.eventShowcase.list(tenantId, query)).map(toEvent), context);
  }

  async eventDetail(tenantId: string, id: string, signedIn: boolean): Promise<string> {
    const context = await this.context(tenantId, signedIn);
    const event = await this.eventShowcase.get(tenantId, id);
    const tickets = await this.bookableShowcase.list(tenantId, { type: 'ticket', eventId: event.id });
    return eventDetail(toEvent(event), await this.withSeats(tenantId, tickets), context);
  }

  /**
   * The address through which an event is reached and booked, also when it is not listed publicly
   * (attendees.publicEvent false): its detail page, the tenant's when configured, otherwise this
   * product's detail snippet. The event's random id (a UUID) is what makes it unguessable.
   */
  async eventLink(tenantId: string, eventId: string): Promise<string> {
    return detailHref('events', eventId, await this.context(tenantId, false));
  }

  /** eventLink of several events of the tenant, reading the tenant once (an events list). */
  async eventLinks(tenantId: string, eventIds: readonly string[]): Promise<Map<string, string>> {
    const context = await this.context(tenantId, false);
    return new Map(eventIds.map((eventId) => [eventId, detailHref('events', eventId, context)]));
  }

  /** The objects for the markup; tickets of an event without a seat left are marked sold out (each event asked once). */
  private async withSeats(tenantId: string, bookables: readonly Bookable[]): Promise<SnippetBookable[]> {
    const eventIds = [...new Set(bookables.map((bookable) => (bookable.type === 'ticket' ? bookable.eventId : null)).filter((id): id is string => Boolean(id)))];
    const seatsLeft = new Map(await Promise.all(eventIds.map(async (eventId) => [eventId, await this.seats.seatsLeftOfEvent(tenantId, eventId)] as const)));
    return bookables.map((bookable) => toBookable(bookable, bookable.type === 'ticket' && bookable.eventId ? seatsLeft.get(bookable.eventId) === 0 : false));
  }

  private async context(tenantId: string, withAttachments: boolean): Promise<SnippetContext> {
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: tenantId }, { fields: ['id', 'bookableDetailLink', 'eventDetailLink'] });
    if (!tenant) throw new AppError('generic.not-found', { detail: 'Der Mandant existiert nicht.' });
    return { publicUrl: this.publicUrl, tenantId: tenant.id, bookableDetailLink: tenant.bookableDetailLink, eventDetailLink: tenant.eventDetailLink, withAttachments };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    snippets: SnippetService;
  }
}
