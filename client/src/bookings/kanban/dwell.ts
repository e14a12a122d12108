import { formatDate } from '../../shared/format';

/**
 * How long a booking has been in its state, as the card's indicator shows it: Berlin calendar
 * days since it entered (0 on the day it entered, 1 from the next midnight on), so the number
 * changes once a day for everybody and not at a different hour for each card. The Berlin date
 * comes from the screen's own date format (shared/format.ts, Europe/Berlin), which the bookings
 * screen loads anyway.
 */
const DAY_MS = 86_400_000;

// The Berlin day of each entry time, computed once: a board shows a thousand cards.
const days = new Map<string, number | null>();

/** The Berlin calendar day of an instant as a day number (days since 1970-01-01), or null when invalid. */
export function berlinDayNumber(value: string | number | Date): number | null {
  const key = String(value instanceof Date ? value.getTime() : value);
  let day = days.get(key);
  if (day === undefined) {
    const text = formatDate(value);
    const [dayOfMonth, month, year] = text.split('.').map(Number);
    day = text ? Date.UTC(year, month - 1, dayOfMonth) / DAY_MS : null;
    if (days.size > 10_000) days.clear();
    days.set(key, day);
  }
  return day;
}

/** Days in the state up to `today` (a Berlin day number, which the board computes once for all cards); never below 0. */
export function dwellDaysUntil(enteredAt: string | number | Date, today: number): number {
  const entered = berlinDayNumber(enteredAt);
  return entered === null ? 0 : Math.max(0, today - entered);
}

/** Days in the state at the instant `now`. */
export function dwellDays(enteredAt: string | number | Date, now: Date): number {
  return dwellDaysUntil(enteredAt, berlinDayNumber(now) ?? 0);
}

export type DwellIntent = 'success' | 'warning' | 'danger';

/** 0–1 days: success, 2–3: warning, 4 and more: danger. */
export function dwellIntent(days: number): DwellIntent {
  if (days <= 1) return 'success';
  return days <= 3 ? 'warning' : 'danger';
}

/** The tooltip: "Die Buchung befindet sich seit 1 Tag in diesem Status" (singular for one day only). */
export function dwellText(days: number): string {
  return `Die Buchung befindet sich seit ${days} ${days === 1 ? 'Tag' : 'Tagen'} in diesem Status`;
}

/** What the indicator itself shows: "1 Tag", "3 Tage". */
export function dwellLabel(days: number): string {
  return `${days} ${days === 1 ? 'Tag' : 'Tage'}`;
}
