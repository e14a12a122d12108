/**
 * The bridge between zod schemas and the way this product reports wrong input: a flat record of
 * German messages keyed by the field's dotted path (`bookableItems.1.amount`), the first message per
 * field. The server turns that record into a 400 / GENERIC_VALIDATION with `fieldErrors`; the
 * client's forms hand it to react-final-form. Building blocks used by many schemas live here too, so
 * a rule (a mail address, a bounded number, a time stamp) is written once. Plain TypeScript.
 */
import { z } from 'zod';
import { isLink } from './links.js';
import { hasInvisibleControls, invisibleControlsMessage } from './text.js';
import { MAIL_PATTERN, mailMessages } from './mail.js';
import { numberError, parseNumber, type NumberBounds } from './numbers.js';

export { MAIL_PATTERN };

export type FieldErrors = Record<string, string>;

export const schemaMessages = {
  required: 'Pflichtfeld',
  invalidValue: 'Ungültiger Wert',
  invalidInstant: 'Ungültiger Zeitpunkt',
  mail: mailMessages.invalid,
  maxLength: (max: number) => `Höchstens ${max} Zeichen`,
  invisibleControls: invisibleControlsMessage,
} as const;

/** The dotted path of an issue, as field errors name it (`attachments.1.url`). */
export const issuePath = (issue: { path: readonly PropertyKey[] }): string => issue.path.map(String).join('.');

/**
 * The first message per field of a failed parse. An issue without a path (the input is not even an
 * object) is reported under `_`; schemas here refine per field, so that only happens for garbage.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issuePath(issue) || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

/** Parses without throwing: the value, or the German messages per field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: fieldErrorsOf(result.error) };
}

/** Any value that is not a plain object counts as an empty one: the fields then report what is missing. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** An object schema that reads garbage (null, a list, a number) as an empty object. */
export const looseObject = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess(asRecord, z.object(shape));

/**
 * Optional free text: absent or null is '', numbers are taken as their digits, the rest trimmed and
 * at most `max` characters.
 */
export const trimmedText = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value),
    z.string({ error: schemaMessages.invalidValue }).trim().max(max, { error: schemaMessages.maxLength(max) }),
  );

/** An optional mail address: '' when absent, otherwise text @ text . text. */
export const optionalMail = (max: number) =>
  trimmedText(max).refine((value) => value === '' || MAIL_PATTERN.test(value), { error: schemaMessages.mail });

/**
 * Any value, absent read as null. zod 4 reports an absent key of `z.unknown().transform(…)` as
 * missing ("nonoptional"), so transforms that decide themselves what empty means start here.
 */
export const anyValue = () => z.preprocess((value) => (value === undefined ? null : value), z.unknown());

/** A number within its column's bounds, from JSON or a form ("12,50"); null when empty. */
export const boundedNumber = (bounds: NumberBounds) =>
  anyValue().transform((value, context) => {
    const parsed = parseNumber(value);
    if (parsed === null) return null;
    const message = numberError(parsed, bounds);
    if (message) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });

/** Years 1970 to 2200: anything outside is a typo, not a booking. */
const MIN_INSTANT = 0;
const MAX_INSTANT = Date.UTC(2200, 0, 1);

/** Epoch ms (number or digits), an ISO text or a Date; null when absent; undefined when malformed. */
export function instantOf(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) ms = Number(value);
  else if (typeof value === 'string') ms = Date.parse(value);
  else return undefined;
  if (!Number.isFinite(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) return undefined;
  return new Date(ms);
}

/** An optional point in time (see instantOf): a Date or null. */
export const optionalInstant = anyValue().transform((value, context) => {
  const instant = instantOf(value);
  if (instant === undefined) {
    context.addIssue({ code: 'custom', message: schemaMessages.invalidInstant });
    return z.NEVER;
  }
  return instant;
});

/** One of a fixed list of texts; absent or '' is null; anything else gets `message`. */
export const optionalChoice = <const Values extends readonly [string, ...string[]]>(values: Values, message: string) =>
  anyValue().transform((value, context): Values[number] | null => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as Values[number];
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** Longest list a request may carry; further entries are left out. */
export const MAX_LIST_LENGTH = 200;

/** Text as stored columns take it: trimmed, numbers as digits, anything else '', cut at `max` silently. */
export const cutText = (max: number) =>
  anyValue().transform((value) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '').slice(0, max));

/** A switch: true or 'true', false or 'false'; anything else is `fallback`. */
export const flag = (fallback: boolean) =>
  anyValue().transform((value) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : fallback));

/** A list of `item`s; anything that is not a list is an empty one, entries beyond MAX_LIST_LENGTH are left out. */
export const listOf = <Item extends z.ZodType>(item: Item) =>
  anyValue()
    .transform((value) => (Array.isArray(value) ? value.slice(0, MAX_LIST_LENGTH) : []))
    .pipe(z.array(item));

/** Distinct trimmed non-empty texts in their first order (tags, flags, ids); other entries are left out. */
export const textList = () =>
  listOf(z.unknown()).transform((items) => [...new Set(items.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter(Boolean))]);

/**
 * A name, title or address refuses bidirectional and zero-width controls (text.ts): every schema
 * builds those fields with this (or nameText, optionalLink), so the rule and its message are one.
 */
export const visibleOnly = <Schema extends z.ZodType<string>>(schema: Schema) =>
  schema.refine((value) => !hasInvisibleControls(value), { error: schemaMessages.invisibleControls });

/** A name or title as stored columns take it (see cutText), without invisible controls. */
export const nameText = (max: number) => visibleOnly(cutText(max));

/** An optional link (see links.ts): '' when absent, cut at `max`, `message` when it is no link; no invisible controls. */
export const optionalLink = (max: number, message: string) => visibleOnly(cutText(max)).refine((value) => value === '' || isLink(value), { error: message });

/**
 * A field of a partial write: when sent, normalised and then checked (a message or null); absent,
 * undefined, so the stored value stays. The check does not stop the parse, so rules across fields
 * still run and every wrong field is named at once.
 */
export const checkedWhenSent = <Value>(normalise: (value: unknown) => Value, check: (value: Value) => string | null = () => null) =>
  anyValue()
    .transform(normalise)
    .superRefine((value, context) => {
      const message = check(value);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .optional();
