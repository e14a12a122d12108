import { setIn } from 'final-form';
import { seatLimitError } from '../../../../common/events/seats';
import { dateMessages, isBeforeEarliestDate } from '../../../../common/validation/dates';
import { MAX_DECIMAL, numberError } from '../../../../common/validation/numbers';
import { parseDecimal } from '../../shared/format';
import { EMAIL_PATTERN } from '../../shared/validation';
import { type EventFormValues, hasEventLink } from './eventFormValues';
import { type WizardStepKey, wizardSteps } from './wizardSteps';

/**
 * The wizard's rules (specification 03 section 5) with its German messages, as one function of the
 * whole form (react-final-form's record-level validate): the stepper, Weiter and Absenden read
 * which step has a message. The server applies the same data rules again (event.validation.ts).
 */
export const wizardMessages = {
  required: (field: string) => `${field} muss ausgefüllt sein.`,
  maxLength: (field: string, length: number) => `${field} Die Anzahl an Zeichen darf nicht größer als ${length} sein.`,
  email: 'E-Mail ist ungültig.',
  endBeforeStart: 'Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.',
  seats: 'Muss eine ganze Zahl größer als 0 sein.',
  url: 'Ungültige URL.',
  price: 'Muss eine Zahl sein',
} as const;

/** The labels of the checked fields, also the inputs' labels. */
export const fieldLabels = {
  name: 'Name',
  startDate: 'Startdatum',
  startTime: 'Startzeit',
  endDate: 'Enddatum',
  endTime: 'Endzeit',
  venueName: 'Name des Veranstaltungsorts',
  venueEmail: 'E-Mail für Rückfragen',
  organizerName: 'Name des Veranstalters',
  contactName: 'Name der Kontaktperson',
  contactPhone: 'Telefon der Kontaktperson',
  contactEmail: 'E-Mail der Kontaktperson',
  publicEvent: 'Diese Veranstaltung ist öffentlich',
  needsRegistration: 'Teilnehmer müssen sich anmelden',
  free: 'Diese Veranstaltung ist kostenlos',
  maxAttendees: 'Maximale Teilnehmeranzahl',
} as const;

export const MAX_NAME_LENGTH = 200;

type Flat = Record<string, string>;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const validEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

function isLink(value: string): boolean {
  if (value.startsWith('/api/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function requireText(errors: Flat, path: string, value: unknown, label: string) {
  if (blank(value)) errors[path] = wizardMessages.required(label);
}

function requireEmail(errors: Flat, path: string, value: string, label: string) {
  if (blank(value)) errors[path] = wizardMessages.required(label);
  else if (!validEmail(value)) errors[path] = wizardMessages.email;
}

function optionalEmail(errors: Flat, path: string, value: string) {
  if (!blank(value) && !validEmail(value)) errors[path] = wizardMessages.email;
}

function requireSwitch(errors: Flat, path: string, value: unknown, label: string) {
  if (typeof value !== 'boolean') errors[path] = wizardMessages.required(label);
}

/** What the form's rules need to know of the stored event besides its values. */
export interface EventFacts {
  /** Seats sold so far (edit): the limit may not fall below them. */
  seatsSold?: number;
}

/** Every message of the form, keyed by dotted field path ("eventOrganizer.speakers.0.emailAddress"). */
export function flatEventErrors(values: EventFormValues, facts: EventFacts = {}): Flat {
  const errors: Flat = {};
  const { information: info, eventLocation: location, eventOrganizer: organizer, attendees } = values;

  requireText(errors, 'information.name', info.name, fieldLabels.name);
  if (!errors['information.name'] && info.name.trim().length > MAX_NAME_LENGTH) errors['information.name'] = wizardMessages.maxLength(fieldLabels.name, MAX_NAME_LENGTH);
  requireText(errors, 'information.startDate', info.startDate, fieldLabels.startDate);
  requireText(errors, 'information.startTime', info.startTime, fieldLabels.startTime);
  for (const field of ['startDate', 'endDate'] as const) {
    if (info[field] && isBeforeEarliestDate(info[field])) errors[`information.${field}`] = dateMessages.tooEarly;
  }
  if (info.startDate && info.endDate) {
    const start = `${info.startDate}T${info.startTime || '00:00'}`;
    // Without an end time the event lasts until the end of its end day.
    const end = `${info.endDate}T${info.endTime || '23:59'}`;
    if (end < start) errors[info.endTime ? 'information.endTime' : 'information.endDate'] = wizardMessages.endBeforeStart;
  }

  requireText(errors, 'eventLocation.name', location.name, fieldLabels.venueName);
  requireEmail(errors, 'eventLocation.emailAddress', location.emailAddress, fieldLabels.venueEmail);
  if (hasEventLink(values.format) && !blank(location.url) && !isLink(location.url.trim())) errors['eventLocation.url'] = wizardMessages.url;

  requireText(errors, 'eventOrganizer.name', organizer.name, fieldLabels.organizerName);
  if (organizer.addContactPerson) {
    requireText(errors, 'eventOrganizer.contactPersonName', organizer.contactPersonName, fieldLabels.contactName);
    requireText(errors, 'eventOrganizer.contactPersonPhoneNumber', organizer.contactPersonPhoneNumber, fieldLabels.contactPhone);
    requireEmail(errors, 'eventOrganizer.contactPersonEmailAddress', organizer.contactPersonEmailAddress, fieldLabels.contactEmail);
  }
  organizer.speakers.forEach((speaker, index) => optionalEmail(errors, `eventOrganizer.speakers.${index}.emailAddress`, speaker.emailAddress));

  requireSwitch(errors, 'attendees.publicEvent', attendees.publicEvent, fieldLabels.publicEvent);
  requireSwitch(errors, 'attendees.needsRegistration', attendees.needsRegistration, fieldLabels.needsRegistration);
  requireSwitch(errors, 'attendees.free', attendees.free, fieldLabels.free);
  if (attendees.needsRegistration) {
    const seats = parseDecimal(attendees.maxAttendees);
    // Empty is unlimited seats.
    if (!blank(attendees.maxAttendees)) {
      if (seats === null || !Number.isInteger(seats) || seats < 1) errors['attendees.maxAttendees'] = wizardMessages.seats;
      else {
        const belowSold = seatLimitError(seats, facts.seatsSold ?? 0);
        if (belowSold) errors['attendees.maxAttendees'] = belowSold;
      }
    }
  }
  if (!attendees.free) {
    attendees.priceCategories.forEach((category, index) => {
      if (blank(category.price)) return;
      const price = parseDecimal(category.price);
      const message = price === null ? wizardMessages.price : numberError(price, { max: MAX_DECIMAL });
      if (message) errors[`attendees.priceCategories.${index}.price`] = message;
    });
  }
  return errors;
}

/** The paths (prefixes) whose messages belong to each step. */
const stepFields: Record<WizardStepKey, string[]> = {
  information: ['information.'],
  eventLocation: ['eventLocation.', 'eventAddress.', 'format'],
  organizer: ['eventOrganizer.'],
  attendees: ['attendees.'],
  agenda: ['schedules'],
  attachments: ['attachments'],
  images: ['images'],
};

/** The step a field path belongs to (0 for an unknown path). */
export function stepOfPath(path: string): number {
  const index = wizardSteps.findIndex((step) => stepFields[step.key].some((prefix) => path.startsWith(prefix)));
  return Math.max(index, 0);
}

/** For each step (in stepper order) whether it has no message. */
export function stepValidity(errors: Flat): boolean[] {
  const invalid = new Set(Object.keys(errors).map(stepOfPath));
  return wizardSteps.map((_, index) => !invalid.has(index));
}

/** The first step with a message, or -1. */
export function firstInvalidStep(errors: Flat): number {
  return stepValidity(errors).indexOf(false);
}

/** react-final-form's validate: the messages as nested errors at the fields. */
export function validateEventForm(values: EventFormValues, facts: EventFacts = {}): Record<string, unknown> {
  let nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flatEventErrors(values, facts))) nested = setIn(nested, path, message) as Record<string, unknown>;
  return nested;
}

interface MessageMeta {
  error?: unknown;
  submitError?: unknown;
  touched?: boolean;
  modified?: boolean;
  submitFailed?: boolean;
  dirtySinceLastSubmit?: boolean;
}

/**
 * When a wizard field shows its message: eagerly, as soon as it was typed in or left (Weiter stays
 * disabled meanwhile, so waiting for a save attempt would leave the person without a reason), and
 * after a save attempt. A message of the server stays until the field is changed.
 */
export function shownWizardError(meta: MessageMeta): string | undefined {
  if (typeof meta.error === 'string' && meta.error && (meta.touched || meta.modified || meta.submitFailed)) return meta.error;
  if (typeof meta.submitError === 'string' && meta.submitError && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}
