import { Arg, Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { BookableKind } from '../bookables/bookable.types.js';
import type { GraphQLContext } from '../shared/graphql/context.js';

@ObjectType('PortalBookable', { description: 'A public object on the tenant booking page.' })
class PortalBookableType {
  @Field(() => ID) id!: string;
  @Field(() => BookableKind) type!: BookableKind;
  @Field(() => String) title!: string;
  @Field(() => String) location!: string;
  @Field(() => String, { description: 'Cover image link.' }) imgUrl!: string;
  @Field(() => Boolean, { description: 'Offered for booking (otherwise shown only).' }) isBookable!: boolean;
  @Field(() => Boolean, { description: 'Booked at once; otherwise the tenant releases each request.' }) autoCommitBooking!: boolean;
}

@ObjectType('PortalEvent', { description: 'An upcoming public event on the tenant booking page.' })
class PortalEventType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Date, { nullable: true }) startsAt!: Date | null;
  @Field(() => Date, { nullable: true }) endsAt!: Date | null;
  @Field(() => String, { description: 'The venue name.' }) locationName!: string;
  @Field(() => [PortalBookableType], { description: 'The public tickets that book the event.' }) tickets!: PortalBookableType[];
}

@ObjectType('BookingPortal', { description: 'What anyone may book at a tenant without signing in.' })
class BookingPortalType {
  @Field(() => ID) tenantId!: string;
  @Field(() => String) tenantName!: string;
  @Field(() => String) website!: string;
  @Field(() => [PortalBookableType], { description: 'Public objects (at most 200, newest first), without the tickets of listed events.' }) bookables!: PortalBookableType[];
  @Field(() => [PortalEventType], { description: 'Public events until a day after their end (at most 200, soonest first).' }) events!: PortalEventType[];
}

@Resolver()
export class BookingPortalResolver {
  @Query(() => BookingPortalType, { description: "The tenant's public booking page: public objects and upcoming public events, the same for everyone. NOT_FOUND for an unknown tenant." })
  async bookingPortal(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<BookingPortalType> {
    const portal = await context.services.bookingPortal.overview(tenantId);
    return { ...portal, bookables: portal.bookables.map(withKind), events: portal.events.map((event) => ({ ...event, tickets: event.tickets.map(withKind) })) };
  }
}

const withKind = <T extends { type: string }>(bookable: T) => ({ ...bookable, type: bookable.type as BookableKind });
