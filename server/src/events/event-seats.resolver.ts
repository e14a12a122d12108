import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { tenantLoaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { StaffEventType } from './event.types.js';

/** Seats of events for the public checkout page. */
@Resolver()
export class EventSeatsResolver {
  @Query(() => Int, {
    nullable: true,
    description:
      'Seats left of the event a public ticket admits to (all tickets of the event share its maxAttendees; rejected bookings free their seats). null: no limit, or no ticket of an event. A bookable the viewer cannot see is NOT_FOUND. A snapshot: the checkout decides.',
  })
  async ticketSeatsLeft(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookableId', () => ID) bookableId: string, @Ctx() context: GraphQLContext): Promise<number | null> {
    return context.services.eventSeats.seatsLeftForTicket(await context.viewer(), tenantId, bookableId);
  }
}

/** Seats already sold of an event, for its staff (the wizard warns before the limit falls below them). */
@Resolver(() => StaffEventType)
export class EventSeatsSoldResolver {
  @FieldResolver(() => Int, { description: 'Seats taken by bookings of its tickets that are not rejected; the seat limit may not fall below them.' })
  async seatsSold(@Root() event: StaffEventType, @Ctx() context: GraphQLContext): Promise<number> {
    const seatsSold = tenantLoaderOf(context, 'eventSeatsSold', (tenantId, eventIds) => context.services.eventSeats.seatsSoldOfEvents(tenantId, eventIds));
    return (await seatsSold.load(event.tenantId, event.id)) ?? 0;
  }
}
