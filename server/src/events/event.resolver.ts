import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { BookingPageType, bookingType, listCountOf } from '../bookings/booking.types.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { presentFields } from '../shared/graphql/input.js';
import { requireViewer } from '../users/actor.js';
import type { Event } from './event.entity.js';
import { eventRecord, publicEventRecord, type EventListQuery } from './event.service.js';
import { EventInput, EventPageType, PublicEventPageType, PublicEventType, StaffEventType } from './event.types.js';
import { parseInput } from '../shared/schema-input.js';
import { bookingPageBounds, eventPageBounds, graphqlPagingSchema, pagingDetail } from '../../../common/validation/paging.js';

const instants = (event: Event) => ({ startsAt: event.startsAt ?? null, endsAt: event.endsAt ?? null });
const staff = (event: Event) => ({ ...eventRecord(event), ...instants(event) }) as StaffEventType;
/** The public view leaves the owner out, so it cannot be selected by accident. */
const publicView = (event: Event) => ({ ...publicEventRecord(event), ...instants(event) }) as PublicEventType;

/** Nested input objects arrive as class instances; the service reads plain records. */
const plain = (input: object): Record<string, unknown> => JSON.parse(JSON.stringify(presentFields(input))) as Record<string, unknown>;

/** The offset lists' query: limit and offset refused out of range (GENERIC_VALIDATION naming them), never clamped. */
const listQuery = (tags: string[] | null, includePast: boolean, limit: number, offset: number): EventListQuery => ({
  tags,
  includePast,
  paging: parseInput(graphqlPagingSchema(eventPageBounds), { limit, offset, first: null, after: null }, { detail: pagingDetail }),
});

/** The cursor lists' query: first and after, optionally updatedSince. */
const pageQuery = (tags: string[] | null, includePast: boolean, updatedSince: Date | null, first: number | null, after: string | null): EventListQuery => ({
  tags,
  includePast,
  updatedSince,
  paging: parseInput(graphqlPagingSchema(eventPageBounds), { limit: null, offset: null, first, after }, { detail: pagingDetail }),
});

const FIRST_DESCRIPTION = 'Page size 1 to 500 (default 100).';
const AFTER_DESCRIPTION = 'pageInfo.endCursor of the page before; the page starts after that event, whatever was added meanwhile. A cursor of another order is GENERIC_VALIDATION.';
const UPDATED_SINCE_DESCRIPTION = 'Only events changed at or after this instant, ordered by (updatedAt, id) ascending, for synchronisation. Deleted events do not appear (see the event.deleted webhook).';

/**
 * Events over GraphQL; the same service as REST api/{tenantId}/events. Events belong to the
 * manageBookables area (the same flags and ownership as bookables); the public operations show
 * public events and those the viewer may read, without the owner.
 */
@Resolver()
export class EventResolver {
  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => [StaffEventType], { description: "The tenant's events the viewer may read (readAny, or readOwn on his own), newest start first; carrying ALL given tags. Paged by cursor: eventsPage." })
  async events(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Arg('includePast', () => Boolean, { defaultValue: true, description: 'false leaves out events that are over.' }) includePast: boolean,
    @Arg('limit', () => Int, { defaultValue: 100, description: '1 to 500; anything else is GENERIC_VALIDATION.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Ctx() context: GraphQLContext,
  ): Promise<StaffEventType[]> {
    return (await context.services.events.list(await requireViewer(context), tenantId, listQuery(tags, includePast, limit, offset))).events.map(staff);
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => EventPageType, { description: 'The events list (see events) paged by cursor: first/after, stable while events are added; with updatedSince the changed ones, oldest change first.' })
  async eventsPage(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Arg('includePast', () => Boolean, { defaultValue: true, description: 'false leaves out events that are over.' }) includePast: boolean,
    @Arg('updatedSince', () => Date, { nullable: true, description: UPDATED_SINCE_DESCRIPTION }) updatedSince: Date | null,
    @Arg('first', () => Int, { nullable: true, description: FIRST_DESCRIPTION }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: AFTER_DESCRIPTION }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<EventPageType> {
    const page = await context.services.events.list(await requireViewer(context), tenantId, pageQuery(tags, includePast, updatedSince, first, after));
    return { items: page.events.map(staff), pageInfo: page.pageInfo };
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => StaffEventType, { description: 'One event of the tenant with its administration fields; GENERIC_NOT_FOUND when it does not exist, AUTH_FORBIDDEN when the viewer may not read it.' })
  async event(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<StaffEventType> {
    return staff(await context.services.events.get(await requireViewer(context), tenantId, id));
  }

  @Query(() => [PublicEventType], { description: 'Public events, and those the signed-in viewer may read; newest start first, carrying ALL given tags. Paged by cursor: publicEventsPage.' })
  async publicEvents(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Arg('includePast', () => Boolean, { defaultValue: true }) includePast: boolean,
    @Arg('limit', () => Int, { defaultValue: 100, description: '1 to 500; anything else is GENERIC_VALIDATION.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Ctx() context: GraphQLContext,
  ): Promise<PublicEventType[]> {
    return (await context.services.events.publicList(await context.viewer(), tenantId, listQuery(tags, includePast, limit, offset))).events.map(publicView);
  }

  @Query(() => PublicEventPageType, { description: 'The public events list (see publicEvents) paged by cursor: first/after, stable while events are added; with updatedSince the changed ones, oldest change first.' })
  async publicEventsPage(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Arg('includePast', () => Boolean, { defaultValue: true }) includePast: boolean,
    @Arg('updatedSince', () => Date, { nullable: true, description: UPDATED_SINCE_DESCRIPTION }) updatedSince: Date | null,
    @Arg('first', () => Int, { nullable: true, description: FIRST_DESCRIPTION }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: AFTER_DESCRIPTION }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<PublicEventPageType> {
    const page = await context.services.events.publicList(await context.viewer(), tenantId, pageQuery(tags, includePast, updatedSince, first, after));
    return { items: page.events.map(publicView), pageInfo: page.pageInfo };
  }

  @Query(() => PublicEventType, { description: 'A public event, or one the viewer may read; otherwise NOT_FOUND.' })
  async publicEvent(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<PublicEventType> {
    return publicView(await context.services.events.publicGet(await context.viewer(), tenantId, id));
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => [String], { description: "Distinct tags of the tenant's events, first-seen order." })
  async eventTags(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<string[]> {
    return context.services.events.tags(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.BOOKABLE_EDITOR)
  @Query(() => Boolean, { description: 'Whether one more public event fits the quota of the instance (count/check); false shows the quota banner.' })
  async eventPublicQuotaAvailable(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    return context.services.events.mayAddPublic(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingPageType, { description: 'Bookings containing a ticket of the event that the viewer may read (readAny, or readOwn: assigned to him), newest first.' })
  async eventBookings(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('limit', () => Int, { defaultValue: 50, description: '1 to 500; anything else is GENERIC_VALIDATION.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Rows to skip; not with after.' }) offset: number,
    @Arg('first', () => Int, { nullable: true, description: 'Page size 1 to 500 when paging by cursor (wins over limit).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before; the page starts after that booking, whatever was added meanwhile.' }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingPageType> {
    const paging = parseInput(graphqlPagingSchema(bookingPageBounds), { limit, offset, first, after }, { detail: pagingDetail });
    const page = await context.services.events.bookingsOf(await requireViewer(context), tenantId, id, { paging });
    return { ...page, count: listCountOf(page), items: page.items.map((view) => bookingType(view)) };
  }

  @Auth(AuthRule.BOOKABLE_CREATOR)
  @Mutation(() => StaffEventType, {
    description:
      'Creates an event (manageBookables.create); public only within the quota (EVENT_QUOTA_REACHED). withTickets also creates its unlimited tickets: one per price category at its price (one free ticket without categories); later changes to the categories leave the tickets as they are.',
  })
  async createEvent(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('input', () => EventInput) input: EventInput,
    @Arg('withTickets', () => Boolean, { defaultValue: false }) withTickets: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<StaffEventType> {
    return staff(await context.services.events.create(await requireViewer(context), tenantId, plain(input), { withTickets }));
  }

  @Auth(AuthRule.BOOKABLE_UPDATER)
  @Mutation(() => StaffEventType, { description: 'Updates an event (updateAny, or updateOwn on an own one); absent sections and fields keep their values.' })
  async updateEvent(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => EventInput) input: EventInput,
    @Ctx() context: GraphQLContext,
  ): Promise<StaffEventType> {
    return staff(await context.services.events.update(await requireViewer(context), tenantId, id, plain(input)));
  }

  @Auth(AuthRule.BOOKABLE_CREATOR)
  @Mutation(() => StaffEventType, { description: 'Copies an event with " (Kopie)" appended and new ids (read and create rights); public only while the quota has room.' })
  async duplicateEvent(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<StaffEventType> {
    return staff(await context.services.events.duplicate(await requireViewer(context), tenantId, id));
  }

  @Auth(AuthRule.BOOKABLE_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes an event (deleteAny, or deleteOwn on an own one); its tickets stay.' })
  async deleteEvent(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.events.remove(await requireViewer(context), tenantId, id);
    return true;
  }
}
