import { filter, map, pipe } from '@graphql-yoga/subscription';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { AppError } from '../shared/errors.js';
import { clientIp } from '../shared/http/session.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { parseInput } from '../shared/schema-input.js';
import { selectedFields } from '../shared/graphql/selection.js';
import { can, canReadSome } from '../../../common/permissions/permissions.js';
import type { BookingChangedEvent } from '../shared/pubsub.js';
import type { Viewer } from '../users/viewer.service.js';
import type { Booking } from './booking.entity.js';
import type { BookingView } from './booking.model.js';
import { bookingView } from './booking.queries.js';
import { seriesCheckoutType } from './series/booking-series.types.js';
import { touchedSchedules, windowOf } from './booking.service.js';
import type { PublicBookingStatus } from './booking.model.js';
import { roomScheduleQuerySchema, roomScheduleWatchSchema } from '../../../common/bookings/booking-query.schema.js';
import { checkoutItemSchema, checkoutSchema } from '../../../common/bookings/checkout.schema.js';
import { bookingEditSchema } from '../../../common/bookings/booking-edit.schema.js';
import { bookingPageBounds, graphqlPagingSchema, pagingDetail, WHOLE_LIST_CAP, wholeListPageBounds } from '../../../common/validation/paging.js';
import {
  type BookingChangeAction,
  BookingCancellationRequestType,
  BookingChangeType,
  BookingInput,
  BookingObjectChoicePageType,
  BookingObjectChoiceType,
  BookingOverviewType,
  BookingPageType,
  BookingSortType,
  BookingStatusFilterType,
  BookingChargeFilterType,
  BookingType,
  bookingType,
  listCountOf,
  CheckoutInput,
  CheckoutResultType,
  OccupancySlotType,
  PublicBookingStatusType,
  RoomScheduleChangeType,
  RoomScheduleType,
  ScheduleSlotStatusType,
  summaryOf,
  ticketEventType,
  UnitPricesType,
} from './booking.types.js';


async function withStatuses(context: GraphQLContext, tenantId: string, bookings: (Booking | BookingView)[], withWorkflow = true): Promise<BookingType[]> {
  const views = bookings.map((booking) => ('key' in booking ? bookingView(booking) : booking));
  if (!withWorkflow) return views.map((view) => bookingType(view));
  const statuses = await context.services.workflows.statusesOf(tenantId, views.map((view) => view.id));
  return views.map((view) => bookingType(view, statuses.get(view.id) ?? null));
}

/** The public status as GraphQL answers it (publicBookingStatus and bookingStatusByToken). */
function publicStatusType(tenantId: string, status: PublicBookingStatus): PublicBookingStatusType {
  return {
    ...status,
    status: { ...status.status, activeStatus: status.status.activeStatus ?? null },
    timeBegin: status.timeBegin === null ? null : new Date(status.timeBegin),
    timeEnd: status.timeEnd === null ? null : new Date(status.timeEnd),
    timeCreated: new Date(status.timeCreated),
    events: status.events.map((facts) => ticketEventType(tenantId, facts)),
  };
}

/** Whether a change event concerns a booking the viewer may read. */
const maySee = (viewer: Viewer, event: BookingChangedEvent) =>
  can(viewer.permissions, viewer.user.id, 'read', 'manageBookings', { tenantId: event.tenantId, assignedUserId: event.assignedUserId });

/**
 * Bookings and checkout over GraphQL; the same services as REST api/{tenantId}/bookings and
 * api/{tenantId}/checkout. Staff operations name their rule in @auth and check the booking itself in
 * the service; checkout, the public status and the cancellation request are public.
 */
@Resolver()
export class BookingResolver {
  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingPageType, {
    description:
      'Bookings the viewer may read, newest first or in the order of sort: searched (all terms, each forgiving a typo), filtered by status, time window, payment date, charge, object and series, one page at a time (limit/offset, or first/after by cursor, stable while bookings are added).',
  })
  async bookings(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Whitespace-separated terms that must all match: a term matches when the booking number, customer name, company, address, mail, phone, coupon, comment or a booked title or the date of the begin (dd.mm.yyyy) contains it or (from four characters on, without digits) has a word similar to it despite a typo, or when it is part of the state or payment words the list shows (ausstehend, freigegeben, abgelehnt, storniert, bezahlt, the payment method or chosen provider).',
    })
    search: string | null,
    @Arg('sort', () => BookingSortType, { nullable: true, description: 'The order; NEWEST without. Not with updatedSince (GENERIC_VALIDATION). A cursor belongs to its order.' })
    sort: BookingSortType | null,
    @Arg('status', () => BookingStatusFilterType, { nullable: true }) status: BookingStatusFilterType | null,
    @Arg('from', () => Date, { nullable: true, description: 'Bookings ending after this instant.' }) from: Date | null,
    @Arg('to', () => Date, { nullable: true, description: 'Bookings beginning before this instant.' }) to: Date | null,
    @Arg('bookableId', () => ID, { nullable: true }) bookableId: string | null,
    @Arg('seriesId', () => ID, { nullable: true, description: 'Only the dates of this series (bookingSeries).' }) seriesId: string | null,
    @Arg('paidFrom', () => Date, { nullable: true, description: 'Bookings paid at or after this instant (inclusive).' }) paidFrom: Date | null,
    @Arg('paidTo', () => Date, { nullable: true, description: 'Bookings paid before this instant (exclusive).' }) paidTo: Date | null,
    @Arg('refundedFrom', () => Date, { nullable: true, description: 'Bookings with a refund paid back (COMPLETED) at or after this instant (inclusive).' }) refundedFrom: Date | null,
    @Arg('refundedTo', () => Date, { nullable: true, description: 'Bookings with a refund paid back (COMPLETED) before this instant (exclusive).' }) refundedTo: Date | null,
    @Arg('charge', () => BookingChargeFilterType, { nullable: true, description: 'Free bookings (nothing to pay) or those with something to pay.' }) charge: BookingChargeFilterType | null,
    @Arg('backlog', () => Boolean, { nullable: true, description: 'Only bookings without a place on the workflow board (the kanban backlog).' }) backlog: boolean | null,
    @Arg('limit', () => Int, { defaultValue: 50, description: '1 to 500; anything else is GENERIC_VALIDATION.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Rows to skip; not with after.' }) offset: number,
    @Arg('first', () => Int, { nullable: true, description: 'Page size 1 to 500 when paging by cursor (wins over limit).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: "pageInfo.endCursor of the page before: the page starts after that row, whatever was added meanwhile. A cursor of another order (another sort, or with or without updatedSince) is GENERIC_VALIDATION." })
    after: string | null,
    @Arg('updatedSince', () => Date, { nullable: true, description: 'Only bookings changed at or after this instant, ordered by (updatedAt, id) ascending, for synchronisation. Deleted bookings do not appear (see the booking.deleted webhook).' })
    updatedSince: Date | null,
    @Ctx() context: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<BookingPageType> {
    const paging = parseInput(graphqlPagingSchema(bookingPageBounds), { limit, offset, first, after }, { detail: pagingDetail });
    // Counting all matches, the booked objects whole and the workflow only when the query asks for them.
    const selected = selectedFields(info);
    const count = selected.has('total') ? 'exact' : selected.has('count') ? 'estimated' : 'none';
    const bookableFields = selectedFields(info, ['items', 'items', 'bookable']);
    const snapshots = [...bookableFields].some((field) => field !== 'id' && field !== 'title' && field !== '__typename');
    const page = await context.services.bookings.list(await requireViewer(context), tenantId, { search, sort, status, from, to, paidFrom, paidTo, refundedFrom, refundedTo, charge, bookableId, seriesId, backlog, updatedSince, paging }, { count, snapshots });
    return {
      ...page,
      count: listCountOf(page),
      items: await withStatuses(context, tenantId, page.items, selectedFields(info, ['items']).has('workflowStatus')),
    };
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => [BookingObjectChoiceType], {
    description: `Every object of the tenant by id, title and type, in creation order, at most the first ${WHOLE_LIST_CAP}, for staff who read bookings: the calendar's filter and the booking editor's picker. bookingObjectChoicePage pages and searches them.`,
  })
  async bookingObjectChoices(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<BookingObjectChoiceType[]> {
    return context.services.bookings.objectChoices(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingObjectChoicePageType, { description: 'The objects of bookingObjectChoices one page at a time, without its cap, found by title or location: for pickers that search as one types.' })
  async bookingObjectChoicePage(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('first', () => Int, { nullable: true, description: `Page size 1 to ${wholeListPageBounds.maxSize} (default ${wholeListPageBounds.defaultSize}).` }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before. A cursor of another list is GENERIC_VALIDATION.' }) after: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Words separated by spaces; each must occur in the title or the location (any case).' }) search: string | null,
    @Arg('ids', () => [ID], { nullable: true, description: 'Only these objects (a filter showing the title of its chosen one); unknown ids are left out.' }) ids: string[] | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingObjectChoicePageType> {
    const paging = parseInput(graphqlPagingSchema(wholeListPageBounds), { first, after }, { detail: pagingDetail });
    const page = await context.services.bookings.objectChoicePage(await requireViewer(context), tenantId, { search, ids, paging });
    return { items: page.bookables.map((bookable) => ({ id: bookable.id, title: bookable.title, type: bookable.type })), totalCount: page.totalCount, pageInfo: page.pageInfo };
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingOverviewType, { description: "The staff's start page: bookings waiting for release, today's and this week's, unpaid released ones, booked hours per week." })
  async bookingOverview(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('weeks', () => Int, { defaultValue: 6, description: 'Weeks of the occupancy chart, 1 to 12.' }) weeks: number,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingOverviewType> {
    return context.services.bookingOverview.overview(await requireViewer(context), tenantId, weeks);
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => BookingType, { description: 'One booking of the tenant with its status; GENERIC_NOT_FOUND when it does not exist, AUTH_FORBIDDEN when the viewer may not read it.' })
  async booking(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<BookingType> {
    const booking = await context.services.bookings.get(await requireViewer(context), tenantId, id);
    return (await withStatuses(context, tenantId, [booking]))[0];
  }

  @Query(() => CheckoutResultType, { description: 'The price and flags a checkout would have, without booking (checks every rule; nothing is stored or mailed).' })
  async checkoutPreview(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => CheckoutInput) input: CheckoutInput, @Ctx() context: GraphQLContext): Promise<CheckoutResultType> {
    const preview = await context.services.checkout.checkout(await context.viewer(), tenantId, parseInput(checkoutSchema, input), { simulate: true });
    return { ...summaryOf(preview), id: null, statusToken: null, series: preview.series ? seriesCheckoutType(preview.series) : null };
  }

  @Query(() => UnitPricesType, { description: 'Unit prices of one object for the window and coupon, after its checks (checkout/validateItem).' })
  async checkoutItemPrices(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('bookableId', () => ID) bookableId: string,
    @Arg('amount', () => Int, { defaultValue: 1 }) amount: number,
    @Arg('timeBegin', () => Date, { nullable: true }) timeBegin: Date | null,
    @Arg('timeEnd', () => Date, { nullable: true }) timeEnd: Date | null,
    @Arg('couponCode', () => String, { nullable: true }) couponCode: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<UnitPricesType> {
    return context.services.checkout.validateItem(await context.viewer(), tenantId, parseInput(checkoutItemSchema, { bookableId, amount, timeBegin, timeEnd, couponCode }));
  }

  @Query(() => Boolean, {
    description:
      'Whether the caller may book the object (checkout/permissions): true; AUTH_UNAUTHENTICATED while nobody is signed in and the object is restricted to named users or roles; AUTH_FORBIDDEN for a signed-in person who is not named; GENERIC_NOT_FOUND for an unknown object or one that is not public.',
  })
  async checkoutPermission(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookableId', () => ID) bookableId: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.checkout.permission(await context.viewer(), tenantId, bookableId);
    return true;
  }

  @Query(() => PublicBookingStatusType, { description: "The public status of a booking, with the booking's name; only where the tenant switched it on." })
  async publicBookingStatus(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('lastname', () => String) lastname: string,
    @Ctx() context: GraphQLContext,
  ): Promise<PublicBookingStatusType> {
    // Each execution (every alias of the field) is one attempt against the limit on name guesses.
    return publicStatusType(tenantId, await context.services.bookings.publicStatus(tenantId, id, lastname, { ip: clientIp(context.req) }));
  }

  @Query(() => PublicBookingStatusType, {
    description:
      "The public status of a booking by the status token its checkout answered, whatever the tenant's public-status setting (the token is the proof); GENERIC_NOT_FOUND for an unknown token. Wrong tokens count as guesses, limited per API token when the request carries one, otherwise per address.",
  })
  async bookingStatusByToken(@Arg('tenantId', () => ID) tenantId: string, @Arg('token', () => String) token: string, @Ctx() context: GraphQLContext): Promise<PublicBookingStatusType> {
    const apiTokenId = (await context.viewer())?.apiToken?.id;
    return publicStatusType(tenantId, await context.services.bookings.statusByToken(tenantId, token, { ip: clientIp(context.req), apiTokenId }));
  }

  @Auth(AuthRule.SCHEDULE_READER)
  @Query(() => [RoomScheduleType], {
    description:
      'The occupied slots of the objects (and their dependent objects) in the window [from, to) of at most 62 days, with their status and no personal data: for room displays. Objects not shown to the public only for staff who read bookings; others are GENERIC_NOT_FOUND.',
  })
  async roomSchedule(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('bookableIds', () => [ID], { description: '1 to 50 objects.' }) bookableIds: string[],
    @Arg('from', () => Date) from: Date,
    @Arg('to', () => Date) to: Date,
    @Ctx() context: GraphQLContext,
  ): Promise<RoomScheduleType[]> {
    const query = parseInput(roomScheduleQuerySchema, { ids: bookableIds, from, to });
    const schedules = await context.services.bookings.schedule(await context.viewer(), tenantId, query);
    return schedules.map((schedule) => ({
      ...schedule,
      slots: schedule.slots.map((slot) => ({ ...slot, status: ScheduleSlotStatusType[slot.status], timeBegin: new Date(slot.timeBegin), timeEnd: new Date(slot.timeEnd) })),
    }));
  }

  @Query(() => [OccupancySlotType], { description: 'When the objects (all of the tenant without ids) or their dependent objects are booked, in the window (default a month back to a year ahead).' })
  async bookingOccupancy(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('bookableIds', () => [ID], { nullable: true }) bookableIds: string[] | null,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Ctx() context: GraphQLContext,
  ): Promise<OccupancySlotType[]> {
    const slots = await context.services.bookings.occupancy(tenantId, bookableIds, windowOf(from, to));
    return slots.map((slot) => ({ ...slot, timeBegin: new Date(slot.timeBegin), timeEnd: new Date(slot.timeEnd) }));
  }

  @Mutation(() => CheckoutResultType, { description: 'Books: every checkout rule, no overbooking; BOOKING_BUSY asks to try again in a moment. Signed-in bookers are assigned to it.' })
  async checkout(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('input', () => CheckoutInput) input: CheckoutInput,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description: 'Sent again with every retry of this checkout (1 to 255 characters): within 24 hours a repeat answers the first booking and books nothing; with another input BOOKING_IDEMPOTENCY_KEY_REUSED.',
    })
    idempotencyKey: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<CheckoutResultType> {
    const stored = await context.services.checkout.checkout(await context.viewer(), tenantId, parseInput(checkoutSchema, input), { simulate: false, idempotencyKey });
    return { ...summaryOf(stored), id: stored.id, statusToken: 'statusToken' in stored ? stored.statusToken : null, series: stored.series ? seriesCheckoutType(stored.series) : null };
  }

  @Auth(AuthRule.BOOKING_WRITER)
  @Mutation(() => BookingType, { description: 'Staff create (no id; create right) or change (id; update right on it) a booking; a window that collides answers BOOKING_TIME_CONFLICT ("Zeitkonflikt").' })
  async saveBooking(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => BookingInput) input: BookingInput, @Ctx() context: GraphQLContext): Promise<BookingType> {
    const { booking } = await context.services.bookingEditor.save(await requireViewer(context), tenantId, parseInput(bookingEditSchema, input), 'graphql');
    return (await withStatuses(context, tenantId, [booking]))[0];
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingType, { description: 'Releases the booking ("freigeben"); mails the confirmation when nothing is to pay.' })
  async commitBooking(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<BookingType> {
    const viewer = await requireViewer(context);
    await context.services.bookingStatus.commit(viewer, tenantId, id, 'graphql');
    return this.booking(tenantId, id, context);
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingType, { description: 'Rejects (or, when released, cancels) the booking; the customer is mailed the reason.' })
  async rejectBooking(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingType> {
    await context.services.bookingStatus.reject(await requireViewer(context), tenantId, id, reason ?? '', 'graphql');
    return this.booking(tenantId, id, context);
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => BookingType, { description: 'Staff record a payment received outside the platform with its method (CASH, TRANSFER, …); the receipt and confirmation follow as after any payment. An already paid booking stays as it is.' })
  async markBookingPaid(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('paymentMethod', () => String) paymentMethod: string,
    @Ctx() context: GraphQLContext,
  ): Promise<BookingType> {
    await context.services.bookingStatus.markPaid(await requireViewer(context), tenantId, id, paymentMethod, 'graphql');
    return this.booking(tenantId, id, context);
  }

  @Auth(AuthRule.BOOKING_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes the booking (also when paid) and takes it off the workflow states.' })
  async deleteBooking(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.bookingStatus.remove(await requireViewer(context), tenantId, id, 'graphql');
    return true;
  }

  @Mutation(() => Boolean, { description: 'The customer asks to cancel: a confirmation link is mailed to the booking address; nothing changes until it is opened.' })
  async requestBookingCancellation(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.bookingStatus.requestReject(tenantId, id, reason ?? '', { ip: clientIp(context.req) }, 'graphql');
    return true;
  }

  @Query(() => BookingCancellationRequestType, { description: 'The pending cancellation behind a mailed link (valid for 7 days), for the confirmation page; BOOKING_HOOK_INVALID for an unknown, used or expired link.' })
  async bookingCancellationRequest(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Arg('hookId', () => ID) hookId: string, @Ctx() context: GraphQLContext): Promise<BookingCancellationRequestType> {
    return context.services.bookingStatus.cancellationRequest(tenantId, id, hookId);
  }

  @Mutation(() => Boolean, { description: "The confirmation page's button behind the mailed cancellation link: rejects the booking with the reason given in the request." })
  async confirmBookingCancellation(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('hookId', () => ID) hookId: string,
    @Arg('withFollowingDates', () => Boolean, { nullable: true, description: 'For a date of a series: cancel its later dates too (bookingCancellationRequest.followingDates), in one step with one mail.' })
    withFollowingDates: boolean | null,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.bookingStatus.releaseHook(tenantId, id, hookId, 'graphql', { withFollowingDates: withFollowingDates === true });
    return true;
  }

  @Auth(AuthRule.BOOKING_READER)
  @Subscription(() => BookingChangeType, {
    description: "Fires on every create, change, status change and delete of the tenant's bookings the viewer may read, on every server process.",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const viewer = await requireViewer(ctx);
      const tenantId = String((args as { tenantId: string }).tenantId);
      if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
      return pipe(
        ctx.services.pubSub.subscribe('BOOKING_CHANGED', tenantId),
        // Each event against the viewer of this moment (the socket's, read again after any change of
        // the session or rights): a right lost after subscribing lets nothing through.
        filter(async (event: BookingChangedEvent) => {
          const current = await ctx.viewer().catch(() => null);
          return current !== null && canReadSome(current.permissions, tenantId, 'manageBookings') && maySee(current, event);
        }),
      );
    },
  })
  async bookingChanged(@Arg('tenantId', () => ID) tenantId: string, @Root() event: BookingChangedEvent, @Ctx() context: GraphQLContext): Promise<BookingChangeType> {
    const change = { tenantId, id: event.id, action: event.action as BookingChangeAction };
    if (event.action === 'DELETED') return { ...change, booking: null };
    const viewer = await requireViewer(context);
    const booking = await context.services.bookings.get(viewer, tenantId, event.id).catch((error: unknown) => {
      // Deleted again in the meantime, or reassigned away from an "own"-only viewer.
      if (error instanceof AppError) return null;
      throw error;
    });
    return { ...change, booking: booking ? (await withStatuses(context, tenantId, [booking]))[0] : null };
  }

  @Auth(AuthRule.SCHEDULE_READER)
  @Subscription(() => RoomScheduleChangeType, {
    description:
      'Fires when a booking touching one of the objects (or their dependent objects) is created, changed or deleted, on every server process; names the booking and the touched objects, nothing personal. Objects as for roomSchedule.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const tenantId = String((args as { tenantId: string }).tenantId);
      const { ids } = parseInput(roomScheduleWatchSchema, { ids: (args as { bookableIds: unknown }).bookableIds });
      const families = await ctx.services.bookings.scheduleFamilies(await ctx.viewer(), tenantId, ids);
      const staffOnly = families.some((family) => family.staffOnly);
      return pipe(
        ctx.services.pubSub.subscribe('BOOKING_CHANGED', tenantId),
        map((event: BookingChangedEvent): RoomScheduleChangeType => ({ tenantId, bookingId: event.id, action: event.action as BookingChangeAction, bookableIds: touchedSchedules(families, event.bookableIds) })),
        // Objects hidden from the public stay watched only while the viewer of this moment still reads the tenant's bookings.
        filter(async (change: RoomScheduleChangeType) => {
          if (change.bookableIds.length === 0) return false;
          if (!staffOnly) return true;
          const current = await ctx.viewer().catch(() => null);
          return current !== null && canReadSome(current.permissions, tenantId, 'manageBookings');
        }),
      );
    },
  })
  roomScheduleChanged(
    @Arg('tenantId', () => ID) _tenantId: string,
    @Arg('bookableIds', () => [ID], { description: '1 to 50 objects.' }) _bookableIds: string[],
    @Root() change: RoomScheduleChangeType,
  ): RoomScheduleChangeType {
    return change;
  }
}


