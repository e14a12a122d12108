import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';
import { CalendarFeedType, CreatedCalendarFeed } from './calendar-feed.types.js';

/** Calendar feeds over GraphQL; the feeds themselves are served under /ical/<token>.ics. */
@Resolver()
export class CalendarFeedResolver {
  @Auth(AuthRule.CALENDAR_FEED_MANAGER)
  @Query(() => [CalendarFeedType], { description: "The tenant's live calendar feeds, newest first." })
  async calendarFeeds(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<CalendarFeedType[]> {
    return context.services.calendarFeeds.list(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.CALENDAR_FEED_MANAGER)
  @Mutation(() => CreatedCalendarFeed, {
    description:
      'Creates a calendar feed; the answer holds its URL, which is never shown again. personal: with customer data (needs reading every booking), of one object or (bookableId null) the whole tenant; otherwise the busy times of one public object.',
  })
  async createCalendarFeed(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('bookableId', () => ID, { nullable: true }) bookableId: string | null,
    @Arg('personal', () => Boolean) personal: boolean,
    @Arg('name', () => String) name: string,
    @Ctx() context: GraphQLContext,
  ): Promise<CreatedCalendarFeed> {
    return context.services.calendarFeeds.create(await requireViewer(context), tenantId, { bookableId: bookableId ?? null, personal, name });
  }

  @Auth(AuthRule.CALENDAR_FEED_MANAGER)
  @Mutation(() => CalendarFeedType, { description: 'Revokes a calendar feed at once; its URL answers 404 from now on.' })
  async revokeCalendarFeed(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<CalendarFeedType> {
    return context.services.calendarFeeds.revoke(await requireViewer(context), id);
  }
}
