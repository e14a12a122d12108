/** Joins class names, skipping falsy ones (a two-line stand-in for the classnames package). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
