import Holidays from 'date-holidays';
import { isHolidayRegion, type HolidayRegion } from '../../../common/tenants/tenant.validation.js';
import { parseDate } from '../../../common/time/berlin.js';

/**
 * The holidays a tenant's series may skip: the public holidays of its Bundesland (from the package
 * date-holidays) and the school holiday periods its staff entered (no library knows those: each
 * state sets them every year).
 */
export interface HolidayCalendar {
  /** The German name of the public holiday or school holiday period on a Berlin day "YYYY-MM-DD"; null on other days. */
  holidayOn(date: string): string | null;
}

/** The part of a tenant the calendar reads. */
export interface TenantHolidaySettings {
  holidayRegion: string;
  schoolHolidays: readonly { title: string; from: string; to: string }[];
}

/** One package instance per state: constructing it parses the rules of the whole country. */
const calendars = new Map<HolidayRegion, Holidays>();
/** A state's public holidays of one year, "YYYY-MM-DD" to name; key "DE-BE:2027". */
const years = new Map<string, ReadonlyMap<string, string>>();

function calendarOf(region: HolidayRegion): Holidays {
  let calendar = calendars.get(region);
  if (!calendar) {
    calendar = new Holidays('DE', region.slice(3), { languages: ['de'], timezone: 'Europe/Berlin', types: ['public'] });
    calendars.set(region, calendar);
  }
  return calendar;
}

/** The state's public holidays of the year by day; two on one day read "A / B". */
function publicHolidays(region: HolidayRegion, year: number): ReadonlyMap<string, string> {
  const key = `${region}:${year}`;
  const cached = years.get(key);
  if (cached) return cached;
  const days = new Map<string, string>();
  for (const holiday of calendarOf(region).getHolidays(year, 'de')) {
    if (holiday.type !== 'public') continue;
    // "2027-03-26 00:00:00": the day in the package's own (Berlin) time, not the UTC instant.
    const day = holiday.date.slice(0, 10);
    const earlier = days.get(day);
    days.set(day, earlier ? `${earlier} / ${holiday.name}` : holiday.name);
  }
  years.set(key, days);
  return days;
}

/** The tenant's holiday calendar; one without a Bundesland has only its school holidays. */
export function holidayCalendarOf(tenant: TenantHolidaySettings): HolidayCalendar {
  const region = isHolidayRegion(tenant.holidayRegion) ? tenant.holidayRegion : null;
  const periods = tenant.schoolHolidays.map((period) => ({ ...period }));
  return {
    holidayOn(date: string): string | null {
      const parts = parseDate(date);
      if (!parts) return null;
      const holiday = region ? publicHolidays(region, parts.year).get(date) : undefined;
      if (holiday) return holiday;
      // Dates "YYYY-MM-DD" compare like the days they name; both ends belong to the period.
      return periods.find((period) => period.from <= date && date <= period.to)?.title ?? null;
    },
  };
}
