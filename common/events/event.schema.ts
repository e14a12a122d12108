/**
 * The data rules of an event with their German messages, written once for the server (which
 * enforces them on every save, REST and GraphQL alike) and the wizard (which checks before
 * sending). See docs/events.md. Required are the name and the start (lists sort by it); the seat
 * limit may stay empty, also when registration is needed: then the event has unlimited seats;
 * e-mail addresses, links, dates (none before 1900), times and numbers (within what their columns
 * hold, ../validation/numbers.ts) must be valid where given; the end may not lie before the start.
 * What a form requires beyond that for a complete announcement (venue, organizer, contact person)
 * stays with the form. Sanitising the description, checking venue and room against the tenant's
 * bookables and giving nested entries their ids are the server's part after parsing.
 * Plain TypeScript.
 */
import { z } from 'zod';
import { berlinInstant, berlinParts, parseDate, parseTime } from '../time/berlin.js';
import { dateMessages, isBeforeEarliestDate } from '../validation/dates.js';
import { linkMessage } from '../validation/links.js';
import { MAX_DECIMAL, numberError, numberMessages, parseNumber, roundTo } from '../validation/numbers.js';
import { anyValue, cutText, flag, listOf, looseObject, MAIL_PATTERN, nameText, optionalLink, schemaMessages, textList, visibleOnly } from '../validation/schema.js';

export const eventMessages = {
  required: (field: string) => `${field} muss ausgefüllt sein.`,
  maxLength: (field: string, length: number) => `${field} Die Anzahl an Zeichen darf nicht größer als ${length} sein.`,
  email: 'E-Mail ist ungültig.',
  date: 'Ungültiges Datum',
  dateTooEarly: dateMessages.tooEarly,
  time: 'Bitte geben Sie eine Uhrzeit im Format HH:mm an.',
  endBeforeStart: 'Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.',
  invalidValue: schemaMessages.invalidValue,
  number: numberMessages.number,
  negative: numberMessages.negative,
  seats: 'Muss eine ganze Zahl größer als 0 sein.',
  tooLarge: numberMessages.tooLarge,
  url: linkMessage,
  unknownVenue: 'Unbekannter Veranstaltungsort',
  unknownRoom: 'Unbekannter Raum',
} as const;

/** The German names of the fields the messages name, as the forms label them. */
export const eventFieldLabels = {
  name: 'Name',
  startDate: 'Startdatum',
  startTime: 'Startzeit',
  teaserText: 'Kurzbeschreibung',
} as const;

export const eventLimits = {
  name: 200,
  text: 500,
  teaser: 2000,
  link: 2000,
  id: 100,
  mail: 254,
  seats: 1_000_000,
} as const;

/**
 * Entry codes of the event's tickets: one per person (each ticket bought admits one) or one per
 * order (one code admits the whole booking).
 */
export const ticketCodeModes = ['person', 'order'] as const;
export type TicketCodePer = (typeof ticketCodeModes)[number];

/** The form's labels of the entry code modes. */
export const ticketCodeLabels: Record<TicketCodePer, string> = { person: 'Ein Code pro Person', order: 'Ein Code pro Bestellung' };

/** 0 in person, 1 hybrid, 2 online. */
export const eventFormats = [0, 1, 2] as const;
export type EventFormat = (typeof eventFormats)[number];

/**
 * A calendar day "YYYY-MM-DD"; null when empty, undefined when malformed. The original product
 * sends dates as ISO instants of a local midnight ("2026-07-14T22:00:00.000Z" for 15 July in
 * Berlin): their Berlin date is meant.
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

/** A clock time "HH:mm" (also "8:00"); null when empty, undefined when malformed. */
export function eventTime(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  const minutes = typeof value === 'string' ? parseTime(value.trim()) : null;
  if (minutes === null || minutes >= 24 * 60) return undefined;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The instants an event starts and ends, from the Berlin wall clock of its form. A missing time
 * means the whole day: a start without time begins at 00:00, an end without time lasts until the
 * end of its day (24:00). Without a date there is no instant.
 */
export function eventStart(date: string | null, time: string | null): Date | null {
  if (!date || !parseDate(date)) return null;
  return berlinInstant(date, time && parseTime(time) !== null ? time : '00:00');
}

export function eventEnd(date: string | null, time: string | null): Date | null {
  if (!date || !parseDate(date)) return null;
  return berlinInstant(date, time && parseTime(time) !== null ? time : '24:00');
}

/** An optional day; `required` names the field when it must be given. */
const day = (required?: string) =>
  anyValue().transform((value, context) => {
    const parsed = eventDate(value);
    const message = parsed === undefined ? eventMessages.date : parsed === null ? (required && eventMessages.required(required)) : isBeforeEarliestDate(parsed) ? eventMessages.dateTooEarly : null;
    if (message) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed ?? null;
  });

const time = (required?: string) =>
  anyValue().transform((value, context) => {
    const parsed = eventTime(value);
    const message = parsed === undefined ? eventMessages.time : parsed === null && required ? eventMessages.required(required) : null;
    if (message) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed ?? null;
  });

/** Text that is refused (not cut) when longer than `max`, naming the field. */
const limitedText = (max: number, label: string) =>
  cutText(Number.MAX_SAFE_INTEGER).refine((value) => value.length <= max, { error: eventMessages.maxLength(label, max) });

const mail = cutText(eventLimits.mail).refine((value) => value === '' || MAIL_PATTERN.test(value), { error: eventMessages.email });
const link = optionalLink(eventLimits.link, eventMessages.url);
const entryId = cutText(eventLimits.id);

/** Links in their order; a file can be listed only once. */
const links = listOf(link).transform((urls) => [...new Set(urls.filter(Boolean))]);

const information = looseObject({
  name: visibleOnly(limitedText(eventLimits.name, eventFieldLabels.name)).refine((value) => value !== '', { error: eventMessages.required(eventFieldLabels.name) }),
  teaserText: limitedText(eventLimits.teaser, eventFieldLabels.teaserText),
  /** Rich text; the server sanitises it. */
  description: anyValue().transform((value) => (typeof value === 'string' ? value : '')),
  teaserImage: link.transform((url) => url || null),
  flags: textList(),
  tags: textList(),
  startDate: day(eventFieldLabels.startDate),
  startTime: time(eventFieldLabels.startTime),
  endDate: day(),
  endTime: time(),
}).superRefine((info, context) => {
  const start = eventStart(info.startDate, info.startTime);
  const end = eventEnd(info.endDate, info.endTime);
  if (start && end && end.getTime() < start.getTime()) context.addIssue({ code: 'custom', path: [info.endTime ? 'endTime' : 'endDate'], message: eventMessages.endBeforeStart });
});

/** Empty is unlimited seats. */
const seatLimit = anyValue().transform((value, context) => {
  const seats = parseNumber(value);
  if (seats === null) return null;
  const message = !Number.isInteger(seats) || seats < 1 ? eventMessages.seats : seats > eventLimits.seats ? eventMessages.tooLarge : null;
  if (message) {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return seats;
});

/** A ticket price in euros; empty is 0. */
const price = anyValue().transform((value, context) => {
  const parsed = parseNumber(value);
  if (parsed === null) return 0;
  const message = numberError(parsed, { max: MAX_DECIMAL });
  if (message) {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return roundTo(parsed);
});

const attendees = looseObject({
  publicEvent: flag(true),
  needsRegistration: flag(false),
  maxAttendees: seatLimit,
  free: flag(false),
  priceCategories: listOf(looseObject({ id: entryId, name: nameText(eventLimits.text), price })),
});

const eventLocation = looseObject({
  name: nameText(eventLimits.text),
  phoneNumber: cutText(100),
  emailAddress: mail,
  select: cutText(eventLimits.id).transform((id) => id || null),
  room: cutText(eventLimits.id).transform((id) => id || null),
  url: link,
});

const eventAddress = looseObject({
  street: cutText(eventLimits.text),
  houseNumber: cutText(50),
  additional: cutText(eventLimits.text),
  city: cutText(eventLimits.text),
  // The form's postal code is numeric.
  zip: cutText(20).refine((zip) => zip === '' || /^\d+$/.test(zip), { error: eventMessages.number }),
});

const eventOrganizer = looseObject({
  name: nameText(eventLimits.text),
  addContactPerson: flag(true),
  contactPersonName: nameText(eventLimits.text),
  contactPersonPhoneNumber: cutText(100),
  contactPersonEmailAddress: mail,
  contactPersonImage: link,
  speakers: listOf(looseObject({ id: entryId, name: nameText(eventLimits.text), phoneNumber: cutText(100), emailAddress: mail, image: link })),
});

const agendaDay = looseObject({
  id: entryId,
  date: day().transform((date) => date ?? ''),
  time: time().transform((clock) => clock ?? ''),
  description: cutText(eventLimits.teaser),
  schedules: listOf(looseObject({ id: entryId, time: time().transform((clock) => clock ?? ''), description: cutText(eventLimits.teaser) })),
});

/** Absent is in person. */
const format = anyValue().transform((value, context): EventFormat => {
  const number = parseNumber(value) ?? 0;
  const found = eventFormats.find((candidate) => candidate === number);
  if (found === undefined) {
    context.addIssue({ code: 'custom', message: eventMessages.invalidValue });
    return z.NEVER;
  }
  return found;
});

/** Absent is one code per person. */
const ticketCodePer = anyValue().transform((value, context): TicketCodePer => {
  if (value === undefined || value === null || value === '') return 'person';
  const found = ticketCodeModes.find((mode) => mode === value);
  if (found === undefined) {
    context.addIssue({ code: 'custom', message: eventMessages.invalidValue });
    return z.NEVER;
  }
  return found;
});

/**
 * A whole event: every section, lists whole. Absent sections and fields take their defaults (see
 * the flags); a partial update is first laid over the stored event by the server.
 */
export const eventSchema = looseObject({
  format,
  isPublic: flag(false),
  ticketCodePer,
  information,
  attendees,
  eventLocation,
  eventAddress,
  eventOrganizer,
  schedules: listOf(agendaDay),
  images: links,
  attachments: links,
});

/** An event as the schema gives it: normalised, ids of new nested entries still ''. */
export type ParsedEvent = z.output<typeof eventSchema>;
