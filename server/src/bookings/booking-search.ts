import { paymentMethodLabels, paymentProviderLabels } from '../../../common/bookings/labels.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookingConditionBuilder } from './booking-conditions.js';
import type { BookingConditions } from './booking.queries.js';
import { containsPattern } from '../shared/sql.js';

/**
 * The staff's search in the database, as forgiving as a fuzzy search in the browser: the query's
 * whitespace-separated terms must all match (AND); a term matches a booking when its search text
 * (number, customer, address, mail, phone, coupon, comment, booked titles, begin date;
 * searchTextOf) contains it, when it is part of a word the list shows for the booking's state,
 * payment or payment way ("freigegeben", "bezahlt", "Rechnung"), or, for a term found nowhere as
 * typed, when the text contains a word similar to it by trigrams (a typo: "Hildegart" finds
 * "Hildegard"). Texts and words are read through trigram indexes; the state words from the flags,
 * which change without the text.
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
 * How much of a term's trigrams must occur in order in a word of the search texts (pg_trgm's word
 * similarity, answered by the word list's GIN index through `%>`): a wrong or missing letter in a
 * name of eight or nine letters keeps about 0.8 of them. Lower thresholds let unrelated words pass
 * ("normal" would find "nord").
 */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Sets the word similarity threshold `%>` uses, for the running transaction only (the word lookup's). */
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
 * as a state or payment word) among the bookings the other conditions list matches only so. A term
 * found nowhere as typed (a typo in the search: "Schneidr") matches the bookings containing a word
 * similar to it: the words are looked up by trigram similarity in the search texts' word list
 * (booking_search_words, a few thousand short words), the bookings then by those words as typed,
 * all through trigram indexes. So a common name weighs no similar words, and a typo does not weigh
 * every booking's whole text. The conditions added so far (tenant, reader, filters) decide what is
 * found as typed, in one statement.
 */
export async function addSearchConditions(em: EntityManager, where: BookingConditionBuilder, search: string | null | undefined): Promise<void> {
  const terms = searchTerms(search).map((term) => ({ term, exact: exactAlternatives(term) }));
  const undecided = terms.filter(({ term, exact }) => mayDifferByTypo(term) && exact.sql.length === 1).map(({ term }) => term);
  const foundAsTyped = await termsFoundAsTyped(em, where, undecided);
  const similar = await similarWords(
    em,
    undecided.filter((term) => !foundAsTyped.has(term)),
  );
  for (const { term, exact } of terms) {
    const alternatives = [...exact.sql];
    const params = [...exact.params];
    for (const word of similar.get(term) ?? []) {
      alternatives.push('b.search_text like ?');
      params.push(containsPattern(word));
    }
    where.add(`(${alternatives.join(' or ')})`, ...params);
  }
}

/** At most this many similar words count per term, the most similar first. */
const MAX_SIMILAR_WORDS = 20;

/**
 * The words of the bookings' search texts similar to each term (word similarity at least
 * WORD_SIMILARITY_THRESHOLD, through the word list's trigram index), in a transaction of their own
 * that sets the threshold for it alone.
 */
async function similarWords(em: EntityManager, terms: readonly string[]): Promise<Map<string, string[]>> {
  if (terms.length === 0) return new Map();
  const lookups = terms.map(
    (_, index) => `array(select w.word from booking_search_words w where w.word %> ? order by ? <<-> w.word, w.word limit ${MAX_SIMILAR_WORDS}) as "${index}"`,
  );
  const [row] = await em.transactional(async (tx) => {
    await tx.execute(SIMILARITY_THRESHOLD_SQL);
    return tx.execute<Record<string, string[]>[]>(
      `select ${lookups.join(', ')}`,
      terms.flatMap((term) => [term, term]),
    );
  });
  return new Map(terms.map((term, index) => [term, row[String(index)] ?? []]));
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
