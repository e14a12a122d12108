/** Pure operations of the ordered list widget (move up, move down, remove, no duplicates). */

export function moveUp<T>(items: readonly T[], index: number): T[] {
  if (index <= 0 || index >= items.length) return [...items];
  const next = [...items];
  [next[index - 1], next[index]] = [next[index], next[index - 1]];
  return next;
}

export function moveDown<T>(items: readonly T[], index: number): T[] {
  if (index < 0 || index >= items.length - 1) return [...items];
  const next = [...items];
  [next[index], next[index + 1]] = [next[index + 1], next[index]];
  return next;
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** Appends the item unless one with the same key is already listed (a file may be added only once). */
export function addUnique<T>(items: readonly T[], item: T, key: (item: T) => string = String): T[] {
  return items.some((existing) => key(existing) === key(item)) ? [...items] : [...items, item];
}
