import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { calendarFeedKinds, type CalendarFeedKind as Kind } from '../../../common/feeds/calendar-feed.js';

export const CalendarFeedKind = Object.fromEntries(calendarFeedKinds.map((kind) => [kind.toUpperCase(), kind])) as { [K in Kind as Uppercase<K>]: K };
registerEnumType(CalendarFeedKind, {
  name: 'CalendarFeedKind',
  description: 'What a calendar feed shows (docs/integrators.md, "Kalender-Abos").',
  valuesConfig: {
    STAFF: { description: 'Every booking with object, customer name, booking number and status.' },
    PUBLIC: { description: 'Only "Belegt" for the periods of one public object; nothing personal.' },
  },
});

@ObjectType('CalendarFeed', { description: 'A calendar subscription behind a secret URL. The URL is never readable again: only its first characters (prefix).' })
export class CalendarFeedType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => String) name!: string;
  @Field(() => CalendarFeedKind) kind!: Kind;
  @Field(() => ID, { nullable: true, description: 'Null: every object of the tenant.' }) bookableId!: string | null;
  @Field(() => String, { nullable: true, description: "The object's title; null for the whole tenant or a deleted object." }) bookableTitle!: string | null;
  @Field(() => String, { description: 'The first characters of the token, to recognise the feed.' }) prefix!: string;
  @Field(() => ID, { nullable: true, description: 'The id of the user who created the feed; null once that account was deleted.' }) createdBy!: string | null;
  @Field(() => String, { nullable: true, description: "The creator's name; null when the account no longer exists." }) createdByName!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When a calendar last fetched the feed (to the minute).' }) lastPolledAt!: Date | null;
}

@ObjectType({ description: 'A created calendar feed and its URL: the only time the URL is shown.' })
export class CreatedCalendarFeed {
  @Field(() => CalendarFeedType) feed!: CalendarFeedType;
  @Field(() => String, { description: 'The https URL of the feed (webcal:// with the same rest subscribes in most calendars). Shown only now; only a hash of its token is stored.' }) url!: string;
}
