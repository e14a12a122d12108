/** Selecting a chosen item again removes it, as Blueprint's multi-select menus do; the order stays. */
export function toggleItem(selected: readonly string[], item: string): string[] {
  return selected.includes(item) ? selected.filter((other) => other !== item) : [...selected, item];
}
