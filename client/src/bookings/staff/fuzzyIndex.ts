import Fuse, { type IFuseOptions } from 'fuse.js';

/**
 * Fuzzy search over many records, each with several texts (threshold
 * 0.3, Fuse's extended syntax, whitespace-separated terms combined with AND over all fields).
 *
 * Asking Fuse about every field of 10,000 bookings costs hundreds of milliseconds per keystroke, so
 * the index is built once per data change and each term is answered in three steps:
 * - every distinct text is kept once, with the records it belongs to (many bookings share an
 *   object, a status, a date or a city);
 * - cheap necessary conditions pick the texts that can match at all. Fuse's bitap accepts a text
 *   when some part of it is within k = ⌊0.3·m⌋ edits of the term's m characters; split into k + 1
 *   pieces, one piece then occurs unchanged (pigeonhole), which `includes` finds quickly, and the
 *   texts left are checked for those k edits with Myers' bit-parallel algorithm;
 * - Fuse decides on the texts left alone, with the very options of a search over everything.
 * A plain term that allows no error (up to three characters) matches exactly where it occurs as
 * written, which is what the candidates already are, so Fuse is not asked again for it.
 *
 * A term that is true for a record when one of its texts matches; an exclusion (`!text`, `!^text`,
 * `!text$`) only when none of its texts contains what it excludes. The answer for each term is kept,
 * so typing on in the last term leaves the earlier ones computed.
 */
export const FUZZY_THRESHOLD = 0.3;

export const fuseOptions: IFuseOptions<string> = {
  threshold: FUZZY_THRESHOLD,
  useExtendedSearch: true,
  // The fields are short and a match counts wherever it is, as in the other lists of the app.
  ignoreLocation: true,
  shouldSort: false,
};

/** Fuse's bitap handles at most this many characters at once and searches longer patterns in parts. */
const FUSE_MAX_BITS = 32;
const CACHED_TERMS = 64;

export interface FuzzyIndex {
  readonly size: number;
  /** Positions of the records matching every term, ascending; null for a query without terms. */
  search(query: string): number[] | null;
}

/**
 * The terms of a query: split at spaces outside double quotes, as Fuse's extended search splits
 * them (so `="Anna Müller"` stays one term). A term that is only an operator (`!`, `=`, `'`, `^`,
 * `|`) while it is being typed is left out, rather than excluding or demanding nothing.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  const text = query.trim();
  let index = 0;
  while (index < text.length) {
    while (index < text.length && /\s/.test(text[index])) index++;
    if (index >= text.length) break;
    let end = index;
    let quoted = false;
    while (end < text.length && (quoted || !/\s/.test(text[end]))) {
      if (text[end] === '"') quoted = !quoted;
      end++;
    }
    const term = text.slice(index, end);
    if (!/^[!=^'|$"]*$/.test(term)) terms.push(term);
    index = end;
  }
  return terms;
}

/** The largest number of errors Fuse accepts for a pattern of this length (errors / length ≤ threshold). */
export function allowedErrors(patternLength: number): number {
  let errors = 0;
  while ((errors + 1) / patternLength <= FUZZY_THRESHOLD) errors++;
  return errors;
}

/** k + 1 consecutive pieces of nearly equal length; with at most k errors one of them stays intact. */
export function pigeonholePieces(pattern: string, errors: number): string[] {
  const count = errors + 1;
  const size = Math.floor(pattern.length / count);
  return Array.from({ length: count }, (_, piece) => pattern.slice(piece * size, piece === count - 1 ? pattern.length : (piece + 1) * size));
}

/** The parts Fuse's bitap searches a pattern in (32 characters each, the last one ending at the end). */
function bitapChunks(pattern: string): string[] {
  if (pattern.length <= FUSE_MAX_BITS) return [pattern];
  const chunks: string[] = [];
  const whole = pattern.length - (pattern.length % FUSE_MAX_BITS);
  for (let start = 0; start < whole; start += FUSE_MAX_BITS) chunks.push(pattern.slice(start, start + FUSE_MAX_BITS));
  if (whole < pattern.length) chunks.push(pattern.slice(pattern.length - FUSE_MAX_BITS));
  return chunks;
}

/** A pattern of at most 32 characters prepared for Myers' algorithm, with the edits Fuse allows it. */
export interface EditPattern {
  length: number;
  errors: number;
  /** For each character, the positions of the pattern holding it (bit i: position i). */
  positions: Map<number, number>;
}

export function editPattern(pattern: string, errors: number): EditPattern {
  const positions = new Map<number, number>();
  for (let index = 0; index < pattern.length; index++) {
    const code = pattern.charCodeAt(index);
    positions.set(code, (positions.get(code) ?? 0) | (1 << index));
  }
  return { length: pattern.length, errors, positions };
}

/**
 * Whether some part of `text` is within the pattern's allowed edits (insertions, deletions,
 * substitutions), the test Fuse's bitap makes. Myers' bit-vector search (1999): the last row of
 * the edit-distance table, a column per text character, with a free start anywhere in the text.
 */
export function withinEdits(pattern: EditPattern, text: string): boolean {
  const { length, errors, positions } = pattern;
  const all = length === 32 ? -1 : (1 << length) - 1;
  const last = 1 << (length - 1);
  let plusVertical = all;
  let minusVertical = 0;
  let distance = length;
  for (let index = 0; index < text.length; index++) {
    const equal = positions.get(text.charCodeAt(index)) ?? 0;
    const crossVertical = equal | minusVertical;
    const crossHorizontal = (((((equal & plusVertical) + plusVertical) ^ plusVertical) | equal) & all);
    let plusHorizontal = (minusVertical | ~(crossHorizontal | plusVertical)) & all;
    let minusHorizontal = plusVertical & crossHorizontal;
    if (plusHorizontal & last) distance++;
    else if (minusHorizontal & last) distance--;
    if (distance <= errors) return true;
    // Searching: the top row stays 0, so nothing is shifted in.
    plusHorizontal <<= 1;
    minusHorizontal <<= 1;
    plusVertical = (minusHorizontal | ~(crossVertical | plusHorizontal)) & all;
    minusVertical = plusHorizontal & crossVertical & all;
  }
  return false;
}

interface TermPlan {
  /** Lower-case texts one of which a matching (or, for an exclusion, an excluded) text contains; null: no such condition. */
  needles: string[] | null;
  /** A plain term's parts with their allowed edits, one of which a matching text must be within; null: no such check. */
  edits: EditPattern[] | null;
  /** The candidates are exactly the matching texts; Fuse need not be asked. */
  candidatesDecide: boolean;
  exclusion: boolean;
}

// An operator of Fuse's extended syntax, an operand without quotes, pipes or escapes, and an optional end anchor.
const SIMPLE_TERM = /^(!\^|!|=|'|\^)?([^"|\\]+?)(\$?)$/;

/** How a term can be narrowed before Fuse looks at it (see the module comment). */
export function planTerm(term: string): TermPlan {
  const simple = SIMPLE_TERM.exec(term);
  if (!simple) return { needles: null, edits: null, candidatesDecide: false, exclusion: false };
  const [, operator = '', operandText, endAnchor] = simple;
  const operand = operandText.toLowerCase();
  const exclusion = operator.startsWith('!');
  if (operator || endAnchor) return { needles: [operand], edits: null, candidatesDecide: false, exclusion };
  const chunks = bitapChunks(operand);
  const pieces = chunks.flatMap((chunk) => pigeonholePieces(chunk, allowedErrors(chunk.length)));
  const candidatesDecide = allowedErrors(operand.length) === 0;
  return { needles: pieces, edits: candidatesDecide ? null : chunks.map((chunk) => editPattern(chunk, allowedErrors(chunk.length))), candidatesDecide, exclusion: false };
}

/** Builds the index over the records' texts; a record's position is its index in `records`. */
export function buildFuzzyIndex(records: readonly (readonly string[])[]): FuzzyIndex {
  const valueIds = new Map<string, number>();
  const values: string[] = [];
  const postings: number[][] = [];
  records.forEach((texts, record) => {
    for (const text of texts) {
      if (!text) continue;
      let id = valueIds.get(text);
      if (id === undefined) {
        id = values.length;
        valueIds.set(text, id);
        values.push(text);
        postings.push([]);
      }
      const list = postings[id];
      if (list[list.length - 1] !== record) list.push(record);
    }
  });
  const lowered = values.map((value) => value.toLowerCase());
  const size = records.length;
  const termMasks = new Map<string, Uint8Array>();

  const candidatesOf = ({ needles, edits }: TermPlan): number[] => {
    if (needles === null) return values.map((_, id) => id);
    const candidates: number[] = [];
    // Plain loops: this runs over every distinct text with each keystroke.
    for (let id = 0; id < lowered.length; id++) {
      const text = lowered[id];
      let found = false;
      for (let needle = 0; needle < needles.length && !found; needle++) found = text.includes(needles[needle]);
      if (found && edits !== null) {
        found = false;
        for (let pattern = 0; pattern < edits.length && !found; pattern++) found = withinEdits(edits[pattern], text);
      }
      if (found) candidates.push(id);
    }
    return candidates;
  };

  const askFuse = (term: string, candidates: number[]): number[] => {
    const fuse = new Fuse(
      candidates.map((id) => values[id]),
      fuseOptions,
    );
    return fuse.search(term).map((result) => candidates[result.refIndex]);
  };

  const maskOf = (term: string): Uint8Array => {
    const cached = termMasks.get(term);
    if (cached) return cached;
    const plan = planTerm(term);
    const candidates = candidatesOf(plan);
    const mask = new Uint8Array(size);
    if (plan.exclusion) {
      // Fuse answers which candidates pass the exclusion; the others rule their records out.
      const passing = new Set(askFuse(term, candidates));
      mask.fill(1);
      for (const id of candidates) if (!passing.has(id)) for (const record of postings[id]) mask[record] = 0;
    } else {
      const matching = plan.candidatesDecide ? candidates : askFuse(term, candidates);
      for (const id of matching) for (const record of postings[id]) mask[record] = 1;
    }
    if (termMasks.size >= CACHED_TERMS) termMasks.delete(termMasks.keys().next().value as string);
    termMasks.set(term, mask);
    return mask;
  };

  return {
    size,
    search(query) {
      const terms = queryTerms(query);
      if (terms.length === 0) return null;
      const masks = [...new Set(terms)].map(maskOf);
      const found: number[] = [];
      for (let record = 0; record < size; record++) {
        let all = true;
        for (let term = 0; term < masks.length && all; term++) all = masks[term][record] === 1;
        if (all) found.push(record);
      }
      return found;
    },
  };
}
