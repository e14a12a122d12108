/** The texts of the date pickers (shared/forms/DateTimeField, DateField): 24.12.2026 18:00, 24 hours. */
const pad = (value: number) => String(value).padStart(2, '0');

/** The date picker's text: 24.12.2026 18:00 (its Date carries the Berlin wall time in local fields). */
export function formatPickerDate(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Reads "24.12.2026", "24.12.2026 18:00" or "24.12.2026, 18:00"; a date without time is midnight. */
export function parsePickerDate(text: string): Date | false {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return false;
  const [day, month, year, hours = '0', minutes = '0'] = match.slice(1).map((part) => part ?? undefined) as string[];
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  if (date.getDate() !== Number(day) || date.getMonth() !== Number(month) - 1 || Number(hours) > 23 || Number(minutes) > 59) return false;
  return date;
}

/** The date-only picker's text: 24.12.2026 (its Date carries the day in local fields). */
export function formatPickerDay(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** Reads "24.12.2026" (also "1.2.2027"); false for anything else or a day the month lacks. */
export function parsePickerDay(text: string): Date | false {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return false;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getDate() === day && date.getMonth() === month - 1 ? date : false;
}

/**
 * 24-hour time from what was typed: "8" → 08:00, "830" / "8.30" / "8:30" → 08:30. Anything else
 * stays as typed, so the server names the mistake at the field.
 */
export function normalizeTime(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(trimmed);
  if (!match) return trimmed;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return trimmed;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
