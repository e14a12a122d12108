import { berlinParts } from '../../../../common/time/berlin';
import { dateMessages, isBeforeEarliestDate } from '../../../../common/validation/dates';
import type { EventInput } from '../../gql/graphql';
import { EMAIL_PATTERN, validationMessages } from '../../shared/validation';

/** The simple creator's form: one page, the essentials of an event. */
export interface SimpleEventValues {
  name: string;
  teaserImage: string;
  teaserText: string;
  description: string;
  tags: string[];
  /** ISO instants from the date-time fields (Berlin wall time picked). */
  start: string | null;
  end: string | null;
  venueName: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  organizerName: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  needsRegistration: boolean;
  maxAttendees: string;
}

export const emptySimpleEvent = (): SimpleEventValues => ({
  name: '',
  teaserImage: '',
  teaserText: '',
  description: '',
  tags: [],
  start: null,
  end: null,
  venueName: '',
  street: '',
  houseNumber: '',
  zip: '',
  city: '',
  organizerName: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  needsRegistration: false,
  maxAttendees: '',
});

export const simpleEventMessages = {
  required: validationMessages.required,
  email: validationMessages.emailInvalid,
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen',
  seats: 'Bitte eine ganze Zahl größer als 0 angeben',
  zip: 'Nur Ziffern',
} as const;

type Errors = Partial<Record<keyof SimpleEventValues, string>>;

const blank = (value: string | null | undefined) => !value || value.trim() === '';
const REQUIRED: (keyof SimpleEventValues)[] = ['name', 'start', 'end', 'venueName', 'organizerName', 'contactName', 'contactPhone', 'contactEmail'];

/** The simple creator's rules: its required fields ("Pflichtfeld"), a valid e-mail, no date before 1900, the end after the start, a valid seat limit when given (empty: unlimited). */
export function validateSimpleEvent(values: SimpleEventValues): Errors {
  const errors: Errors = {};
  for (const field of REQUIRED) if (blank(values[field] as string | null)) errors[field] = simpleEventMessages.required;
  if (!errors.contactEmail && !EMAIL_PATTERN.test(values.contactEmail.trim())) errors.contactEmail = simpleEventMessages.email;
  for (const field of ['start', 'end'] as const) {
    const instant = values[field];
    if (instant && !Number.isNaN(Date.parse(instant)) && isBeforeEarliestDate(berlinParts(new Date(instant)).date)) errors[field] = dateMessages.tooEarly;
  }
  if (values.start && values.end && Date.parse(values.end) <= Date.parse(values.start)) errors.end = simpleEventMessages.endBeforeStart;
  if (values.zip.trim() && !/^\d+$/.test(values.zip.trim())) errors.zip = simpleEventMessages.zip;
  if (values.needsRegistration && !blank(values.maxAttendees) && !/^[1-9]\d*$/.test(values.maxAttendees.trim())) errors.maxAttendees = simpleEventMessages.seats;
  return errors;
}

/** The Berlin date and time of a picked instant: { date: "2026-11-24", time: "18:00" }. */
function berlinDateAndTime(instant: string | null): { date: string | null; time: string | null } {
  if (!instant) return { date: null, time: null };
  const parts = berlinParts(new Date(instant));
  return { date: parts.date, time: parts.time };
}

/**
 * The event the simple creator saves: free, open to everyone, with a contact person who also
 * answers questions about the venue; visible when `visible` (the public quota has room).
 */
export function simpleEventInput(values: SimpleEventValues, visible: boolean): EventInput {
  const start = berlinDateAndTime(values.start);
  const end = berlinDateAndTime(values.end);
  const trimmed = (value: string) => value.trim();
  return {
    isPublic: visible,
    format: 0,
    information: {
      name: trimmed(values.name),
      teaserImage: trimmed(values.teaserImage) || null,
      teaserText: trimmed(values.teaserText),
      description: values.description,
      tags: values.tags,
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
    },
    // Questions about the event go to its contact person: the wizard asks for these separately.
    eventLocation: { name: trimmed(values.venueName), emailAddress: trimmed(values.contactEmail), phoneNumber: trimmed(values.contactPhone) },
    eventAddress: { street: trimmed(values.street), houseNumber: trimmed(values.houseNumber), zip: trimmed(values.zip), city: trimmed(values.city) },
    eventOrganizer: {
      name: trimmed(values.organizerName),
      addContactPerson: true,
      contactPersonName: trimmed(values.contactName),
      contactPersonPhoneNumber: trimmed(values.contactPhone),
      contactPersonEmailAddress: trimmed(values.contactEmail),
    },
    attendees: {
      publicEvent: true,
      free: true,
      needsRegistration: values.needsRegistration,
      maxAttendees: values.needsRegistration && !blank(values.maxAttendees) ? Number(values.maxAttendees.trim()) : null,
    },
  };
}
