import type { SeriesDateReason, SeriesFrequency, WeekdayCode } from '../../../../common/bookings/series.js';

/** A series' rule as the API answers it (the input's names) with its RFC 5545 form and a German description. */
export interface SeriesRuleView {
  frequency: SeriesFrequency;
  interval: number;
  weekdays: WeekdayCode[];
  until: string | null;
  count: number | null;
  skipHolidays: boolean;
  excludeDates: string[];
  rrule: string;
  description: string;
}

/** One date of a series checkout: its window, whether it can be (or was) booked and why not, its price. */
export interface SeriesDateView {
  date: string;
  timeBegin: number;
  timeEnd: number;
  available: boolean;
  reason: SeriesDateReason | null;
  /** The German reason: the rule's own message (or the holiday's name). */
  reasonText: string | null;
  priceEur: number;
  /** The booking made for the date; null in a preview and for dates not booked. */
  bookingId: string | null;
}

/** A series checkout's answer: every date of the rule and the price of the dates that can be booked. */
export interface SeriesCheckoutView {
  /** The stored series; null in a preview. */
  id: string | null;
  rule: SeriesRuleView;
  dates: SeriesDateView[];
  availableCount: number;
  priceEur: number;
  vatIncludedEur: number;
}
