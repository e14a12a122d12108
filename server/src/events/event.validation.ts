import { randomUUID } from 'node:crypto';
import { eventSchema, type ParsedEvent } from '../../../common/events/event.schema.js';
import { asRecord, parseFields, type FieldErrors } from '../../../common/validation/schema.js';
import { sanitizeRichText } from '../bookables/bookable.validation.js';
import { defaultEventData, type EventData } from './event.model.js';

/**
 * The server's part of an event's save rules: the data rules and their messages are the schema in
 * common/events/event.schema.ts (docs/events.md), shared with the wizard. Here the input is laid
 * over the stored event, the description sanitised and nested entries without id given one. Venue
 * and room ids are checked by the service against the tenant's bookables.
 */
export { eventDate, eventMessages } from '../../../common/events/event.schema.js';

/** Each section of the stored data overlaid with the sent fields of that section. */
function merged(current: object, sent: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(asRecord(sent))) if (value !== undefined && key in result) result[key] = value;
  return result;
}

/** The stored event (or the defaults on create) with the sent sections and lists laid over it. */
function overlaid(input: Record<string, unknown>, current: EventData | null): Record<string, unknown> {
  const base = current ?? defaultEventData();
  return {
    format: input.format ?? base.format,
    isPublic: input.isPublic ?? base.isPublic,
    ticketCodePer: input.ticketCodePer ?? base.ticketCodePer,
    information: merged(base.information, input.information),
    attendees: merged(base.attendees, input.attendees),
    eventLocation: merged(base.eventLocation, input.eventLocation),
    eventAddress: merged(base.eventAddress, input.eventAddress),
    eventOrganizer: merged(base.eventOrganizer, input.eventOrganizer),
    schedules: input.schedules ?? base.schedules,
    images: input.images ?? base.images,
    attachments: input.attachments ?? base.attachments,
  };
}

const withId = <Entry extends { id: string }>(entry: Entry): Entry => (entry.id ? entry : { ...entry, id: randomUUID() });

/** The parsed event as stored: sanitised description, every nested entry with an id. */
function stored(event: ParsedEvent): EventData {
  return {
    ...event,
    information: { ...event.information, description: sanitizeRichText(event.information.description) },
    attendees: { ...event.attendees, priceCategories: event.attendees.priceCategories.map(withId) },
    eventOrganizer: { ...event.eventOrganizer, speakers: event.eventOrganizer.speakers.map(withId) },
    schedules: event.schedules.map((day) => withId({ ...day, schedules: day.schedules.map(withId) })),
  };
}

/**
 * The complete event data after applying `input` to `current` (or the defaults on create), or the
 * messages of what cannot be saved by field path.
 */
export function validateEvent(input: Record<string, unknown>, current: EventData | null): { data: EventData; fieldErrors: FieldErrors } | { data: null; fieldErrors: FieldErrors } {
  const result = parseFields(eventSchema, overlaid(input, current));
  return result.ok ? { data: stored(result.value), fieldErrors: {} } : { data: null, fieldErrors: result.fieldErrors };
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
