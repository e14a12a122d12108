import { Arg, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { BOOKINGS_LINK_LIFETIME_HOURS, type MyBookingPeriod, myBookingPageBounds } from '../../../common/bookings/my-bookings.schema.js';
import { graphqlPagingSchema, pagingDetail } from '../../../common/validation/paging.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { PageInfoType } from '../shared/graphql/page-info.js';
import { clientIp } from '../shared/http/session.js';
import { parseInput } from '../shared/schema-input.js';
import { requireViewer } from '../users/actor.js';
import type { MyBookingState } from './my-bookings.js';

export enum MyBookingPeriodType {
  UPCOMING = 'UPCOMING',
  PAST = 'PAST',
}
registerEnumType(MyBookingPeriodType, { name: 'MyBookingPeriod', description: 'UPCOMING: bookings not yet over, the soonest first; PAST: those over, the latest first.' });

export enum MyBookingStateType {
  PENDING = 'PENDING',
  RELEASED = 'RELEASED',
  REJECTED = 'REJECTED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(MyBookingStateType, { name: 'MyBookingState', description: 'PENDING: waiting for release; RELEASED; REJECTED before release; CANCELLED after it.' });

@ObjectType('MyBookingObject', { description: 'A booked object as the booking names it.' })
export class MyBookingObjectType {
  @Field(() => String) title!: string;
  @Field(() => Int) amount!: number;
}

@ObjectType('MyBookingDocument', { description: 'A receipt or an invoice of the booking.' })
export class MyBookingDocumentType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'receipt or invoice.' }) kind!: string;
  @Field(() => String) number!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { description: 'The PDF: with the booker\'s session, or for a guest (myBookingsByLink) with the link\'s token in the X-Bookings-Link-Token header.' }) downloadUrl!: string;
}

@ObjectType('MyBooking', { description: "One of the signed-in person's own bookings, in any tenant." })
export class MyBookingType {
  @Field(() => ID) tenantId!: string;
  @Field(() => String) tenantName!: string;
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: "The booked times; for tickets their event's." }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => [MyBookingObjectType]) objects!: MyBookingObjectType[];
  @Field(() => Float, { description: 'Gross, in euros.' }) priceEur!: number;
  @Field(() => MyBookingStateType) state!: MyBookingState;
  @Field(() => Boolean) isPayed!: boolean;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field(() => String, { description: 'How it was paid, once known (CASH, TRANSFER, …); empty before.' }) paymentMethod!: string;
  @Field(() => String, { nullable: true, description: 'The payment chosen at checkout (invoice, testPayment, giroCockpit, pmPayment).' }) paymentProvider!: string | null;
  @Field(() => [MyBookingDocumentType], { description: 'Receipts and invoices, oldest first.' }) documents!: MyBookingDocumentType[];
  @Field(() => Boolean, { description: 'Released, unpaid, with something to pay and an online payment chosen: POST /api/{tenantId}/payments {bookingId} starts it.' })
  mayPay!: boolean;
}

@ObjectType('MyBookingPage', { description: "A page of the signed-in person's own bookings." })
export class MyBookingPageType {
  @Field(() => [MyBookingType]) items!: MyBookingType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
}

/** "Meine Buchungen" over GraphQL; REST GET /api/account/bookings reads the same service. */
@Resolver()
export class MyBookingsResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => MyBookingPageType, {
    description:
      "The signed-in person's own bookings across all tenants (those assigned to the account: booked while signed in, or given to it by staff), a page by cursor (first 1 to 100, 20 without). API tokens have no account of their own and are refused.",
  })
  async myBookings(
    @Arg('period', () => MyBookingPeriodType, { defaultValue: MyBookingPeriodType.UPCOMING }) period: MyBookingPeriod,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before (of the same period).' }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<MyBookingPageType> {
    const paging = parseInput(graphqlPagingSchema(myBookingPageBounds), { first, after }, { detail: pagingDetail });
    const page = await context.services.myBookings.page(await requireViewer(context), { period, paging });
    return { pageInfo: page.pageInfo, items: page.items.map((item) => ({ ...item, documents: [...item.documents] })) };
  }
}

/**
 * "Meine Buchungen" for guests and the takeover of guest bookings: a link mailed to the address a
 * booking was made with shows that address's bookings; a verified account takes over those of its
 * address. REST POST /api/account/bookings/link, GET /api/account/bookings with the link's token in
 * X-Bookings-Link-Token and POST /api/account/bookings/claim call the same service.
 */
@Resolver()
export class GuestBookingsResolver {
  @Mutation(() => Boolean, {
    description: `Mails a link to "Meine Buchungen" (valid ${BOOKINGS_LINK_LIFETIME_HOURS} hours) to the address if any tenant holds a booking made with it. Always true for a well-formed address, known or not; the mail is sent by a job. Counted per IP address and per mail address (AUTH_RATE_LIMITED).`,
  })
  async requestMyBookingsLink(@Arg('mail', () => String) mail: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.guestBookingLinks.request({ mail }, { ip: clientIp(context.req) });
    return true;
  }

  @Query(() => MyBookingPageType, {
    description:
      'The bookings made with the address of a mailed "Meine Buchungen" link, across all tenants, a page by cursor as myBookings. Each try counts as a guess per IP address; MY_BOOKINGS_LINK_INVALID for an unknown, forged or expired token. Documents download with the token in the X-Bookings-Link-Token header.',
  })
  async myBookingsByLink(
    @Arg('token', () => String, { description: 'The token of the mailed link (after # in its address).' }) token: string,
    @Arg('period', () => MyBookingPeriodType, { defaultValue: MyBookingPeriodType.UPCOMING }) period: MyBookingPeriod,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before (of the same period).' }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<MyBookingPageType> {
    const paging = parseInput(graphqlPagingSchema(myBookingPageBounds), { first, after }, { detail: pagingDetail });
    const page = await context.services.myBookings.pageByLink(token, { period, paging }, { ip: clientIp(context.req) });
    return { pageInfo: page.pageInfo, items: page.items.map((item) => ({ ...item, documents: [...item.documents] })) };
  }

  @Auth(AuthRule.ACCOUNT_HOLDER)
  @Mutation(() => Int, {
    description:
      'Takes over into the account the bookings made as a guest with its own address (in any case) that no account holds, in every tenant; answers how many. Only for a verified address (MY_BOOKINGS_ADDRESS_UNVERIFIED otherwise).',
  })
  async claimGuestBookings(@Ctx() context: GraphQLContext): Promise<number> {
    return context.services.myBookings.claimGuestBookings(await requireViewer(context), 'graphql');
  }
}
