import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../../shared/graphql/auth.js';
import type { GraphQLContext } from '../../shared/graphql/context.js';
import { requireViewer } from '../../users/actor.js';
import { bookingSeriesType, BookingSeriesType } from './booking-series.types.js';

/** Series bookings over GraphQL; the same service as REST api/{tenantId}/series. */
@Resolver()
export class BookingSeriesResolver {
  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingSeriesType, { description: 'A series of bookings with its rule and its dates, earliest first; GENERIC_NOT_FOUND for an unknown series, AUTH_FORBIDDEN when the viewer may read none of its bookings.' })
  async bookingSeries(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<BookingSeriesType> {
    return bookingSeriesType(await context.services.bookingSeries.view(await requireViewer(context), tenantId, id));
  }
}
