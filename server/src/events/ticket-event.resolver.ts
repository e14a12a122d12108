import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { BookableKind } from '../bookables/bookable.types.js';
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
    return facts ? ticketEventType(facts) : null;
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
    return facts ? ticketEventType(facts) : null;
  }
}
