import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';

/** The zone every calendar of the platform speaks: the tenants are German municipalities. */
export const CALENDAR_TIME_ZONE = 'Europe/Berlin';

/**
 * Europe/Berlin as VTIMEZONE with the standing EU rules (since 1996: summer time from the last
 * Sunday of March 02:00 to the last Sunday of October 03:00). Calendars without a zone database
 * (older Outlook) need it to place TZID times.
 */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const berlinParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CALENDAR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The Berlin wall-clock time of an instant, without zone ("2026-07-01T10:00:00"). ical-generator
 * writes a plain Date's *process-local* fields under a TZID; given the wall-clock time as a local
 * date string, it writes exactly these fields back, whatever zone the server runs in.
 */
export function berlinWallTime(instant: Date): string {
  const parts = Object.fromEntries(berlinParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface CalendarEntry {
  /** Stable across regenerations, so subscribed calendars update an event instead of duplicating it. */
  uid: string;
  begin: Date;
  end: Date;
  summary: string;
  description?: string;
  /** LOCATION: where it takes place (venue and address, or an online event's link). */
  location?: string;
  /** Tentative for requests not yet released, confirmed otherwise; null leaves STATUS out. */
  status?: 'tentative' | 'confirmed' | null;
  /** DTSTAMP: when the entry last changed (a fixed value keeps the text, and so its ETag, stable). */
  stamp: Date;
  /**
   * The series the entry is a date of: CATEGORIES "Serie" and the series' id and RFC 5545 rule as
   * X-BUCHUNG-SERIE and X-BUCHUNG-SERIE-RRULE. Each date stays an event of its own, since staff
   * change and cancel dates one by one.
   */
  series?: { id: string; rrule: string };
}

/** A calendar in Europe/Berlin (with its VTIMEZONE) holding the entries, as iCalendar text. */
export function renderCalendar(options: { name: string; entries: readonly CalendarEntry[]; method?: 'publish'; ttlSeconds?: number }): string {
  const calendar: ICalCalendar = ical({
    name: options.name,
    prodId: { company: 'Buchungsplattform', product: 'Kalender', language: 'DE' },
    // No calendar-wide zone: DTSTAMP then stays in UTC as it must; the events carry the TZID, and
    // the generator adds the VTIMEZONE of the zones they use.
    timezone: { name: null, generator: (zone) => (zone === CALENDAR_TIME_ZONE ? BERLIN_VTIMEZONE : null) },
    x: { 'X-WR-TIMEZONE': CALENDAR_TIME_ZONE },
    ...(options.method === 'publish' ? { method: ICalCalendarMethod.PUBLISH } : {}),
    ...(options.ttlSeconds ? { ttl: options.ttlSeconds } : {}),
  });
  for (const entry of options.entries) {
    calendar.createEvent({
      id: entry.uid,
      start: berlinWallTime(entry.begin),
      end: berlinWallTime(entry.end),
      timezone: CALENDAR_TIME_ZONE,
      stamp: entry.stamp,
      summary: entry.summary,
      description: entry.description ?? null,
      location: entry.location ?? null,
      status: entry.status === 'tentative' ? ICalEventStatus.TENTATIVE : entry.status === 'confirmed' ? ICalEventStatus.CONFIRMED : null,
      ...(entry.series ? { categories: [{ name: 'Serie' }], x: { 'X-BUCHUNG-SERIE': entry.series.id, 'X-BUCHUNG-SERIE-RRULE': entry.series.rrule } } : {}),
    });
  }
  return calendar.toString();
}
