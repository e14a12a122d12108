/**
 * The shapes of an event as plain TypeScript: the entity stores them,
 * the rules compute with them, REST and GraphQL show them. Field names follow the event form, so a
 * client written for the original product sends and reads the same object. No Node imports.
 */

/** 0 in person ("Präsenz"), 1 hybrid, 2 online. */
import type { EventFormat, TicketCodePer } from '../../../common/events/event.schema.js';

export { eventFormats, type EventFormat, type TicketCodePer } from '../../../common/events/event.schema.js';

export interface EventInformation {
  name: string;
  teaserText: string;
  /** Rich text (sanitised HTML). */
  description: string;
  teaserImage: string | null;
  flags: string[];
  tags: string[];
  /** "YYYY-MM-DD", a day in Europe/Berlin. */
  startDate: string | null;
  /** "HH:mm", Europe/Berlin. */
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
}

export interface EventPriceCategory {
  id: string;
  name: string;
  /** Euros. */
  price: number;
}

export interface EventAttendees {
  publicEvent: boolean;
  needsRegistration: boolean;
  /** Seats; null is unlimited. */
  maxAttendees: number | null;
  free: boolean;
  priceCategories: EventPriceCategory[];
}

export interface EventLocation {
  name: string;
  phoneNumber: string;
  emailAddress: string;
  /** The chosen venue: an event-location bookable of the tenant. */
  select: string | null;
  /** The chosen room: a room bookable of the tenant. */
  room: string | null;
  /** The link of hybrid and online events. */
  url: string;
}

export interface EventAddress {
  street: string;
  houseNumber: string;
  additional: string;
  city: string;
  zip: string;
}

export interface EventSpeaker {
  id: string;
  name: string;
  phoneNumber: string;
  emailAddress: string;
  image: string;
}

export interface EventOrganizer {
  name: string;
  addContactPerson: boolean;
  contactPersonName: string;
  contactPersonPhoneNumber: string;
  contactPersonEmailAddress: string;
  contactPersonImage: string;
  speakers: EventSpeaker[];
}

export interface EventAgendaItem {
  id: string;
  time: string;
  description: string;
}

/** One day of the agenda with its own items. */
export interface EventAgendaDay {
  id: string;
  date: string;
  time: string;
  description: string;
  schedules: EventAgendaItem[];
}

/** Everything of an event but its identity, tenant and owner: what a save writes. */
export interface EventData {
  format: EventFormat;
  isPublic: boolean;
  /** One entry code per person or one per order. */
  ticketCodePer: TicketCodePer;
  information: EventInformation;
  attendees: EventAttendees;
  eventLocation: EventLocation;
  eventAddress: EventAddress;
  eventOrganizer: EventOrganizer;
  schedules: EventAgendaDay[];
  images: string[];
  /** File links. */
  attachments: string[];
}

/** A stored event as plain data (REST answer, GraphQL object). */
export interface EventRecord extends EventData {
  id: string;
  tenantId: string;
  ownerUserId: string | null;
}

/** A new event's values where the client sends nothing (the original product's defaults). */
export function defaultEventData(): EventData {
  return {
    format: 0,
    isPublic: false,
    ticketCodePer: 'person',
    information: { name: '', teaserText: '', description: '', teaserImage: null, flags: [], tags: [], startDate: null, startTime: null, endDate: null, endTime: null },
    attendees: { publicEvent: true, needsRegistration: false, maxAttendees: null, free: false, priceCategories: [] },
    eventLocation: { name: '', phoneNumber: '', emailAddress: '', select: null, room: null, url: '' },
    eventAddress: { street: '', houseNumber: '', additional: '', city: '', zip: '' },
    eventOrganizer: { name: '', addContactPerson: true, contactPersonName: '', contactPersonPhoneNumber: '', contactPersonEmailAddress: '', contactPersonImage: '', speakers: [] },
    schedules: [],
    images: [],
    attachments: [],
  };
}
