const decimalsOf = (step: number) => String(step).split('.')[1]?.length ?? 0;

/** The value one step up or down from `value` (empty counts as 0), kept within min and max. */
export function steppedValue(value: number | string, direction: 1 | -1, step: number, min?: number, max?: number): number {
  const text = String(value).trim().replace(',', '.');
  const current = text === '' || Number.isNaN(Number(text)) ? 0 : Number(text);
  const next = Number((current + direction * step).toFixed(decimalsOf(step)));
  return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, next));
}
