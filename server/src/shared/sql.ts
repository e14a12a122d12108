/**
 * A PostgreSQL array literal for one bound parameter (knex would spread a JavaScript array into
 * several parameters).
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}

/** A LIKE pattern matching text that contains `term` literally (its `%`, `_` and `\` escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
