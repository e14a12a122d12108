import { Arg, Ctx, Field, Float, FieldResolver, ID, Int, Mutation, ObjectType, registerEnumType, Resolver, Root } from 'type-graphql';
import type { StaffDecisionReason } from '../../../common/bookables/cancellation-policy.js';
import { CancellationTierType } from '../bookables/bookable.types.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { tenantLoaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { clientIp } from '../shared/http/session.js';
import { requireViewer } from '../users/actor.js';
import type { CancellationAnswer, CancellationOutcome } from './booking-cancellation.js';
import type { BookingRefundView, RefundState } from './booking-refunds.js';
import { BookingType } from './booking.types.js';
import type { MyBookingState } from './my-bookings.js';
import { MyBookingStateType } from './my-bookings.resolver.js';

export enum RefundStateType {
  OPEN = 'OPEN',
  COMPLETED = 'COMPLETED',
  FAILED = 'FAILED',
}
registerEnumType(RefundStateType, { name: 'RefundState', description: 'OPEN: to be paid back (by the staff, or online once the job runs); COMPLETED; FAILED: the online refund failed and is retried.' });

export enum CancellationOutcomeType {
  CANCELLED = 'CANCELLED',
  REQUESTED = 'REQUESTED',
}
registerEnumType(CancellationOutcomeType, { name: 'CancellationOutcome', description: 'CANCELLED at once under the policy; REQUESTED: the staff decide, a confirmation link was mailed (as before policies).' });

export enum StaffDecisionReasonType {
  NOT_ALLOWED = 'NOT_ALLOWED',
  BEGUN = 'BEGUN',
  NO_START = 'NO_START',
  POLICIES_DIFFER = 'POLICIES_DIFFER',
}
registerEnumType(StaffDecisionReasonType, {
  name: 'StaffDecisionReason',
  description: 'Why the staff decide: the policy does not let citizens cancel, the booking has begun, it has no start, or its objects have different policies.',
});

@ObjectType('BookingRefund', { description: "Money given back after a citizen's cancellation: one per cancellation with a refund > 0." })
export class BookingRefundType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => ID, { description: 'The booking number.' }) bookingId!: string;
  @Field(() => Int) amountCents!: number;
  @Field(() => String, { description: "The citizen's reason for the cancellation." }) reason!: string;
  @Field(() => String, { description: 'How it goes back: the provider that refunds online (testPayment), else how it was paid (CASH, TRANSFER, invoice, giroCockpit, …).' }) way!: string;
  @Field(() => Boolean, { description: 'Executed online by the job queue; otherwise the staff pay it back and complete it (completeRefund).' }) online!: boolean;
  @Field(() => RefundStateType) state!: RefundState;
  @Field(() => String, { nullable: true, description: 'Why the last online attempt failed.' }) failure!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) completedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The staff member or provider that completed it.' }) completedBy!: string | null;
}

@ObjectType('CancellationRefund', { description: 'What the cancellation gives back under the policy, or that the staff decide.' })
export class CancellationRefundType {
  @Field(() => Boolean) staffDecides!: boolean;
  @Field(() => StaffDecisionReasonType, { nullable: true }) staffReason!: StaffDecisionReason | null;
  @Field(() => String, { description: 'The answer in one German sentence.' }) note!: string;
  @Field(() => CancellationTierType, { nullable: true, description: 'The tier applied; null when none applies (nothing back) or the staff decide.' }) tier!: CancellationTierType | null;
  @Field(() => Int, { nullable: true, description: 'Calendar days (Europe/Berlin) from the cancellation to the start.' }) daysBefore!: number | null;
  @Field(() => Int) paidCents!: number;
  @Field(() => Int) feeCents!: number;
  @Field(() => Int) refundCents!: number;
  @Field(() => BookingRefundType, { nullable: true, description: 'The refund this cancellation recorded; null when simulated, requested or nothing comes back.' }) record!: BookingRefundView | null;
}

@ObjectType('CancelledBooking', { description: 'The booking after cancelMyBooking, as its owner reads it.' })
export class CancelledBookingType {
  @Field(() => ID) tenantId!: string;
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field(() => MyBookingStateType) state!: MyBookingState;
  @Field(() => Boolean) isPayed!: boolean;
  @Field(() => Float) priceEur!: number;
  @Field(() => Date, { nullable: true }) cancelledAt!: Date | null;
  @Field(() => [BookingRefundType]) refunds!: BookingRefundView[];
}

@ObjectType('BookingCancellation')
export class BookingCancellationType {
  @Field(() => CancellationOutcomeType) outcome!: CancellationOutcome;
  @Field(() => Boolean, { description: 'Only asked (simulate): nothing was changed.' }) simulated!: boolean;
  @Field(() => CancelledBookingType) booking!: CancelledBookingType;
  @Field(() => CancellationRefundType) refund!: CancellationRefundType;
}

const cancellationType = (answer: CancellationAnswer): BookingCancellationType => answer;

/** Citizens cancelling their own bookings under the objects' policies, the refunds and their completion by the staff. */
@Resolver(() => BookingType)
export class BookingCancellationResolver {
  @Mutation(() => BookingCancellationType, {
    description:
      "A citizen cancels their own booking: the account it is assigned to, or with the status token its checkout answered (statusToken). Under the objects' cancellation policy it is cancelled at once (a refund > 0 recorded), otherwise it becomes a cancellation request as before. simulate: only answers, changes nothing. Another's booking or a wrong token: BOOKING_NOT_YOURS; cancelled already: BOOKING_ALREADY_CANCELLED.",
  })
  async cancelMyBooking(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID, { description: 'The booking number.' }) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Arg('simulate', () => Boolean, { nullable: true }) simulate: boolean | null,
    @Arg('statusToken', () => String, { nullable: true, description: 'The checkout\'s status token, for a booking made without an account.' }) statusToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingCancellationType> {
    const viewer = await context.viewer();
    const answer = await context.services.bookingCancellation.cancel(
      { viewer, statusToken, asker: { ip: clientIp(context.req), apiTokenId: viewer?.apiToken?.id } },
      tenantId,
      id,
      { reason: reason ?? '', simulate: simulate ?? false },
      'graphql',
    );
    return cancellationType(answer);
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingRefundType, { description: 'The staff paid a refund back (or completed a failed online one by hand): COMPLETED, in the history. REFUND_ALREADY_COMPLETED when it is.' })
  async completeRefund(@Arg('tenantId', () => ID) tenantId: string, @Arg('refundId', () => ID) refundId: string, @Ctx() context: GraphQLContext): Promise<BookingRefundView> {
    return context.services.bookingRefunds.complete(await requireViewer(context), tenantId, refundId, 'graphql');
  }

  @Auth(AuthRule.BOOKING_READER)
  @FieldResolver(() => [BookingRefundType], { description: "Refunds of citizens' cancellations, oldest first." })
  async refunds(@Root() booking: BookingType, @Ctx() context: GraphQLContext): Promise<BookingRefundView[]> {
    // A bookings page reads the refunds of all its bookings together.
    const loader = tenantLoaderOf(context, 'bookingRefunds', (tenantId, ids) => context.services.bookingRefunds.ofBookings(tenantId, ids));
    return (await loader.load(booking.tenantId, booking.id)) ?? [];
  }
}
