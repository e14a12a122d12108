import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { bookableMessages, bookableSchema, singlePriceSchema, type ParsedBookable } from '../../../common/bookables/bookable.schema.js';
import { parseFields, type FieldErrors } from '../../../common/validation/schema.js';
import type { BookableData } from './bookable.model.js';
import { defaultBookableData } from './bookable.defaults.js';
import { listShapeChanged, resolveSinglePrice, type PriceShape, type SentSinglePrice } from './bookable.single-price.js';

/**
 * The server's part of a bookable's save rules: the data rules and their messages are the schema in
 * common/bookables/bookable.schema.ts (docs/bookables-and-files.md), shared with the editor. Here
 * the input is laid over the stored bookable, the original product's single price mapped to the
 * categories, rich text sanitised and attachments without id given one. References to other rows
 * (parent, related objects, users, roles) are checked by the service.
 */
export { bookableMessages, MAX_AMOUNT, MAX_DURATION_HOURS, MAX_PRICE, toAmount } from '../../../common/bookables/bookable.schema.js';
export { isLink } from '../../../common/validation/links.js';
export { parseNumber as toNumber } from '../../../common/validation/numbers.js';

const MAX_RICH_TEXT = 100_000;

/** Paragraphs, emphasis, lists, headings and links: what the lexical editors produce. */
export function sanitizeRichText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return sanitizeHtml(value.slice(0, MAX_RICH_TEXT), {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'blockquote', 'code'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
}

/** The stored bookable (or the defaults without a type on create) with the sent fields laid over it. */
function overlaid(input: Record<string, unknown>, current: BookableData | null): Record<string, unknown> {
  // On create the type must come from the input: the defaults' placeholder type does not count.
  const merged: Record<string, unknown> = { ...(current ?? { ...defaultBookableData('room'), type: undefined }) };
  for (const [key, value] of Object.entries(input)) if (value !== undefined && key in merged) merged[key] = value;
  // The form spells the dependent objects relatedBookablesIds.
  if (input.relatedBookableIds === undefined && input.relatedBookablesIds !== undefined) merged.relatedBookableIds = input.relatedBookablesIds;
  return merged;
}

/**
 * Price type and categories: from the list shape, or from the single price when the write sent
 * one (bookable.single-price.ts decides which shape wins; a contradiction names the fields).
 */
function priceShape(input: Record<string, unknown>, single: SentSinglePrice, fromList: PriceShape, current: BookableData | null): { shape: PriceShape } | { fieldErrors: FieldErrors } {
  if (single.priceEur === undefined && single.priceCategory === undefined) return { shape: fromList };
  const changed = listShapeChanged({ priceType: input.priceType !== undefined, priceCategories: input.priceCategories !== undefined }, fromList, current);
  const outcome = resolveSinglePrice(single, fromList, current, changed);
  if ('shape' in outcome) return { shape: outcome.shape };
  if (outcome.conflict === 'graduated') return { fieldErrors: { priceEur: bookableMessages.singlePriceGraduated } };
  const fields = [
    ...(single.priceEur !== undefined ? ['priceEur'] : []),
    ...(single.priceCategory !== undefined ? ['priceCategory'] : []),
    ...(changed.priceType ? ['priceType'] : []),
    ...(changed.priceCategories ? ['priceCategories'] : []),
  ];
  return { fieldErrors: Object.fromEntries(fields.map((field) => [field, bookableMessages.priceShapes])) };
}

/** The parsed bookable as stored: sanitised rich text, every attachment with an id. */
function stored(bookable: ParsedBookable, shape: PriceShape): BookableData {
  return {
    ...bookable,
    ...shape,
    description: sanitizeRichText(bookable.description),
    bookingNotes: sanitizeRichText(bookable.bookingNotes),
    attachments: bookable.attachments.map((attachment) => (attachment.id ? attachment : { ...attachment, id: randomUUID() })),
  };
}

/**
 * The complete bookable data after applying `input` to `current` (or the defaults on create), or
 * the messages of what cannot be saved by field path.
 */
export function validateBookable(input: Record<string, unknown>, current: BookableData | null): { data: BookableData; fieldErrors: FieldErrors } | { data: null; fieldErrors: FieldErrors } {
  const parsed = parseFields(bookableSchema(current?.type ?? null), overlaid(input, current));
  const single = parseFields(singlePriceSchema, input);
  const fieldErrors = { ...(single.ok ? {} : single.fieldErrors), ...(parsed.ok ? {} : parsed.fieldErrors) };
  if (!parsed.ok || !single.ok) return { data: null, fieldErrors };
  const { priceType, priceValueAddedTax, priceCategories } = parsed.value;
  const shape = priceShape(input, single.value, { priceType, priceValueAddedTax, priceCategories }, current);
  if ('fieldErrors' in shape) return { data: null, fieldErrors: shape.fieldErrors };
  return { data: stored(parsed.value, shape.shape), fieldErrors: {} };
}
