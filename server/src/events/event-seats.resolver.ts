import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../shared/graphql/context.js';

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
