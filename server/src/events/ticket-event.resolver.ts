import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { publicBookableRecord } from '../bookables/bookable.service.js';
import { BookableKind, PublicBookableType } from '../bookables/bookable.types.js';
import { BookingItemType, TicketEventType, ticketEventType } from '../bookings/booking.types.js';
import { loaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';

/** The event of a ticket on its public booking page. */
@Resolver()
export class TicketEventResolver {
  @Query(() => TicketEventType, {
    nullable: true,
    description: 'The event a ticket the viewer may see admits to: name, date and place (also of a non-public event). null: no ticket of an event. A bookable the viewer cannot see is NOT_FOUND.',
  })
  async ticketEvent(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookableId', () => ID) bookableId: string, @Ctx() context: GraphQLContext): Promise<TicketEventType | null> {
    const facts = await context.services.eventSeats.eventOfTicket(await context.viewer(), tenantId, bookableId);
    return facts ? ticketEventType(tenantId, facts) : null;
  }
}

/** The tickets of an event that anyone may book, for the choice of tickets on a ticket's booking page. */
@Resolver(() => TicketEventType)
export class TicketEventTicketsResolver {
  @FieldResolver(() => [PublicBookableType], {
    description: 'The tickets of the event anyone may see and book (public, not restricted to users or roles, bookable), in creation order: a family books several of them in one checkout.',
  })
  async tickets(@Root() event: TicketEventType, @Ctx() context: GraphQLContext): Promise<PublicBookableType[]> {
    const tickets = await context.services.bookables.publicTicketsOfEvent(event.tenantId, event.id);
    return tickets.map((ticket) => publicBookableRecord(ticket) as unknown as PublicBookableType);
  }
}

const KEY_SEPARATOR = ' ';

/** The events of booked tickets in bookings and checkout answers, read once per operation and tenant. */
@Resolver(() => BookingItemType)
export class BookingItemEventResolver {
  @FieldResolver(() => TicketEventType, {
    nullable: true,
    description: 'Tickets: the event the ticket admitted to when booked, as it is now (its date and place); null for other objects or when the event was deleted.',
  })
  async event(@Root() item: BookingItemType, @Ctx() context: GraphQLContext): Promise<TicketEventType | null> {
    const booked = item.bookable;
    if (booked.type !== BookableKind.ticket || !booked.eventId) return null;
    const loader = loaderOf<string, TicketEventFacts>(context, 'ticketEvents', async (keys) => {
      const byTenant = new Map<string, string[]>();
      for (const key of keys) {
        const [tenantId, eventId] = key.split(KEY_SEPARATOR);
        byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), eventId]);
      }
      const found = new Map<string, TicketEventFacts>();
      for (const [tenantId, eventIds] of byTenant) {
        for (const [eventId, facts] of await context.services.eventSeats.ticketEvents(tenantId, eventIds)) found.set(`${tenantId}${KEY_SEPARATOR}${eventId}`, facts);
      }
      return found;
    });
    const facts = await loader.load(`${item.tenantId}${KEY_SEPARATOR}${booked.eventId}`);
    return facts ? ticketEventType(item.tenantId, facts) : null;
  }
}
