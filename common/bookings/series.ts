/**
 * Series bookings: a recurrence rule and the dates it yields. The rule is described once here: the
 * server parses a checkout's `series` with `seriesSchema`, the booking page builds it with the same
 * names, and both expand it with `seriesOccurrences` in Berlin wall time (a weekly 18:00 stays 18:00
 * across the clock changes). `rruleOf` writes it in RFC 5545 form, as calendar feeds carry it.
 * Plain TypeScript.
 */
import { z } from 'zod';
import { anyValue, cutText, flag, looseObject, optionalChoice, optionalInstant } from '../validation/schema.js';
import { addDays, berlinInstant, berlinParts, daysBetween, parseDate } from '../time/berlin.js';

export const seriesFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type SeriesFrequency = (typeof seriesFrequencies)[number];

/** RFC 5545 weekday codes, Monday first (the week of a weekly series starts on Monday). */
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

/** At most this many dates in one series. */
export const MAX_SERIES_DATES = 200;
/** A series ends at most this many years after its first date. */
export const MAX_SERIES_YEARS = 2;
/** The longest step a rule may take (every 52 weeks, every 12 months, every 366 days). */
export const MAX_SERIES_INTERVAL = { DAILY: 366, WEEKLY: 52, MONTHLY: 12 } as const;

export const seriesMessages = {
  frequency: 'Bitte wählen Sie, wie oft sich der Termin wiederholt (täglich, wöchentlich oder monatlich).',
  interval: 'Der Abstand muss eine ganze Zahl ab 1 sein.',
  intervalTooLarge: (frequency: SeriesFrequency) => `Der Abstand darf höchstens ${MAX_SERIES_INTERVAL[frequency]} betragen.`,
  weekdays: 'Unbekannter Wochentag; erlaubt sind MO, TU, WE, TH, FR, SA und SU.',
  endMissing: 'Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.',
  endTwice: 'Bitte geben Sie entweder ein Enddatum oder die Anzahl der Termine an, nicht beides.',
  until: 'Das Enddatum muss ein Datum im Format JJJJ-MM-TT sein.',
  count: `Die Anzahl der Termine muss eine ganze Zahl von 1 bis ${MAX_SERIES_DATES} sein.`,
  excludeDate: 'Ausgenommene Tage müssen Daten im Format JJJJ-MM-TT sein.',
  window: 'Eine Serie braucht Beginn und Ende des ersten Termins.',
  untilBeforeStart: 'Das Enddatum liegt vor dem ersten Termin.',
  tooLong: `Eine Serie darf höchstens ${MAX_SERIES_YEARS} Jahre umfassen.`,
  tooMany: `Eine Serie umfasst höchstens ${MAX_SERIES_DATES} Termine.`,
  empty: 'Die Regel ergibt keinen Termin.',
  overlapping: 'Die Termine der Serie überschneiden sich; bitte wählen Sie einen größeren Abstand.',
  scope: 'Bitte wählen Sie, welche Termine betroffen sind: ab einem Termin (FOLLOWING) oder alle (ALL).',
  fromBookingId: 'Bitte wählen Sie den Termin, ab dem storniert wird.',
  fromBookingForeign: 'Dieser Termin gehört nicht zu der Serie.',
  changeFrom: 'Bitte wählen Sie den Termin, ab dem die Serie geändert wird.',
  changeWindow: 'Bitte geben Sie Beginn und Ende des ersten geänderten Termins an.',
  changeBegun: 'Dieser Termin hat schon begonnen; geändert werden nur Termine, die noch bevorstehen.',
  changeBeforeEarlier: 'Der erste geänderte Termin darf nicht vor einem früheren Termin der Serie liegen, der bleibt.',
} as const;

/** Which dates a staff action on a series concerns: a date and all later ones, or every date. */
export const seriesScopes = ['FOLLOWING', 'ALL'] as const;
export type SeriesScope = (typeof seriesScopes)[number];

/** Longest reason a cancellation carries (as a single booking's rejection). */
const MAX_CANCEL_REASON = 2000;

/**
 * Cancelling a series (staff): FOLLOWING cancels `fromBookingId` (a booking number of the series)
 * and every later date, ALL every date; the reason reaches the customer.
 */
export const seriesCancelSchema = looseObject({
  scope: optionalChoice(seriesScopes, seriesMessages.scope),
  fromBookingId: cutText(64),
  reason: cutText(MAX_CANCEL_REASON),
}).superRefine((input, context) => {
  if (input.scope === null) context.addIssue({ code: 'custom', message: seriesMessages.scope, path: ['scope'] });
  if (input.scope === 'FOLLOWING' && !input.fromBookingId) context.addIssue({ code: 'custom', message: seriesMessages.fromBookingId, path: ['fromBookingId'] });
});
export type SeriesCancelInput = z.output<typeof seriesCancelSchema>;

/** A date "YYYY-MM-DD"; anything else is null. */
const dateText = (value: unknown): string | null => (typeof value === 'string' && parseDate(value.trim()) ? value.trim() : null);

const frequency = anyValue().transform((value, context): SeriesFrequency => {
  if (typeof value === 'string' && (seriesFrequencies as readonly string[]).includes(value)) return value as SeriesFrequency;
  context.addIssue({ code: 'custom', message: seriesMessages.frequency });
  return z.NEVER;
});

const interval = anyValue().transform((value, context) => {
  const parsed = value === null || value === '' ? 1 : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    context.addIssue({ code: 'custom', message: seriesMessages.interval });
    return z.NEVER;
  }
  return parsed;
});

const weekdays = anyValue().transform((value, context): WeekdayCode[] => {
  if (value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.some((day) => typeof day !== 'string' || !(weekdayCodes as readonly string[]).includes(day))) {
    context.addIssue({ code: 'custom', message: seriesMessages.weekdays });
    return z.NEVER;
  }
  // In the week's order, each once: the rule reads the same however the caller listed them.
  return weekdayCodes.filter((code) => list.includes(code));
});

const until = anyValue().transform((value, context) => {
  if (value === null || value === '') return null;
  const date = dateText(value);
  if (!date) context.addIssue({ code: 'custom', message: seriesMessages.until });
  return date;
});

const count = anyValue().transform((value, context) => {
  if (value === null || value === '') return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_SERIES_DATES) {
    context.addIssue({ code: 'custom', message: seriesMessages.count });
    return z.NEVER;
  }
  return parsed;
});

const excludeDates = anyValue().transform((value, context) => {
  if (value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_SERIES_DATES * 2) {
    context.addIssue({ code: 'custom', message: seriesMessages.excludeDate });
    return z.NEVER;
  }
  const dates = value.map(dateText);
  if (dates.some((date) => date === null)) {
    context.addIssue({ code: 'custom', message: seriesMessages.excludeDate });
    return z.NEVER;
  }
  return [...new Set(dates as string[])].sort();
});

/**
 * A checkout's `series`: how often (frequency and interval, the weekdays of a weekly series), until
 * a date or for a number of dates, the dates left out by hand, whether the tenant's holidays are
 * skipped, and whether to book only when every date is free (`requireAll`).
 */
export const seriesSchema = looseObject({
  frequency,
  interval,
  weekdays,
  until,
  count,
  skipHolidays: flag(false),
  excludeDates,
  requireAll: flag(false),
}).superRefine((series, context) => {
  if (series.interval > MAX_SERIES_INTERVAL[series.frequency]) context.addIssue({ code: 'custom', message: seriesMessages.intervalTooLarge(series.frequency), path: ['interval'] });
  if (series.until === null && series.count === null) context.addIssue({ code: 'custom', message: seriesMessages.endMissing, path: ['until'] });
  if (series.until !== null && series.count !== null) context.addIssue({ code: 'custom', message: seriesMessages.endTwice, path: ['count'] });
});

export type SeriesRule = z.output<typeof seriesSchema>;

/** A series given or not: absent and null are none; a wrong field is named under `series.`. */
export const optionalSeriesSchema = anyValue().transform((value, context): SeriesRule | null => {
  if (value === null) return null;
  const parsed = seriesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** One date the rule yields: its window and its Berlin calendar day. */
export interface SeriesOccurrence {
  date: string;
  timeBegin: Date;
  timeEnd: Date;
}

/** Why a rule cannot be expanded: the field and the German message. */
export interface SeriesProblem {
  field: string;
  message: string;
}

const weekdayIndex = (date: string): number => {
  // berlinParts' weekday is 0 for Sunday; weekdayCodes starts with Monday.
  const sunday0 = berlinParts(berlinInstant(date, '12:00')).weekday;
  return (sunday0 + 6) % 7;
};

/** Which occurrence of its weekday in its month a date is: 1 to 4, or -1 when it is the last (5th). */
const weekOfMonth = (date: string): number => {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return nth >= 5 ? -1 : nth;
};

/** The date of the n-th (or, for -1, the last) given weekday of a month. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): string | null {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const offset = (weekday - weekdayIndex(first) + 7) % 7;
  const candidates: string[] = [];
  for (let date = addDays(first, offset); Number(date.slice(5, 7)) === month; date = addDays(date, 7)) candidates.push(date);
  if (nth === -1) return candidates[candidates.length - 1] ?? null;
  return candidates[nth - 1] ?? null;
}

/** The weekdays a weekly rule books on: those given, else the first date's. */
export function effectiveWeekdays(rule: SeriesRule, firstDate: string): WeekdayCode[] {
  return rule.weekdays.length > 0 ? rule.weekdays : [weekdayCodes[weekdayIndex(firstDate)]];
}

/**
 * The dates a rule yields from the first window on, in order, before exclusions and holidays (RFC
 * 5545: COUNT counts these). The first window's Berlin wall times repeat on every date. A problem
 * (no window, end before start, more than MAX_SERIES_DATES dates or beyond MAX_SERIES_YEARS,
 * overlapping dates) is answered instead.
 */
export function seriesOccurrences(rule: SeriesRule, first: { begin: Date | null; end: Date | null }): { occurrences: SeriesOccurrence[] } | { problem: SeriesProblem } {
  if (!first.begin || !first.end || first.end <= first.begin) return { problem: { field: 'timeBegin', message: seriesMessages.window } };
  const begin = berlinParts(first.begin);
  const end = berlinParts(first.end);
  const spanDays = daysBetween(begin.date, end.date);
  // Compared as text: 29 February plus two years reads as a day after 28 February, which it is.
  const latest = `${begin.year + MAX_SERIES_YEARS}${begin.date.slice(4)}`;
  if (rule.until !== null && rule.until < begin.date) return { problem: { field: 'until', message: seriesMessages.untilBeforeStart } };
  if (rule.until !== null && rule.until > latest) return { problem: { field: 'until', message: seriesMessages.tooLong } };
  const lastDate = rule.until ?? latest;
  // One more than allowed is enough to know an end date yields too many.
  const wanted = rule.count ?? MAX_SERIES_DATES + 1;

  const chosen: string[] = [];
  /** Takes a date of the rule; false once the series is complete. */
  const take = (date: string): boolean => {
    if (date > lastDate || chosen.length >= wanted) return false;
    chosen.push(date);
    return chosen.length < wanted;
  };
  if (rule.frequency === 'DAILY') {
    let date = begin.date;
    while (take(date)) date = addDays(date, rule.interval);
  } else if (rule.frequency === 'WEEKLY') {
    const days = effectiveWeekdays(rule, begin.date).map((code) => weekdayCodes.indexOf(code));
    const monday = addDays(begin.date, -weekdayIndex(begin.date));
    weeks: for (let week = monday; week <= lastDate; week = addDays(week, 7 * rule.interval)) {
      for (const day of days) {
        const date = addDays(week, day);
        if (date >= begin.date && !take(date)) break weeks;
      }
    }
  } else {
    const weekday = weekdayIndex(begin.date);
    const nth = weekOfMonth(begin.date);
    for (let step = 0; step <= MAX_SERIES_YEARS * 12; step += rule.interval) {
      const monthIndex = begin.year * 12 + begin.month - 1 + step;
      const date = nthWeekdayOfMonth(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, weekday, nth);
      if (date !== null && !take(date)) break;
    }
  }
  if (rule.count !== null && chosen.length < rule.count) return { problem: { field: 'count', message: seriesMessages.tooLong } };
  if (chosen.length > MAX_SERIES_DATES) return { problem: { field: 'until', message: seriesMessages.tooMany } };
  if (chosen.length === 0) return { problem: { field: 'weekdays', message: seriesMessages.empty } };
  const occurrences = chosen.map((date) => ({ date, timeBegin: berlinInstant(date, begin.time), timeEnd: berlinInstant(addDays(date, spanDays), end.time) }));
  for (let index = 1; index < occurrences.length; index += 1) {
    if (occurrences[index].timeBegin < occurrences[index - 1].timeEnd) return { problem: { field: 'interval', message: seriesMessages.overlapping } };
  }
  return { occurrences };
}

const icsDate = (date: string) => date.replaceAll('-', '');

/**
 * The rule in RFC 5545 form (without DTSTART, which is the first date's window): e.g.
 * "FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;UNTIL=20270630". UNTIL is a date, as it is for a series
 * whose start is local time; a monthly rule names the weekday's place in the month (2TU, -1FR).
 */
export function rruleOf(rule: SeriesRule, firstDate: string): string {
  const parts = [`FREQ=${rule.frequency}`, `INTERVAL=${rule.interval}`];
  if (rule.frequency === 'WEEKLY') parts.push(`BYDAY=${effectiveWeekdays(rule, firstDate).join(',')}`);
  if (rule.frequency === 'MONTHLY') parts.push(`BYDAY=${weekOfMonth(firstDate)}${weekdayCodes[weekdayIndex(firstDate)]}`);
  if (rule.until !== null) parts.push(`UNTIL=${icsDate(rule.until)}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  return parts.join(';');
}

/** Why a date of a series cannot be booked. */
export const seriesDateReasons = ['taken', 'closed', 'holiday', 'horizon', 'limit'] as const;
export type SeriesDateReason = (typeof seriesDateReasons)[number];

export const seriesReasonLabels: Record<SeriesDateReason, string> = {
  taken: 'belegt',
  closed: 'geschlossen',
  holiday: 'Feiertag oder Ferien',
  horizon: 'außerhalb des Buchungszeitraums',
  limit: 'über einer Grenze',
};

/** "montags" … "sonntags": on which weekday something recurs. */
export const weekdayAdverbs: Record<WeekdayCode, string> = { MO: 'montags', TU: 'dienstags', WE: 'mittwochs', TH: 'donnerstags', FR: 'freitags', SA: 'samstags', SU: 'sonntags' };

/** "wöchentlich", "alle 2 Wochen": how often a weekly slot recurs. */
export const weeklyRhythm = (interval: number): string => (interval === 1 ? 'wöchentlich' : `alle ${interval} Wochen`);

/** A German description of a rule, as mails and screens name it ("wöchentlich dienstags und donnerstags bis 30.06.2027"). */
export function describeSeriesRule(rule: Pick<SeriesRule, 'frequency' | 'interval' | 'weekdays' | 'until' | 'count'>, firstDate: string): string {
  const weekdayNames: Record<WeekdayCode, string> = { MO: 'Montag', TU: 'Dienstag', WE: 'Mittwoch', TH: 'Donnerstag', FR: 'Freitag', SA: 'Samstag', SU: 'Sonntag' };
  const dayNames = weekdayAdverbs;
  const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`);
  let text: string;
  if (rule.frequency === 'DAILY') text = rule.interval === 1 ? 'täglich' : `alle ${rule.interval} Tage`;
  else if (rule.frequency === 'WEEKLY') {
    const days = list(effectiveWeekdays({ ...rule, skipHolidays: false, excludeDates: [], requireAll: false }, firstDate).map((code) => dayNames[code]));
    text = `${rule.interval === 1 ? 'wöchentlich' : `alle ${rule.interval} Wochen`} ${days}`;
  } else {
    const nth = weekOfMonth(firstDate);
    const weekday = weekdayNames[weekdayCodes[weekdayIndex(firstDate)]];
    text = `${rule.interval === 1 ? 'monatlich' : `alle ${rule.interval} Monate`} am ${nth === -1 ? 'letzten' : `${nth}.`} ${weekday}`;
  }
  if (rule.until) {
    const [year, month, day] = rule.until.split('-');
    return `${text} bis ${day}.${month}.${year}`;
  }
  return `${text}, ${rule.count} Termine`;
}

/**
 * POST bookings/{id}/hooks/{hookId}/release (the confirmed cancellation): for a date of a series,
 * `withFollowingDates` cancels its later dates too. Anything but `true` cancels the date alone.
 */
export const confirmCancellationSchema = looseObject({ withFollowingDates: flag(false) });

/**
 * Changing a series from one of its dates on (staff): the dates from `fromBookingId` (a booking
 * number of the series) on are replaced by the dates of the new rule from the new first window
 * (`timeBegin`, `timeEnd`); dates the new rule names at the same times stay as they are. The reason
 * reaches the customer with the dates that are cancelled.
 */
export const seriesChangeSchema = looseObject({
  fromBookingId: cutText(64),
  timeBegin: optionalInstant,
  timeEnd: optionalInstant,
  series: seriesSchema,
  reason: cutText(MAX_CANCEL_REASON),
})
  .superRefine((input, context) => {
    if (!input.fromBookingId) context.addIssue({ code: 'custom', message: seriesMessages.changeFrom, path: ['fromBookingId'] });
    if (input.timeBegin === null || input.timeEnd === null || input.timeEnd <= input.timeBegin) context.addIssue({ code: 'custom', message: seriesMessages.changeWindow, path: ['timeBegin'] });
  })
  .transform((input) => ({ ...input, timeBegin: input.timeBegin as Date, timeEnd: input.timeEnd as Date }));
export type SeriesChangeInput = z.output<typeof seriesChangeSchema>;
