import { paymentMethodLabels, paymentProviderLabels } from '../../../common/bookings/labels.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookingConditionBuilder } from './booking-conditions.js';
import type { BookingConditions } from './booking.queries.js';
import { containsPattern } from '../shared/sql.js';

/**
 * The staff's search in the database, as forgiving as a fuzzy search in the browser: the query's
 * whitespace-separated terms must all match (AND); a term matches a booking when its search text
 * (number, customer, address, mail, phone, coupon, comment, booked titles, begin date;
 * searchTextOf) contains it, when a word there is similar enough by trigrams and the term is found
 * nowhere as typed (a typo: "Hildegart" finds "Hildegard"), or when it is part of a word the list shows for the booking's state, payment
 * or payment way ("freigegeben", "bezahlt", "Rechnung"). Text and similarity are answered by the trigram index on
 * search_text; the state words are read from the flags, which change without the text.
 */

/** At most this many terms count; the rest are ignored. */
const MAX_TERMS = 10;

/**
 * Terms this long or longer may differ from the text by a typo. Shorter ones have too few trigrams
 * to tell a typo from another word, and must occur as typed (a fuzzy search with a threshold of
 * 0.3 allows no error in up to three characters either).
 */
export const FUZZY_MIN_TERM_LENGTH = 4;

/**
 * Whether a term may match despite a typo: long enough and without digits. Numbers, dates and
 * phone numbers must match as typed: "04.05.2027" shares most trigrams with "03.05.2027".
 */
const mayDifferByTypo = (term: string) => [...term].length >= FUZZY_MIN_TERM_LENGTH && !/\p{Nd}/u.test(term);

/**
 * How much of a term's trigrams must occur in order in one stretch of the search text (pg_trgm's
 * word similarity, answered by the GIN index through `%>`): a wrong or missing letter in a name of
 * eight or nine letters keeps about 0.8 of them. Lower thresholds let a stretch across two words
 * pass ("normal" would find "nord … saal").
 */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Sets the word similarity threshold `%>` uses, for the running transaction only. */
export const SIMILARITY_THRESHOLD_SQL = `select set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', true)`;

/** The words the list shows for the state and payment, each with the bookings it is shown for. */
const stateWords: readonly { word: string; condition: string }[] = [
  { word: 'ausstehend', condition: '((not b.is_committed and not b.is_rejected) or not b.is_payed)' },
  { word: 'freigegeben', condition: '(b.is_committed and not b.is_rejected)' },
  { word: 'abgelehnt', condition: '(b.is_rejected and not b.is_committed)' },
  { word: 'storniert', condition: '(b.is_rejected and b.is_committed)' },
  { word: 'bezahlt', condition: 'b.is_payed' },
];

const lower = (text: string) => text.toLocaleLowerCase('de-DE');

/** The codes whose German label contains the term. */
const codesLabelled = (labels: Readonly<Record<string, string>>, term: string) =>
  Object.entries(labels)
    .filter(([, label]) => lower(label).includes(term))
    .map(([code]) => code);

/** The search's terms in lower case, at most MAX_TERMS. */
export const searchTerms = (search: string | null | undefined): string[] => lower(search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);

/**
 * Adds a condition per term to the list's conditions. A term found as typed (in the search text, or
 * as a state or payment word) among the bookings the other conditions list matches only so; a term
 * found nowhere as typed also matches by similarity (a typo in the search: "Schneidr"). So a common
 * name is answered by the trigram index alone, without weighing every similar word, and a typo still
 * finds its booking. The conditions added so far (tenant, reader, filters) decide, read in one
 * statement. Returns whether a term compares by similarity: then the statement must run after
 * SIMILARITY_THRESHOLD_SQL in its transaction.
 */
export async function addSearchConditions(em: EntityManager, where: BookingConditionBuilder, search: string | null | undefined): Promise<{ fuzzy: boolean }> {
  const terms = searchTerms(search).map((term) => ({ term, exact: exactAlternatives(term) }));
  const undecided = terms.filter(({ term, exact }) => mayDifferByTypo(term) && exact.sql.length === 1);
  const foundAsTyped = await termsFoundAsTyped(
    em,
    where,
    undecided.map(({ term }) => term),
  );
  let fuzzy = false;
  for (const { term, exact } of terms) {
    const alternatives = [...exact.sql];
    const params = [...exact.params];
    if (undecided.some((entry) => entry.term === term) && !foundAsTyped.has(term)) {
      alternatives.push('b.search_text %> ?');
      params.push(term);
      fuzzy = true;
    }
    where.add(`(${alternatives.join(' or ')})`, ...params);
  }
  return { fuzzy };
}

/** A term's matches as typed: in the search text, as a state word, as a payment method's or provider's label. */
function exactAlternatives(term: string): { sql: string[]; params: unknown[] } {
  const sql: string[] = ['b.search_text like ?'];
  const params: unknown[] = [containsPattern(term)];
  for (const { word, condition } of stateWords) if (word.includes(term)) sql.push(condition);
  for (const [column, codes] of [
    ['b.payment_method', codesLabelled(paymentMethodLabels, term)],
    ['b.payment_provider', codesLabelled(paymentProviderLabels, term)],
  ] as const) {
    if (codes.length === 0) continue;
    sql.push(`${column} in (${codes.map(() => '?').join(', ')})`);
    params.push(...codes);
  }
  return { sql, params };
}

/** Which of the terms occur as typed in the search text of a booking the conditions list (one statement, each through the trigram index). */
async function termsFoundAsTyped(em: EntityManager, where: BookingConditions, terms: readonly string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const condition = where.sql.join(' and ');
  const checks = terms.map((_, index) => `exists (select 1 from bookings b where ${condition} and b.search_text like ?) as "${index}"`);
  const [row] = await em.execute<Record<string, boolean>[]>(
    `select ${checks.join(', ')}`,
    terms.flatMap((term) => [...where.params, containsPattern(term)]),
  );
  return new Set(terms.filter((_, index) => row[String(index)]));
}
