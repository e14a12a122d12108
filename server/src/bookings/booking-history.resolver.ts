import { Arg, Ctx, Field, FieldResolver, ID, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { bookingHistoryQuerySchema } from '../../../common/bookings/history.js';
import { AppError } from '../shared/errors.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { tenantLoaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { parseInput } from '../shared/schema-input.js';
import { requireViewer } from '../users/actor.js';
import type { BookingHistoryEntry } from './booking-history.js';
import { BookingType } from './booking.types.js';

@ObjectType('BookingHistoryActor', { description: 'Who made a change: kind user, citizen, payment_provider, system (api_token reserved), with the id and name as they were then.' })
export class BookingHistoryActorType {
  @Field(() => String) kind!: string;
  @Field(() => String, { nullable: true, description: "The user's account, the payment provider; null for citizens and the system." }) id!: string | null;
  @Field(() => String) label!: string;
}

@ObjectType('BookingHistoryChange', { description: 'One changed field with its old and new value as JSON text ("true", "\\"2026-05-01T08:00:00.000Z\\"", "null").' })
export class BookingHistoryChangeType {
  @Field(() => String) field!: string;
  @Field(() => String) before!: string;
  @Field(() => String) after!: string;
}

@ObjectType('BookingHistoryEntry', { description: 'One entry of a booking history; entries are never changed.' })
export class BookingHistoryEntryType {
  @Field(() => ID) id!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String, { description: 'created, changed, released, rejected, cancelled, paid, workflow_moved, receipt_issued, invoice_issued, mail_sent, mail_failed, cancellation_requested, payment_notified, locker_updated, deleted, anonymised, refund_opened, refund_completed, refund_failed.' })
  action!: string;
  @Field(() => BookingHistoryActorType) actor!: BookingHistoryActorType;
  @Field(() => String, { description: 'The path of the change: graphql, rest, checkout, job, payment_callback.' }) via!: string;
  @Field(() => [BookingHistoryChangeType]) changes!: BookingHistoryChangeType[];
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType('BookingHistoryPage')
export class BookingHistoryPageType {
  @Field(() => [BookingHistoryEntryType], { description: 'Newest first.' }) entries!: BookingHistoryEntryType[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last.' }) nextCursor!: string | null;
}

const entryType = (entry: BookingHistoryEntry): BookingHistoryEntryType => ({
  ...entry,
  changes: entry.changes.map((change) => ({ field: change.field, before: JSON.stringify(change.before ?? null), after: JSON.stringify(change.after ?? null) })),
});

/** A booking's history: whoever may read the booking (BOOKING_READER on the booking itself), also once it is deleted. */
@Resolver(() => BookingType)
export class BookingHistoryResolver {
  @Auth(AuthRule.BOOKING_READER)
  @FieldResolver(() => BookingHistoryPageType, { description: 'What happened to the booking, who did it and how, newest first, one page at a time (first 1 to 100).' })
  async history(
    @Root() booking: BookingType,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingHistoryPageType> {
    const query = parseInput(bookingHistoryQuerySchema, { first, after });
    const viewer = await requireViewer(context);
    // A bookings page reads the histories of all its bookings together (one loader per page size and cursor).
    const histories = tenantLoaderOf(context, `bookingHistory ${query.first} ${query.after ?? ''}`, (tenantId, ids) => context.services.bookings.historyOfBookings(viewer, tenantId, ids, query));
    const page = (await histories.load(booking.tenantId, booking.id)) ?? (await context.services.bookings.history(viewer, booking.tenantId, booking.id, query));
    if (page instanceof AppError) throw page;
    return { entries: page.entries.map(entryType), nextCursor: page.nextCursor };
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingHistoryPageType, {
    description: "A booking's history by its number, also after the booking was deleted (its last entry is `deleted`, listing what the booking held). Whoever may read the booking; an unknown number: GENERIC_NOT_FOUND.",
  })
  async bookingHistory(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('bookingId', () => ID, { description: 'The booking number (XXXX-XXXX).' }) bookingId: string,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingHistoryPageType> {
    const query = parseInput(bookingHistoryQuerySchema, { first, after });
    const page = await context.services.bookings.history(await requireViewer(context), tenantId, bookingId, query);
    return { entries: page.entries.map(entryType), nextCursor: page.nextCursor };
  }
}
