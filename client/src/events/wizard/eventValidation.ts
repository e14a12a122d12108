import { z } from 'zod';
import { eventFieldLabels, eventMessages, eventSchema } from '../../../../common/events/event.schema';
import { seatLimitError } from '../../../../common/events/seats';
import { parseNumber } from '../../../../common/validation/numbers';
import { parseFields } from '../../../../common/validation/schema';
import { nestedErrors } from '../../shared/forms/schemaValidate';
import { type EventFormValues, hasEventLink } from './eventFormValues';
import { type WizardStepKey, wizardSteps } from './wizardSteps';

/**
 * The wizard's rules as one function of the whole form (react-final-form's record-level validate):
 * the stepper, Weiter and Absenden read which step has a message. The data rules and their German
 * messages are the event schema of common/ (docs/events.md), which the server applies again; the
 * wizard adds what a complete announcement needs and maps each message to its step.
 */

/** The labels of the checked fields, also the inputs' labels. */
export const fieldLabels = {
  name: eventFieldLabels.name,
  startDate: eventFieldLabels.startDate,
  startTime: eventFieldLabels.startTime,
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

type Flat = Record<string, string>;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const filledIn = (label: string) => z.unknown().refine((value) => !isBlank(value), { error: eventMessages.required(label) });
const setSwitch = (label: string) => z.unknown().refine((value) => typeof value === 'boolean', { error: eventMessages.required(label) });

/**
 * What the wizard requires beyond the data rules for a complete announcement. Refinements only, so
 * every missing field is named at once; the contact person only when it is added.
 */
const completeAnnouncement = z.object({
  eventLocation: z.object({ name: filledIn(fieldLabels.venueName), emailAddress: filledIn(fieldLabels.venueEmail) }),
  eventOrganizer: z
    .object({ name: filledIn(fieldLabels.organizerName), addContactPerson: z.unknown(), contactPersonName: z.unknown(), contactPersonPhoneNumber: z.unknown(), contactPersonEmailAddress: z.unknown() })
    .superRefine((organizer, context) => {
      if (organizer.addContactPerson !== true) return;
      const required = [
        ['contactPersonName', fieldLabels.contactName],
        ['contactPersonPhoneNumber', fieldLabels.contactPhone],
        ['contactPersonEmailAddress', fieldLabels.contactEmail],
      ] as const;
      for (const [field, label] of required) if (isBlank(organizer[field])) context.addIssue({ code: 'custom', path: [field], message: eventMessages.required(label) });
    }),
  attendees: z.object({ publicEvent: setSwitch(fieldLabels.publicEvent), needsRegistration: setSwitch(fieldLabels.needsRegistration), free: setSwitch(fieldLabels.free) }),
});

/**
 * The form as the schema reads what would be sent: numbers still as typed (so "zwölf" is named,
 * not read as 0), and only what applies (the seat limit with registration, prices of a paid
 * event, the link of hybrid and online events, the contact person when added).
 */
function asSent(values: EventFormValues): unknown {
  const { attendees, eventLocation: location, eventOrganizer: organizer } = values;
  const contact = organizer.addContactPerson;
  return {
    ...values,
    eventLocation: { ...location, url: hasEventLink(values.format) ? location.url : '' },
    eventOrganizer: {
      ...organizer,
      contactPersonName: contact ? organizer.contactPersonName : '',
      contactPersonPhoneNumber: contact ? organizer.contactPersonPhoneNumber : '',
      contactPersonEmailAddress: contact ? organizer.contactPersonEmailAddress : '',
      contactPersonImage: contact ? organizer.contactPersonImage : '',
    },
    attendees: { ...attendees, maxAttendees: attendees.needsRegistration ? attendees.maxAttendees : '', priceCategories: attendees.free ? [] : attendees.priceCategories },
  };
}

/** What the form's rules need to know of the stored event besides its values. */
export interface EventFacts {
  /** Seats sold so far (edit): the limit may not fall below them. */
  seatsSold?: number;
}

/** Every message of the form, keyed by dotted field path ("eventOrganizer.speakers.0.emailAddress"). */
export function flatEventErrors(values: EventFormValues, facts: EventFacts = {}): Flat {
  const data = parseFields(eventSchema, asSent(values));
  const complete = parseFields(completeAnnouncement, values);
  const errors: Flat = { ...(complete.ok ? {} : complete.fieldErrors), ...(data.ok ? {} : data.fieldErrors) };
  if (!errors['attendees.maxAttendees'] && values.attendees.needsRegistration) {
    const seats = parseNumber(values.attendees.maxAttendees);
    const belowSold = seats !== null && Number.isInteger(seats) ? seatLimitError(seats, facts.seatsSold ?? 0) : null;
    if (belowSold) errors['attendees.maxAttendees'] = belowSold;
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
  return nestedErrors(flatEventErrors(values, facts));
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
