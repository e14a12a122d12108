import { randomUUID } from 'node:crypto';
import { berlinParts, parseDate, parseTime } from '../../../common/time/berlin.js';
import { dateMessages, isBeforeEarliestDate } from '../../../common/validation/dates.js';
import { MAX_DECIMAL, numberError, parseNumber, roundTo } from '../../../common/validation/numbers.js';
import { isLink, sanitizeRichText, stringList } from '../bookables/bookable.validation.js';
import {
  defaultEventData,
  eventFormats,
  type EventAddress,
  type EventAgendaDay,
  type EventAttendees,
  type EventData,
  type EventInformation,
  type EventLocation,
  type EventOrganizer,
} from './event.model.js';
import { eventEnd, eventStart } from './event.time.js';

/**
 * The save rules of an event, enforced on the server whatever the client sent: the data-integrity
 * part of the event forms' rules with their German messages. Required are the name and the start
 * (lists sort by it); the seat limit may stay empty, also when registration is needed: then the
 * event has unlimited seats (integrators send null for that); e-mail addresses, links, dates (none before 1900), times and numbers (within what their columns
 * hold, common/validation/numbers.ts) must be valid where given; the end may not lie
 * before the start; nested entries get ids. What the two forms require beyond that for a complete
 * announcement (venue, organizer, contact person) stays with the forms, as the detailed wizard and
 * the simple creator differ there and an event may be saved step by step.
 * Works on the merged result (stored values overlaid with the input, section by section), so a
 * partial update and a whole form follow the same rules. Venue and room ids are checked by the
 * service against the tenant's bookables.
 */
export const eventMessages = {
  required: (field: string) => `${field} muss ausgefüllt sein.`,
  maxLength: (field: string, length: number) => `${field} Die Anzahl an Zeichen darf nicht größer als ${length} sein.`,
  email: 'E-Mail ist ungültig.',
  date: 'Ungültiges Datum',
  dateTooEarly: dateMessages.tooEarly,
  time: 'Bitte geben Sie eine Uhrzeit im Format HH:mm an.',
  endBeforeStart: 'Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.',
  invalidValue: 'Ungültiger Wert',
  number: 'Muss eine Zahl sein',
  negative: 'Darf nicht negativ sein',
  seats: 'Muss eine ganze Zahl größer als 0 sein.',
  tooLarge: 'Der Wert ist zu groß.',
  url: 'Ungültige URL.',
  unknownVenue: 'Unbekannter Veranstaltungsort',
  unknownRoom: 'Unbekannter Raum',
} as const;

/** German field names for the messages, as the forms label them. */
const labels = {
  name: 'Name',
  startDate: 'Startdatum',
  startTime: 'Startzeit',
} as const;

type Errors = Record<string, string>;
const MAX_NAME = 200;
const MAX_TEXT = 500;
const MAX_TEASER = 2000;
const MAX_LINK = 2000;
const MAX_LIST = 200;
const MAX_SEATS = 1_000_000;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_LIST) : []);
const bool = (value: unknown, fallback: boolean): boolean => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : fallback);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text; too long text is an error (not silently cut) for the named fields, cut otherwise. */
function text(value: unknown, max: number, field?: string, label?: string, errors?: Errors): string {
  const trimmed = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (trimmed.length <= max) return trimmed;
  if (field && label && errors) errors[field] = eventMessages.maxLength(label, max);
  return trimmed.slice(0, max);
}

function email(value: unknown, field: string, errors: Errors): string {
  const address = text(value, 254);
  if (address && !EMAIL.test(address)) errors[field] = eventMessages.email;
  return address;
}

function link(value: unknown, field: string, errors: Errors): string {
  const url = text(value, MAX_LINK);
  if (url && !isLink(url)) errors[field] = eventMessages.url;
  return url;
}

/**
 * A calendar day "YYYY-MM-DD". The original product sends dates as ISO instants of a local
 * midnight ("2026-07-14T22:00:00.000Z" for 15 July in Berlin): their Berlin date is meant.
 */
export function eventDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (parseDate(trimmed)) return trimmed;
  if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const instant = new Date(trimmed);
    if (!Number.isNaN(instant.getTime())) return berlinParts(instant).date;
  }
  return undefined;
}

function date(value: unknown, field: string, errors: Errors): string | null {
  const parsed = eventDate(value);
  if (parsed === undefined) {
    errors[field] = eventMessages.date;
    return null;
  }
  if (parsed !== null && isBeforeEarliestDate(parsed)) errors[field] = eventMessages.dateTooEarly;
  return parsed;
}

function time(value: unknown, field: string, errors: Errors): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'string' ? parseTime(value.trim()) : null;
  if (parsed === null || parsed >= 24 * 60) {
    errors[field] = eventMessages.time;
    return null;
  }
  return `${String(Math.floor(parsed / 60)).padStart(2, '0')}:${String(parsed % 60).padStart(2, '0')}`;
}

/** Each section of the stored data overlaid with the sent fields of that section. */
function merged(current: object, sent: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(record(sent))) if (value !== undefined && key in result) result[key] = value;
  return result;
}

function information(value: Record<string, unknown>, errors: Errors): EventInformation {
  const name = text(value.name, MAX_NAME, 'information.name', labels.name, errors);
  if (!name) errors['information.name'] = eventMessages.required(labels.name);
  const startDate = date(value.startDate, 'information.startDate', errors);
  const startTime = time(value.startTime, 'information.startTime', errors);
  const endDate = date(value.endDate, 'information.endDate', errors);
  const endTime = time(value.endTime, 'information.endTime', errors);
  if (!startDate && !errors['information.startDate']) errors['information.startDate'] = eventMessages.required(labels.startDate);
  if (!startTime && !errors['information.startTime']) errors['information.startTime'] = eventMessages.required(labels.startTime);
  const teaserImage = link(value.teaserImage, 'information.teaserImage', errors) || null;
  const info: EventInformation = {
    name,
    teaserText: text(value.teaserText, MAX_TEASER, 'information.teaserText', 'Kurzbeschreibung', errors),
    description: sanitizeRichText(value.description),
    teaserImage,
    flags: stringList(value.flags),
    tags: stringList(value.tags),
    startDate,
    startTime,
    endDate,
    endTime,
  };
  const start = eventStart(startDate, startTime);
  const end = eventEnd(endDate, endTime);
  if (start && end && end.getTime() < start.getTime()) errors[endTime ? 'information.endTime' : 'information.endDate'] = eventMessages.endBeforeStart;
  return info;
}

function attendees(value: Record<string, unknown>, errors: Errors): EventAttendees {
  const needsRegistration = bool(value.needsRegistration, false);
  let maxAttendees: number | null = null;
  const seats = parseNumber(value.maxAttendees);
  if (seats !== null) {
    if (!Number.isInteger(seats) || seats < 1) errors['attendees.maxAttendees'] = eventMessages.seats;
    else if (seats > MAX_SEATS) errors['attendees.maxAttendees'] = eventMessages.tooLarge;
    else maxAttendees = seats;
  }
  const free = bool(value.free, false);
  const priceCategories = list(value.priceCategories).map((raw, index) => {
    const entry = record(raw);
    const price = parseNumber(entry.price);
    const outOfBounds = price === null ? null : numberError(price, { max: MAX_DECIMAL });
    if (outOfBounds) errors[`attendees.priceCategories.${index}.price`] = outOfBounds;
    return { id: text(entry.id, 100) || randomUUID(), name: text(entry.name, MAX_TEXT), price: price !== null && !outOfBounds ? roundTo(price) : 0 };
  });
  return { publicEvent: bool(value.publicEvent, true), needsRegistration, maxAttendees, free, priceCategories };
}

function eventLocation(value: Record<string, unknown>, errors: Errors): EventLocation {
  return {
    name: text(value.name, MAX_TEXT),
    phoneNumber: text(value.phoneNumber, 100),
    emailAddress: email(value.emailAddress, 'eventLocation.emailAddress', errors),
    select: text(value.select, 100) || null,
    room: text(value.room, 100) || null,
    url: link(value.url, 'eventLocation.url', errors),
  };
}

function eventAddress(value: Record<string, unknown>, errors: Errors): EventAddress {
  const zip = text(value.zip, 20);
  // The form's postal code is numeric.
  if (zip && !/^\d+$/.test(zip)) errors['eventAddress.zip'] = eventMessages.number;
  return { street: text(value.street, MAX_TEXT), houseNumber: text(value.houseNumber, 50), additional: text(value.additional, MAX_TEXT), city: text(value.city, MAX_TEXT), zip };
}

function eventOrganizer(value: Record<string, unknown>, errors: Errors): EventOrganizer {
  const speakers = list(value.speakers).map((raw, index) => {
    const entry = record(raw);
    return {
      id: text(entry.id, 100) || randomUUID(),
      name: text(entry.name, MAX_TEXT),
      phoneNumber: text(entry.phoneNumber, 100),
      emailAddress: email(entry.emailAddress, `eventOrganizer.speakers.${index}.emailAddress`, errors),
      image: link(entry.image, `eventOrganizer.speakers.${index}.image`, errors),
    };
  });
  return {
    name: text(value.name, MAX_TEXT),
    addContactPerson: bool(value.addContactPerson, true),
    contactPersonName: text(value.contactPersonName, MAX_TEXT),
    contactPersonPhoneNumber: text(value.contactPersonPhoneNumber, 100),
    contactPersonEmailAddress: email(value.contactPersonEmailAddress, 'eventOrganizer.contactPersonEmailAddress', errors),
    contactPersonImage: link(value.contactPersonImage, 'eventOrganizer.contactPersonImage', errors),
    speakers,
  };
}

function schedules(value: unknown, errors: Errors): EventAgendaDay[] {
  return list(value).map((raw, index) => {
    const day = record(raw);
    const field = `schedules.${index}`;
    return {
      id: text(day.id, 100) || randomUUID(),
      date: date(day.date, `${field}.date`, errors) ?? '',
      time: time(day.time, `${field}.time`, errors) ?? '',
      description: text(day.description, MAX_TEASER),
      schedules: list(day.schedules).map((rawItem, itemIndex) => {
        const item = record(rawItem);
        return { id: text(item.id, 100) || randomUUID(), time: time(item.time, `${field}.schedules.${itemIndex}.time`, errors) ?? '', description: text(item.description, MAX_TEASER) };
      }),
    };
  });
}

/** Links in their order; a file can be listed only once. */
function links(value: unknown, field: string, errors: Errors): string[] {
  const result: string[] = [];
  list(value).forEach((raw, index) => {
    const url = link(raw, `${field}.${index}`, errors);
    if (url && !result.includes(url)) result.push(url);
  });
  return result;
}

function format(value: unknown, errors: Errors): EventData['format'] {
  const number = parseNumber(value);
  const found = eventFormats.find((candidate) => candidate === number);
  if (found === undefined) {
    errors.format = eventMessages.invalidValue;
    return 0;
  }
  return found;
}

/**
 * The complete event data after applying `input` to `current` (or the defaults on create), with
 * every rule applied, and the messages of what cannot be saved by field path.
 */
export function validateEvent(input: Record<string, unknown>, current: EventData | null): { data: EventData; fieldErrors: Errors } {
  const errors: Errors = {};
  const base = current ?? defaultEventData();
  const data: EventData = {
    format: format(input.format ?? base.format, errors),
    isPublic: bool(input.isPublic, base.isPublic),
    information: information(merged(base.information, input.information), errors),
    attendees: attendees(merged(base.attendees, input.attendees), errors),
    eventLocation: eventLocation(merged(base.eventLocation, input.eventLocation), errors),
    eventAddress: eventAddress(merged(base.eventAddress, input.eventAddress), errors),
    eventOrganizer: eventOrganizer(merged(base.eventOrganizer, input.eventOrganizer), errors),
    schedules: schedules(input.schedules ?? base.schedules, errors),
    images: links(input.images ?? base.images, 'images', errors),
    attachments: links(input.attachments ?? base.attachments, 'attachments', errors),
  };
  return { data, fieldErrors: errors };
}

/** A copy's nested entries with new ids (price categories, speakers, agenda days and items). */
export function withNewIds(data: EventData): EventData {
  return {
    ...data,
    attendees: { ...data.attendees, priceCategories: data.attendees.priceCategories.map((category) => ({ ...category, id: randomUUID() })) },
    eventOrganizer: { ...data.eventOrganizer, speakers: data.eventOrganizer.speakers.map((speaker) => ({ ...speaker, id: randomUUID() })) },
    schedules: data.schedules.map((day) => ({ ...day, id: randomUUID(), schedules: day.schedules.map((item) => ({ ...item, id: randomUUID() })) })),
  };
}
