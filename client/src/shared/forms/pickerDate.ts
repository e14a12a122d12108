/** The text of the date-and-time picker (shared/forms/DateTimeField): 24.12.2026 18:00, 24 hours. */
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
