import type { EventInput, WizardEventFieldsFragment } from '../../gql/graphql';
import type { TicketCodePer } from '../../../../common/events/event.schema';
import { formatAmountInput, parseDecimal } from '../../shared/format';

/**
 * The values of the event wizard's one form (react-final-form), shaped like EventInput so each step
 * binds its inputs by the server's field names ("information.name", "attendees.priceCategories")
 * and the server's field messages land at the right input. Numbers typed by hand stay text here
 * (prices de-DE "12,50", seats); the mapping to EventInput converts them.
 */
export type EventFormat = 0 | 1 | 2;

export interface PriceCategoryValues {
  id: string;
  name: string;
  /** German amount text: "12,50". */
  price: string;
}

export interface SpeakerValues {
  id: string;
  name: string;
  phoneNumber: string;
  emailAddress: string;
  image: string;
}

export interface AgendaItemValues {
  id: string;
  time: string;
  description: string;
}

export interface AgendaDayValues {
  id: string;
  date: string;
  time: string;
  description: string;
  schedules: AgendaItemValues[];
}

export interface EventFormValues {
  isPublic: boolean;
  format: EventFormat;
  /** Entry codes of the tickets: one per person or one per order. */
  ticketCodePer: TicketCodePer;
  information: {
    name: string;
    teaserText: string;
    description: string;
    teaserImage: string;
    flags: string[];
    tags: string[];
    /** YYYY-MM-DD or empty. */
    startDate: string;
    /** HH:mm or empty. */
    startTime: string;
    endDate: string;
    endTime: string;
  };
  eventLocation: { name: string; phoneNumber: string; emailAddress: string; select: string; room: string; url: string };
  eventAddress: { street: string; houseNumber: string; additional: string; city: string; zip: string };
  eventOrganizer: {
    name: string;
    addContactPerson: boolean;
    contactPersonName: string;
    contactPersonPhoneNumber: string;
    contactPersonEmailAddress: string;
    contactPersonImage: string;
    speakers: SpeakerValues[];
  };
  attendees: {
    publicEvent: boolean;
    needsRegistration: boolean;
    /** Digits; empty is unlimited. */
    maxAttendees: string;
    free: boolean;
    priceCategories: PriceCategoryValues[];
  };
  schedules: AgendaDayValues[];
  attachments: string[];
  images: string[];
}

/** The choices of the venue step's format. */
export const eventFormats: { value: EventFormat; label: string }[] = [
  { value: 0, label: 'Präsenz' },
  { value: 1, label: 'Hybrid' },
  { value: 2, label: 'Online' },
];

/** Hybrid and online events have a link. */
export const hasEventLink = (format: EventFormat) => format === 1 || format === 2;
/** In-person and hybrid events take place at a venue and room of the tenant. */
export const hasVenue = (format: EventFormat) => format === 0 || format === 1;

/** An id for a new list entry (price category, speaker, agenda day or item); the server keeps it. */
export function newId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export const newPriceCategory = (): PriceCategoryValues => ({ id: newId(), name: '', price: formatAmountInput(0) });
export const newSpeaker = (): SpeakerValues => ({ id: newId(), name: '', phoneNumber: '', emailAddress: '', image: '' });
export const newAgendaItem = (): AgendaItemValues => ({ id: newId(), time: '', description: '' });
export const newAgendaDay = (): AgendaDayValues => ({ id: newId(), date: '', time: '', description: '', schedules: [] });

/** A new event: public, with a contact person, open to the public, no registration, not free. */
export function emptyEventValues(): EventFormValues {
  return {
    isPublic: false,
    format: 0,
    ticketCodePer: 'person',
    information: { name: '', teaserText: '', description: '', teaserImage: '', flags: [], tags: [], startDate: '', startTime: '', endDate: '', endTime: '' },
    eventLocation: { name: '', phoneNumber: '', emailAddress: '', select: '', room: '', url: '' },
    eventAddress: { street: '', houseNumber: '', additional: '', city: '', zip: '' },
    eventOrganizer: {
      name: '',
      addContactPerson: true,
      contactPersonName: '',
      contactPersonPhoneNumber: '',
      contactPersonEmailAddress: '',
      contactPersonImage: '',
      speakers: [],
    },
    attendees: { publicEvent: true, needsRegistration: false, maxAttendees: '', free: false, priceCategories: [] },
    schedules: [],
    attachments: [],
    images: [],
  };
}

const asFormat = (value: number): EventFormat => (value === 1 || value === 2 ? value : 0);

/** The form's values of a stored event. */
export function toFormValues(event: WizardEventFieldsFragment): EventFormValues {
  const { information: info, attendees, eventLocation: location, eventAddress: address, eventOrganizer: organizer } = event;
  return {
    isPublic: event.isPublic,
    format: asFormat(event.format),
    ticketCodePer: event.ticketCodePer === 'order' ? 'order' : 'person',
    information: {
      name: info.name,
      teaserText: info.teaserText,
      description: info.description,
      teaserImage: info.teaserImage ?? '',
      flags: [...info.flags],
      tags: [...info.tags],
      startDate: info.startDate ?? '',
      startTime: info.startTime ?? '',
      endDate: info.endDate ?? '',
      endTime: info.endTime ?? '',
    },
    eventLocation: {
      name: location.name,
      phoneNumber: location.phoneNumber,
      emailAddress: location.emailAddress,
      select: location.select ?? '',
      room: location.room ?? '',
      url: location.url,
    },
    eventAddress: { street: address.street, houseNumber: address.houseNumber, additional: address.additional, city: address.city, zip: address.zip },
    eventOrganizer: {
      name: organizer.name,
      addContactPerson: organizer.addContactPerson,
      contactPersonName: organizer.contactPersonName,
      contactPersonPhoneNumber: organizer.contactPersonPhoneNumber,
      contactPersonEmailAddress: organizer.contactPersonEmailAddress,
      contactPersonImage: organizer.contactPersonImage,
      speakers: organizer.speakers.map((speaker) => ({ id: speaker.id, name: speaker.name, phoneNumber: speaker.phoneNumber, emailAddress: speaker.emailAddress, image: speaker.image })),
    },
    attendees: {
      publicEvent: attendees.publicEvent,
      needsRegistration: attendees.needsRegistration,
      maxAttendees: attendees.maxAttendees === null || attendees.maxAttendees === undefined ? '' : String(attendees.maxAttendees),
      free: attendees.free,
      priceCategories: attendees.priceCategories.map((category) => ({ id: category.id, name: category.name, price: formatAmountInput(category.price) })),
    },
    schedules: event.schedules.map((day) => ({
      id: day.id,
      date: day.date,
      time: day.time,
      description: day.description,
      schedules: day.schedules.map((item) => ({ id: item.id, time: item.time, description: item.description })),
    })),
    attachments: [...event.attachments],
    images: [...event.images],
  };
}

const trim = (text: string) => text.trim();
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Seats: a whole number, or null (unlimited) when empty or not needed. */
function seats(values: EventFormValues['attendees']): number | null {
  if (!values.needsRegistration) return null;
  const number = parseDecimal(values.maxAttendees);
  return number === null ? null : number;
}

/**
 * The EventInput of the form: every section, lists whole (the server replaces stored lists), empty
 * dates and times as null, prices as numbers. The seat limit applies only with registration; the
 * link only to hybrid and online events, venue and room only to in-person and hybrid ones, the
 * contact person only when added.
 */
export function toEventInput(values: EventFormValues): EventInput {
  const { information: info, attendees, eventLocation: location, eventAddress: address, eventOrganizer: organizer } = values;
  const contact = organizer.addContactPerson;
  return {
    isPublic: values.isPublic,
    format: values.format,
    ticketCodePer: values.ticketCodePer,
    information: {
      name: trim(info.name),
      teaserText: trim(info.teaserText),
      description: info.description,
      teaserImage: trim(info.teaserImage),
      flags: info.flags,
      tags: info.tags,
      startDate: orNull(info.startDate),
      startTime: info.startDate ? orNull(info.startTime) : null,
      endDate: orNull(info.endDate),
      endTime: info.endDate ? orNull(info.endTime) : null,
    },
    eventLocation: {
      name: trim(location.name),
      phoneNumber: trim(location.phoneNumber),
      emailAddress: trim(location.emailAddress),
      select: hasVenue(values.format) ? orNull(location.select) : null,
      room: hasVenue(values.format) ? orNull(location.room) : null,
      url: hasEventLink(values.format) ? trim(location.url) : '',
    },
    eventAddress: { street: trim(address.street), houseNumber: trim(address.houseNumber), additional: trim(address.additional), city: trim(address.city), zip: trim(address.zip) },
    eventOrganizer: {
      name: trim(organizer.name),
      addContactPerson: contact,
      contactPersonName: contact ? trim(organizer.contactPersonName) : '',
      contactPersonPhoneNumber: contact ? trim(organizer.contactPersonPhoneNumber) : '',
      contactPersonEmailAddress: contact ? trim(organizer.contactPersonEmailAddress) : '',
      contactPersonImage: contact ? trim(organizer.contactPersonImage) : '',
      speakers: organizer.speakers.map((speaker) => ({
        id: speaker.id,
        name: trim(speaker.name),
        phoneNumber: trim(speaker.phoneNumber),
        emailAddress: trim(speaker.emailAddress),
        image: trim(speaker.image),
      })),
    },
    attendees: {
      publicEvent: attendees.publicEvent,
      needsRegistration: attendees.needsRegistration,
      maxAttendees: seats(attendees),
      free: attendees.free,
      // A free event has no prices.
      priceCategories: attendees.free ? [] : attendees.priceCategories.map((category) => ({ id: category.id, name: trim(category.name), price: parseDecimal(category.price) ?? 0 })),
    },
    schedules: values.schedules.map((day) => ({
      id: day.id,
      date: day.date,
      time: day.time,
      description: trim(day.description),
      schedules: day.schedules.map((item) => ({ id: item.id, time: item.time, description: trim(item.description) })),
    })),
    attachments: values.attachments,
    images: values.images,
  };
}

/** Whether the form differs from where it started (the edit mode's "Änderungen übernehmen"); order of keys does not matter. */
export function isChanged(values: EventFormValues, initial: EventFormValues): boolean {
  return JSON.stringify(sorted(values)) !== JSON.stringify(sorted(initial));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The names the steps bind fields to: every field of the sections, lists as a whole. The wizard
 * keeps them registered while it is open, so a step's fields that unmount when another step shows
 * keep their values (react-final-form sets a field registered anew back to its initial value).
 */
export function fieldNamesOf(values: EventFormValues): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value as object).map((field) => `${key}.${field}`) : [key],
  );
}
