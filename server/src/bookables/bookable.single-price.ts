import { singlePriceCategories, type SinglePriceCategory } from '../../../common/bookables/bookable.schema.js';
import type { BookableData, PriceCategory } from './bookable.model.js';

/**
 * The original product's price shape: one net price `priceEur` per unit `priceCategory`. Our
 * bookables keep a price type and a list of price categories; clients written for the original
 * (its administration client among them) still read and write the single price, so REST maps
 * between the two. No Node imports: pure rules.
 */
export { singlePriceCategories, type SinglePriceCategory };

export interface SinglePrice {
  priceEur: number;
  priceCategory: SinglePriceCategory;
}

/** What a write sent in the single-price shape (already validated); a field not sent is absent. */
export interface SentSinglePrice {
  priceEur?: number;
  priceCategory?: SinglePriceCategory;
}

export type PriceShape = Pick<BookableData, 'priceType' | 'priceValueAddedTax' | 'priceCategories'>;

/**
 * The single price that says exactly what the categories say, or null: one category (which is then
 * always used), charged per unit (no flat price), with the bookable's VAT (the original had no
 * other), for a price type the original knew.
 */
export function singlePriceOf(shape: PriceShape): SinglePrice | null {
  if (shape.priceCategories.length !== 1) return null;
  const [category] = shape.priceCategories;
  const priceCategory = singlePriceCategories.find((candidate) => candidate === shape.priceType);
  if (!priceCategory || category.fixedPrice || category.priceValueAddedTax !== shape.priceValueAddedTax) return null;
  return { priceEur: category.priceEur, priceCategory };
}

function samePriceCategories(a: readonly PriceCategory[], b: readonly PriceCategory[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (category, index) =>
        category.priceEur === b[index].priceEur &&
        category.priceValueAddedTax === b[index].priceValueAddedTax &&
        category.fixedPrice === b[index].fixedPrice &&
        category.interval.start === b[index].interval.start &&
        category.interval.end === b[index].interval.end,
    )
  );
}

/** Whether the write changed the list shape, compared with the stored object (or, on create, sent it at all). */
export function listShapeChanged(sent: { priceType: boolean; priceCategories: boolean }, fromList: PriceShape, current: PriceShape | null): { priceType: boolean; priceCategories: boolean } {
  if (!current) return { priceType: sent.priceType, priceCategories: sent.priceCategories && fromList.priceCategories.length > 0 };
  return { priceType: fromList.priceType !== current.priceType, priceCategories: !samePriceCategories(fromList.priceCategories, current.priceCategories) };
}

export type SinglePriceOutcome =
  | { shape: PriceShape }
  /** Both shapes were changed and say different things. */
  | { conflict: 'both-shapes' }
  /** One price cannot replace several categories (a graduation). */
  | { conflict: 'graduated' };

/**
 * The price a write stores when it sent single-price fields. `fromList` is what the list shape of
 * the same write (sent fields over the stored ones) gives. A client that read a bookable and
 * writes it back sends both shapes and changes one of them; that one wins:
 * - both shapes say the same: nothing to decide;
 * - the list shape was changed and the single price is the one a read of the stored object shows:
 *   the single price is only an echo, the list decides;
 * - the list shape is unchanged: the single price decides (its unit becomes the price type; a
 *   price becomes the one category, open interval, no flat price, the bookable's VAT, so a
 *   changed VAT reaches the price as the original's bookable-level VAT did);
 * - both changed and differ, or one price would replace several categories: refused.
 */
export function resolveSinglePrice(sent: SentSinglePrice, fromList: PriceShape, current: PriceShape | null, changed: { priceType: boolean; priceCategories: boolean }): SinglePriceOutcome {
  const agrees = (shown: SinglePrice | null) =>
    shown !== null && (sent.priceEur === undefined || sent.priceEur === shown.priceEur) && (sent.priceCategory === undefined || sent.priceCategory === shown.priceCategory);
  if (agrees(singlePriceOf(fromList))) return { shape: fromList };
  const echoed = current !== null && agrees(singlePriceOf(current));
  if (echoed && (changed.priceType || changed.priceCategories)) return { shape: fromList };
  const typeConflict = sent.priceCategory !== undefined && changed.priceType && sent.priceCategory !== fromList.priceType;
  if (typeConflict || (sent.priceEur !== undefined && changed.priceCategories)) return { conflict: 'both-shapes' };
  const priceType = sent.priceCategory ?? fromList.priceType;
  const priceEur = sent.priceEur ?? (echoed ? singlePriceOf(current)?.priceEur : undefined);
  if (priceEur === undefined) return { shape: { ...fromList, priceType } };
  if (fromList.priceCategories.length > 1) return { conflict: 'graduated' };
  const category: PriceCategory = { priceEur, priceValueAddedTax: fromList.priceValueAddedTax, interval: { start: null, end: null }, fixedPrice: false };
  return { shape: { priceType, priceValueAddedTax: fromList.priceValueAddedTax, priceCategories: [category] } };
}
