/**
 * The client's side of a search the server answers: the same words (blank-separated, any case)
 * narrow the entries already loaded while the next answer is on its way. Every entry the server
 * finds holds each word in one of its fields, so its label holds them too and none is dropped.
 */
export function searchWordsOf(query: string): string[] {
  return query.toLocaleLowerCase('de-DE').split(/\s+/).filter(Boolean);
}

/** Whether the label holds every word of the query (a blank query matches everything). */
export function matchesEveryWord(label: string, query: string): boolean {
  const text = label.toLocaleLowerCase('de-DE');
  return searchWordsOf(query).every((word) => text.includes(word));
}
