import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { PageInfoType } from '../shared/graphql/page-info.js';

/**
 * The GraphQL shapes of events. Field names follow the event form (and the REST body), so both
 * APIs read and write the same object. Dates are "YYYY-MM-DD" (an ISO instant is read as its
 * Berlin date), times "HH:mm", Europe/Berlin.
 */

@ObjectType('EventInformation')
export class EventInformationType {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'Short description (plain text).' }) teaserText!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML).' }) description!: string;
  @Field(() => String, { nullable: true, description: 'Title image link.' }) teaserImage!: string | null;
  @Field(() => [String]) flags!: string[];
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) startDate!: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm.' }) startTime!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) endDate!: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm; without it the event lasts until the end of its end day.' }) endTime!: string | null;
}

@ObjectType('EventPriceCategory')
export class EventPriceCategoryType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Float, { description: 'Euros.' }) price!: number;
}

@ObjectType('EventAttendees')
export class EventAttendeesType {
  @Field(() => Boolean, { description: 'Bookable by anyone; otherwise reached through a special link.' }) publicEvent!: boolean;
  @Field(() => Boolean) needsRegistration!: boolean;
  @Field(() => Int, { nullable: true, description: 'Seats; empty is unlimited.' }) maxAttendees!: number | null;
  @Field(() => Boolean) free!: boolean;
  @Field(() => [EventPriceCategoryType]) priceCategories!: EventPriceCategoryType[];
}

@ObjectType('EventLocation')
export class EventLocationType {
  @Field(() => String) name!: string;
  @Field(() => String) phoneNumber!: string;
  @Field(() => String) emailAddress!: string;
  @Field(() => ID, { nullable: true, description: 'The chosen venue: an event-location bookable of the tenant.' }) select!: string | null;
  @Field(() => ID, { nullable: true, description: 'The chosen room: a room bookable of the tenant.' }) room!: string | null;
  @Field(() => String, { description: 'Link of hybrid and online events.' }) url!: string;
}

@ObjectType('EventAddress')
export class EventAddressType {
  @Field(() => String) street!: string;
  @Field(() => String) houseNumber!: string;
  @Field(() => String) additional!: string;
  @Field(() => String) city!: string;
  @Field(() => String, { description: 'Digits only.' }) zip!: string;
}

@ObjectType('EventSpeaker')
export class EventSpeakerType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) phoneNumber!: string;
  @Field(() => String) emailAddress!: string;
  @Field(() => String, { description: 'Photo link.' }) image!: string;
}

@ObjectType('EventOrganizer')
export class EventOrganizerType {
  @Field(() => String) name!: string;
  @Field(() => Boolean) addContactPerson!: boolean;
  @Field(() => String) contactPersonName!: string;
  @Field(() => String) contactPersonPhoneNumber!: string;
  @Field(() => String) contactPersonEmailAddress!: string;
  @Field(() => String, { description: 'Photo link.' }) contactPersonImage!: string;
  @Field(() => [EventSpeakerType]) speakers!: EventSpeakerType[];
}

@ObjectType('EventAgendaItem')
export class EventAgendaItemType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'HH:mm or empty.' }) time!: string;
  @Field(() => String) description!: string;
}

@ObjectType('EventAgendaDay', { description: 'One day of the agenda with its items.' })
export class EventAgendaDayType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'YYYY-MM-DD or empty.' }) date!: string;
  @Field(() => String, { description: 'HH:mm or empty.' }) time!: string;
  @Field(() => String) description!: string;
  @Field(() => [EventAgendaItemType]) schedules!: EventAgendaItemType[];
}

/** The fields the public may see; Event adds the owner. */
@ObjectType()
export class EventFields {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => Int, { description: '0 in person ("Präsenz"), 1 hybrid, 2 online.' }) format!: number;
  @Field(() => Boolean, { description: 'Visible to everyone; counts against the public-event quota.' }) isPublic!: boolean;
  @Field(() => String, { description: 'Entry codes of its tickets: "person" (one per person, the default) or "order" (one per booking).' }) ticketCodePer!: string;
  @Field(() => EventInformationType) information!: EventInformationType;
  @Field(() => EventAttendeesType) attendees!: EventAttendeesType;
  @Field(() => EventLocationType) eventLocation!: EventLocationType;
  @Field(() => EventAddressType) eventAddress!: EventAddressType;
  @Field(() => EventOrganizerType) eventOrganizer!: EventOrganizerType;
  @Field(() => [EventAgendaDayType], { description: 'The agenda.' }) schedules!: EventAgendaDayType[];
  @Field(() => [String], { description: 'Image links.' }) images!: string[];
  @Field(() => [String], { description: 'File links.' }) attachments!: string[];
  @Field(() => Date, { nullable: true, description: 'Start date and time as an instant (Europe/Berlin wall clock).' }) startsAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'End as an instant; without end time the end of the end day.' }) endsAt!: Date | null;
}

@ObjectType('PublicEvent', { description: 'An event as the public sees it: without its owner.' })
export class PublicEventType extends EventFields {}

@ObjectType('Event', { description: "A tenant's event as its staff see it." })
export class StaffEventType extends EventFields {
  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => String, { nullable: true, description: 'The creator; the "own" flags of manageBookables match on it.' })
  ownerUserId!: string | null;
}

@InputType()
export class EventInformationInput {
  @Field(() => String, { nullable: true, description: 'Required.' }) name?: string;
  @Field(() => String, { nullable: true }) teaserText?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) teaserImage?: string | null;
  @Field(() => [String], { nullable: true }) flags?: string[];
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, { nullable: true, description: 'Required. YYYY-MM-DD, or an ISO instant read as its Berlin date.' }) startDate?: string | null;
  @Field(() => String, { nullable: true, description: 'Required. HH:mm.' }) startTime?: string | null;
  @Field(() => String, { nullable: true }) endDate?: string | null;
  @Field(() => String, { nullable: true }) endTime?: string | null;
}

@InputType()
export class EventPriceCategoryInput {
  @Field(() => ID, { nullable: true, description: 'Generated when empty.' }) id?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Float, { nullable: true }) price?: number;
}

@InputType()
export class EventAttendeesInput {
  @Field(() => Boolean, { nullable: true }) publicEvent?: boolean;
  @Field(() => Boolean, { nullable: true }) needsRegistration?: boolean;
  @Field(() => Int, { nullable: true, description: 'Required when registration is needed; empty is unlimited.' }) maxAttendees?: number | null;
  @Field(() => Boolean, { nullable: true }) free?: boolean;
  @Field(() => [EventPriceCategoryInput], { nullable: true }) priceCategories?: EventPriceCategoryInput[];
}

@InputType()
export class EventLocationInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string;
  @Field(() => String, { nullable: true }) emailAddress?: string;
  @Field(() => ID, { nullable: true }) select?: string | null;
  @Field(() => ID, { nullable: true }) room?: string | null;
  @Field(() => String, { nullable: true }) url?: string;
}

@InputType()
export class EventAddressInput {
  @Field(() => String, { nullable: true }) street?: string;
  @Field(() => String, { nullable: true }) houseNumber?: string;
  @Field(() => String, { nullable: true }) additional?: string;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) zip?: string;
}

@InputType()
export class EventSpeakerInput {
  @Field(() => ID, { nullable: true, description: 'Generated when empty.' }) id?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string;
  @Field(() => String, { nullable: true }) emailAddress?: string;
  @Field(() => String, { nullable: true }) image?: string;
}

@InputType()
export class EventOrganizerInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Boolean, { nullable: true }) addContactPerson?: boolean;
  @Field(() => String, { nullable: true }) contactPersonName?: string;
  @Field(() => String, { nullable: true }) contactPersonPhoneNumber?: string;
  @Field(() => String, { nullable: true }) contactPersonEmailAddress?: string;
  @Field(() => String, { nullable: true }) contactPersonImage?: string;
  @Field(() => [EventSpeakerInput], { nullable: true }) speakers?: EventSpeakerInput[];
}

@InputType()
export class EventAgendaItemInput {
  @Field(() => ID, { nullable: true, description: 'Generated when empty.' }) id?: string;
  @Field(() => String, { nullable: true }) time?: string;
  @Field(() => String, { nullable: true }) description?: string;
}

@InputType()
export class EventAgendaDayInput {
  @Field(() => ID, { nullable: true, description: 'Generated when empty.' }) id?: string;
  @Field(() => String, { nullable: true }) date?: string;
  @Field(() => String, { nullable: true }) time?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => [EventAgendaItemInput], { nullable: true }) schedules?: EventAgendaItemInput[];
}

@InputType({ description: 'An event to create or update; on update absent sections and fields keep their values, sent lists replace the stored ones.' })
export class EventInput {
  @Field(() => Int, { nullable: true, description: '0 in person, 1 hybrid, 2 online.' }) format?: number;
  @Field(() => Boolean, { nullable: true, description: 'Only within the public-event quota, unless already public.' }) isPublic?: boolean;
  @Field(() => String, { nullable: true, description: '"person" (one entry code per person) or "order" (one per booking); absent keeps the stored value, "person" on create.' }) ticketCodePer?: string;
  @Field(() => EventInformationInput, { nullable: true }) information?: EventInformationInput;
  @Field(() => EventAttendeesInput, { nullable: true }) attendees?: EventAttendeesInput;
  @Field(() => EventLocationInput, { nullable: true }) eventLocation?: EventLocationInput;
  @Field(() => EventAddressInput, { nullable: true }) eventAddress?: EventAddressInput;
  @Field(() => EventOrganizerInput, { nullable: true }) eventOrganizer?: EventOrganizerInput;
  @Field(() => [EventAgendaDayInput], { nullable: true }) schedules?: EventAgendaDayInput[];
  @Field(() => [String], { nullable: true }) images?: string[];
  @Field(() => [String], { nullable: true }) attachments?: string[];
}

@ObjectType('EventPage', { description: 'One page of events paged by cursor (eventsPage).' })
export class EventPageType {
  @Field(() => [StaffEventType]) items!: StaffEventType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
}

@ObjectType('PublicEventPage', { description: 'One page of public events paged by cursor (publicEventsPage).' })
export class PublicEventPageType {
  @Field(() => [PublicEventType]) items!: PublicEventType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
}
