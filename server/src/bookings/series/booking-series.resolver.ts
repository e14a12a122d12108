import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../../shared/graphql/auth.js';
import type { GraphQLContext } from '../../shared/graphql/context.js';
import { requireViewer } from '../../users/actor.js';
import { bookingSeriesChangeType, BookingSeriesChangeType, bookingSeriesType, BookingSeriesType, SeriesChangeInput, SeriesScopeType } from './booking-series.types.js';

/** Series bookings over GraphQL; the same service as REST api/{tenantId}/series. */
@Resolver()
export class BookingSeriesResolver {
  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingSeriesType, { description: 'A series of bookings with its rule and its dates, earliest first; GENERIC_NOT_FOUND for an unknown series, AUTH_FORBIDDEN when the viewer may read none of its bookings.' })
  async bookingSeries(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<BookingSeriesType> {
    return bookingSeriesType(await context.services.bookingSeries.view(await requireViewer(context), tenantId, id));
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingSeriesType, {
    description:
      'Cancels dates of a series, each as rejectBooking does (released ones "storniert", requests "abgelehnt"), in one transaction: FOLLOWING the date fromBookingId (a booking number of the series) and every later one, ALL every date; dates cancelled already or begun are left alone. The customer gets one mail naming the cancelled dates. GENERIC_NOT_FOUND for an unknown series, GENERIC_VALIDATION for FOLLOWING without fromBookingId or with a booking of another series, AUTH_FORBIDDEN without the update right on every date concerned.',
  })
  async cancelBookingSeries(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('scope', () => SeriesScopeType) scope: SeriesScopeType,
    @Arg('fromBookingId', () => ID, { nullable: true }) fromBookingId: string | null,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingSeriesType> {
    return bookingSeriesType(await context.services.bookingSeries.cancel(await requireViewer(context), tenantId, id, { scope, fromBookingId, reason }, 'graphql'));
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingSeriesType, {
    description:
      'Releases ("freigeben") every date of the series still waiting for its release, each as commitBooking does, in one transaction; the customer gets one mail naming the released dates. GENERIC_NOT_FOUND for an unknown series, AUTH_FORBIDDEN without the update right on every date.',
  })
  async commitBookingSeries(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<BookingSeriesType> {
    return bookingSeriesType(await context.services.bookingSeries.commit(await requireViewer(context), tenantId, id, 'graphql'));
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingSeriesType, {
    description:
      'Staff record the payment of a whole series received outside the platform with its method (as markBookingPaid): every date with a price that is neither paid, cancelled nor rejected is marked paid as markBookingPaid does, in one transaction. The customer gets one receipt of the series listing the released dates paid, with one mail; dates still waiting for their release get theirs at the release. Dates paid already stay as they are, so a second call changes nothing. BOOKING_SERIES_NOTHING_TO_PAY when no date has a price to pay (nothing is written), GENERIC_VALIDATION without a payment method, GENERIC_NOT_FOUND for an unknown series, AUTH_FORBIDDEN without the update right on every date.',
  })
  async markBookingSeriesPaid(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('paymentMethod', () => String) paymentMethod: string,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingSeriesType> {
    return bookingSeriesType(await context.services.bookingSeries.markPaid(await requireViewer(context), tenantId, id, { paymentMethod }, 'graphql'));
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingSeriesChangeType, {
    description:
      'Changes a series from the date fromBookingId on, in one transaction: its dates follow the new rule from the new first window. Dates still to come that the rule names at the same times stay; the others are cancelled as rejectBooking does; then every new date is checked like a date of a new series (taken, closed, holiday, horizon, limit) and the free ones are booked into the series with the objects, customer and payment way of the changed date. simulate: true answers the same without changing anything. The customer gets one mail naming the dates from the change on. BOOKING_SERIES_UNAVAILABLE with requireAll when a new date is not free, GENERIC_VALIDATION for a wrong rule, a date of another series, a date begun already or a first window before an earlier date that stays, GENERIC_NOT_FOUND for an unknown series, AUTH_FORBIDDEN without the update right on every date.',
  })
  async changeBookingSeries(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SeriesChangeInput) input: SeriesChangeInput,
    @Arg('simulate', () => Boolean, { nullable: true, defaultValue: false }) simulate: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingSeriesChangeType> {
    return bookingSeriesChangeType(await context.services.bookingSeries.change(await requireViewer(context), tenantId, id, input, { simulate, via: 'graphql' }));
  }
}
