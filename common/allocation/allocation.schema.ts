/**
 * Allocation rounds ("Vergaberunde", docs/bookings.md): the inputs of a round, an application with
 * its wishes and a staff decision on a wish, described once with their German messages. The server
 * parses REST bodies and GraphQL inputs with them; the OpenAPI document shows them. Plain TypeScript.
 */
import { z } from 'zod';
import { parseDate, parseTime } from '../time/berlin.js';
import { weekdayCodes, type WeekdayCode } from '../bookings/series.js';
import { anyValue, cutText, flag, instantOf, looseObject, MAIL_PATTERN, nameText, optionalChoice, textList } from '../validation/schema.js';

export const allocationRoundStates = ['OPEN', 'PUBLISHED'] as const;
export type AllocationRoundState = (typeof allocationRoundStates)[number];

export const allocationDecisions = ['GRANT', 'DECLINE'] as const;
export type AllocationDecision = (typeof allocationDecisions)[number];

/** At most this many wishes per application. */
export const MAX_ALLOCATION_WISHES = 20;
/** Weekly (1) up to every fourth week. */
export const MAX_ALLOCATION_INTERVAL = 4;

export const allocationMessages = {
  title: 'Bitte geben Sie einen Titel an.',
  date: 'Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.',
  seasonEnd: 'Das Ende der Saison liegt vor ihrem Beginn.',
  seasonTooLong: 'Eine Saison dauert höchstens ein Jahr.',
  instant: 'Bitte geben Sie einen Zeitpunkt an.',
  windowEnd: 'Das Ende der Bewerbungsfrist muss nach ihrem Beginn liegen.',
  bookables: 'Bitte wählen Sie mindestens ein Objekt.',
  name: 'Bitte geben Sie den Namen der Organisation an.',
  contactName: 'Bitte geben Sie eine Ansprechperson an.',
  mail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  wishes: `Bitte geben Sie 1 bis ${MAX_ALLOCATION_WISHES} Wünsche an.`,
  wishObject: 'Bitte wählen Sie entweder ein Objekt oder eine Objektart.',
  weekday: 'Bitte wählen Sie einen Wochentag (MO, TU, WE, TH, FR, SA oder SU).',
  time: 'Bitte geben Sie eine Uhrzeit im Format HH:MM an.',
  timeOrder: 'Das Ende muss nach dem Beginn liegen.',
  interval: `Der Rhythmus muss eine ganze Zahl von 1 (wöchentlich) bis ${MAX_ALLOCATION_INTERVAL} sein.`,
  participants: 'Die Teilnehmerzahl muss eine ganze Zahl ab 0 sein.',
  priority: `Die Priorität muss eine ganze Zahl von 1 bis ${MAX_ALLOCATION_WISHES} sein.`,
  priorityTwice: 'Jede Priorität darf nur einmal vergeben werden.',
  decision: 'Bitte entscheiden Sie: GRANT (zusagen) oder DECLINE (absagen).',
  reason: 'Eine Absage braucht eine Begründung.',
  wishId: 'Bitte nennen Sie den Wunsch.',
} as const;

const MAX_TEXT = 200;
const MAX_COMMENT = 2000;

const issue = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A Berlin calendar day "YYYY-MM-DD". */
const requiredDate = anyValue().transform((value, context) => (typeof value === 'string' && parseDate(value.trim()) ? value.trim() : issue(context, allocationMessages.date)));

/** An instant (epoch ms, ISO text or Date); required. */
const requiredInstant = anyValue().transform((value, context) => instantOf(value) ?? issue(context, allocationMessages.instant));

/** A Berlin wall time "HH:MM"; absent is null. */
const wallTime = (required: boolean) =>
  anyValue().transform((value, context): string | null => {
    if (!required && (value === null || value === '')) return null;
    if (typeof value === 'string' && /^\d{2}:\d{2}$/.test(value.trim()) && parseTime(value.trim()) !== null) return value.trim();
    return issue(context, allocationMessages.time);
  });

const wholeNumber = (min: number, max: number, message: string, fallback: number) =>
  anyValue().transform((value, context) => {
    if (value === null || value === '') return fallback;
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed >= min && parsed <= max ? parsed : issue(context, message);
  });

const weekday = (required: boolean) =>
  optionalChoice(weekdayCodes, allocationMessages.weekday).transform((value, context): WeekdayCode | null => (value === null && required ? issue(context, allocationMessages.weekday) : value));

/** A round as staff create or change it: title, season (Berlin days), application window (instants), objects, holidays. */
// Checks of a single field sit at the field, so a form hears of every wrong field at once (a rule
// across fields runs only once the fields themselves are right).
const requiredText = (message: string) => nameText(MAX_TEXT).refine((value) => value !== '', { error: message });

export const allocationRoundSchema = looseObject({
  title: requiredText(allocationMessages.title),
  seasonBegin: requiredDate,
  seasonEnd: requiredDate,
  applicationsFrom: requiredInstant,
  applicationsUntil: requiredInstant,
  bookableIds: textList().refine((ids) => ids.length > 0, { error: allocationMessages.bookables }),
  skipHolidays: flag(true),
}).superRefine((round, context) => {
  if (round.seasonEnd < round.seasonBegin) context.addIssue({ code: 'custom', message: allocationMessages.seasonEnd, path: ['seasonEnd'] });
  // Compared as text, as the series rule compares its end (common/bookings/series.ts).
  else if (round.seasonEnd > `${Number(round.seasonBegin.slice(0, 4)) + 1}${round.seasonBegin.slice(4)}`) context.addIssue({ code: 'custom', message: allocationMessages.seasonTooLong, path: ['seasonEnd'] });
  if (round.applicationsUntil <= round.applicationsFrom) context.addIssue({ code: 'custom', message: allocationMessages.windowEnd, path: ['applicationsUntil'] });
});
export type AllocationRoundInput = z.output<typeof allocationRoundSchema>;

/** One wish: an object of the round or a kind of object, a weekday and Berlin wall times, the rhythm and the applicant's priority. */
export const allocationWishSchema = looseObject({
  bookableId: cutText(MAX_TEXT),
  bookableType: cutText(MAX_TEXT),
  weekday: weekday(true),
  timeBegin: wallTime(true),
  timeEnd: wallTime(true),
  interval: wholeNumber(1, MAX_ALLOCATION_INTERVAL, allocationMessages.interval, 1),
  participants: wholeNumber(0, 100_000, allocationMessages.participants, 0),
  priority: wholeNumber(1, MAX_ALLOCATION_WISHES, allocationMessages.priority, 0).refine((priority) => priority !== 0, { error: allocationMessages.priority }),
  comment: cutText(MAX_COMMENT),
}).superRefine((wish, context) => {
  if (Boolean(wish.bookableId) === Boolean(wish.bookableType)) context.addIssue({ code: 'custom', message: allocationMessages.wishObject, path: ['bookableId'] });
  if (wish.timeBegin !== null && wish.timeEnd !== null && wish.timeEnd <= wish.timeBegin) context.addIssue({ code: 'custom', message: allocationMessages.timeOrder, path: ['timeEnd'] });
});
export type AllocationWishInput = z.output<typeof allocationWishSchema>;

/** An application: the organisation, how to reach it, its registration, and 1 to 20 wishes with distinct priorities. */
export const allocationApplicationSchema = looseObject({
  name: requiredText(allocationMessages.name),
  contactName: requiredText(allocationMessages.contactName),
  mail: cutText(MAX_TEXT).refine((mail) => MAIL_PATTERN.test(mail), { error: allocationMessages.mail }),
  phone: cutText(MAX_TEXT),
  registration: cutText(MAX_TEXT),
  wishes: anyValue().pipe(z.array(allocationWishSchema, { error: allocationMessages.wishes }).min(1, { error: allocationMessages.wishes }).max(MAX_ALLOCATION_WISHES, { error: allocationMessages.wishes })),
}).superRefine((application, context) => {
  const seen = new Set<number>();
  application.wishes.forEach((wish, index) => {
    if (seen.has(wish.priority)) context.addIssue({ code: 'custom', message: allocationMessages.priorityTwice, path: ['wishes', index, 'priority'] });
    seen.add(wish.priority);
  });
});
export type AllocationApplicationInput = z.output<typeof allocationApplicationSchema>;

/**
 * A staff decision on a wish: GRANT as wished, or with another object, weekday or times (each
 * given replaces the wished one); DECLINE with a reason the applicant reads.
 */
const decisionShape = {
  decision: optionalChoice(allocationDecisions, allocationMessages.decision),
  bookableId: cutText(MAX_TEXT),
  weekday: weekday(false),
  timeBegin: wallTime(false),
  timeEnd: wallTime(false),
  reason: cutText(MAX_COMMENT),
};

function checkDecision(input: { decision: AllocationDecision | null; reason: string; timeBegin: string | null; timeEnd: string | null }, context: z.RefinementCtx): void {
  if (input.decision === null) context.addIssue({ code: 'custom', message: allocationMessages.decision, path: ['decision'] });
  if (input.decision === 'DECLINE' && !input.reason) context.addIssue({ code: 'custom', message: allocationMessages.reason, path: ['reason'] });
  if (input.timeBegin !== null && input.timeEnd !== null && input.timeEnd <= input.timeBegin) context.addIssue({ code: 'custom', message: allocationMessages.timeOrder, path: ['timeEnd'] });
}

/** The decision as REST takes it, the wish named by the path. */
export const allocationDecisionBodySchema = looseObject(decisionShape).superRefine(checkDecision);

/** The decision with the wish it concerns (GraphQL's decideAllocationWish). */
export const allocationDecisionSchema = looseObject({ ...decisionShape, wishId: cutText(MAX_TEXT) }).superRefine((input, context) => {
  if (!input.wishId) context.addIssue({ code: 'custom', message: allocationMessages.wishId, path: ['wishId'] });
  checkDecision(input, context);
});
export type AllocationDecisionInput = z.output<typeof allocationDecisionSchema>;

/** Whether two Berlin wall-time windows "HH:MM" overlap (touching ends do not). */
export const wallTimesOverlap = (a: { timeBegin: string; timeEnd: string }, b: { timeBegin: string; timeEnd: string }): boolean => a.timeBegin < b.timeEnd && b.timeBegin < a.timeEnd;
