/**
 * A PostgreSQL array literal for one bound parameter (knex would spread a JavaScript array into
 * several parameters).
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}
