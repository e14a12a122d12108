import type { BookableFieldsFragment } from '../../gql/graphql';
import { FREE_TEXT, formatCurrency, priceUnitSuffix } from '../../shared/format';

/** Pure texts of a bookable card. */

export const DESCRIPTION_LIMIT = 140;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The rich-text description as plain text: tags dropped, blocks separated, entities decoded. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote|tr)>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** At most `limit` characters, then ' ...' when something was cut. */
export function truncate(text: string, limit = DESCRIPTION_LIMIT): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('').trimEnd()} ...` : text;
}

export function shortDescription(html: string | null | undefined): string {
  return truncate(htmlToText(html));
}

type PricedBookable = Pick<BookableFieldsFragment, 'priceType'> & { priceCategories: readonly { priceEur: number }[] };

/**
 * The card's price: 'Kostenfrei' unless some category costs something; otherwise the lowest
 * category price with its unit, prefixed by 'ab' when the categories differ.
 */
export function priceText(bookable: PricedBookable): string {
  const prices = bookable.priceCategories.map((category) => category.priceEur);
  if (!prices.some((price) => price > 0)) return FREE_TEXT;
  const lowest = Math.min(...prices);
  const prefix = prices.some((price) => price !== lowest) ? 'ab ' : '';
  return `${prefix}${formatCurrency(lowest)} ${priceUnitSuffix(bookable.priceType)}`;
}
