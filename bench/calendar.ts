import { type Browser, chromium } from 'playwright-core';
import { openBookingsScreen } from './client.js';

/**
 * The calendar view of the bookings screen with a month full of bookings, as the demo tenant's
 * owner, in Chromium: the list's 10,000 seeded bookings (three rooms booked hour by hour) make every
 * past month hold two thousand and more. Each run opens the screen in a fresh profile, waits until
 * the list has loaded (so its pages do not compete), chooses "Kalender" and "Monat", and then goes
 * one month back: from that click the calendar reads the month's pages and renders them.
 */
export interface MonthCalendarMeasurement {
  /** Bookings the month view's window holds (its whole weeks) and the entries of the month itself. */
  windowBookings: number;
  monthBookings: number;
  pages: number;
  /** Per run: the last page's answer complete → the month drawn (no longer busy, a frame later). */
  lastPageToDrawnMs: number[];
  /** Per run: the click on "Zurück" → the month drawn. */
  clickToDrawnMs: number[];
  /** Per run: the longest main-thread task while the month was read and drawn. */
  longestTaskMs: number[];
}

interface CalendarMarks {
  /** When each window page was requested. */
  pages: number[];
  clicked: number | null;
  busy: boolean;
  drawn: number | null;
  longestTask: number;
}

/** Installed before the app loads: requests of window pages, the click, and when the calendar was drawn. */
function instrumentCalendar() {
  const marks: CalendarMarks = { pages: [], clicked: null, busy: false, drawn: null, longestTask: 0 };
  Object.assign(window, { calendarMarks: marks });
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (marks.clicked !== null && body.includes('"operationName":"StaffBookings"') && body.includes('"from"')) marks.pages.push(performance.now());
    return plainFetch(input, init);
  };
  new PerformanceObserver((list) => {
    if (marks.clicked === null || marks.drawn !== null) return;
    for (const entry of list.getEntries()) marks.longestTask = Math.max(marks.longestTask, entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  const look = () => {
    const calendar = document.querySelector('.booking-calendar');
    if (!calendar || marks.clicked === null || marks.drawn !== null) return;
    if (calendar.getAttribute('aria-busy') === 'true') marks.busy = true;
    else if (marks.busy) {
      marks.drawn = -1;
      // The frame after the commit shows it.
      requestAnimationFrame(() => setTimeout(() => (marks.drawn = performance.now())));
    }
  };
  document.addEventListener('DOMContentLoaded', () => new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] }));
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest?.('button[aria-label="Zurück"]')) marks.clicked = performance.now();
    },
    { capture: true },
  );
}

type Marks = { calendarMarks: CalendarMarks };

async function monthRun(browser: Browser, base: string, login: { id: string; password: string }) {
  // The list's first page is read first, so it does not compete with the calendar's.
  const { context, page } = await openBookingsScreen(browser, base, login, {
    context: { locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1440, height: 900 } },
    instrument: instrumentCalendar,
  });
  try {
    await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kalender' }).click();
    await page.locator('.booking-calendar[aria-busy="false"]').waitFor();
    await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Monat' }).click();
    await page.locator('.booking-calendar[aria-busy="false"]').waitFor();
    await page.waitForTimeout(300);
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the page while the month is read and drawn (the last run's).
    const profiling = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (profiling) {
      await profiling.send('Profiler.enable');
      await profiling.send('Profiler.setSamplingInterval', { interval: 100 });
      await profiling.send('Profiler.start');
    }
    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.waitForFunction(() => ((window as unknown as Marks).calendarMarks.drawn ?? -1) > 0, null, { timeout: 60_000 });
    if (profiling) {
      const { profile } = await profiling.send('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
    }
    const marks = await page.evaluate(() => (window as unknown as Marks).calendarMarks);
    const lastAnswer = await page.evaluate((requested) => {
      const entries = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/graphql') as PerformanceResourceTiming[];
      const last = requested[requested.length - 1];
      return entries.find((entry) => entry.startTime >= last - 1)?.responseEnd ?? NaN;
    }, marks.pages);
    // The bookings of the window (the month's whole weeks) and of the month itself, as the server counts them.
    const span = (await page.locator('.booking-calendar').getAttribute('data-window')) ?? '/';
    const counted = await page.evaluate(async (windowSpan) => {
      const [from, to] = windowSpan.split('/');
      const middle = new Date((Date.parse(from) + Date.parse(to)) / 2);
      const month = { from: new Date(middle.getFullYear(), middle.getMonth(), 1).toISOString(), to: new Date(middle.getFullYear(), middle.getMonth() + 1, 1).toISOString() };
      const tenantId = JSON.parse(localStorage.getItem('currentTenantId') ?? 'null') as string | null;
      const count = async (range: { from: string; to: string }) => {
        const answer = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query($t: ID!, $from: DateTimeISO, $to: DateTimeISO) { bookings(tenantId: $t, from: $from, to: $to, limit: 1) { total } }', variables: { t: tenantId, ...range } }),
        });
        return ((await answer.json()) as { data?: { bookings: { total: number } } }).data?.bookings.total ?? NaN;
      };
      return { window: await count({ from, to }), month: await count(month) };
    }, span);
    return { marks, lastAnswer, counted };
  } finally {
    await context.close();
  }
}

export async function measureMonthCalendar(base: string, login: { id: string; password: string }, runs: number): Promise<MonthCalendarMeasurement> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const result: MonthCalendarMeasurement = { windowBookings: 0, monthBookings: 0, pages: 0, lastPageToDrawnMs: [], clickToDrawnMs: [], longestTaskMs: [] };
  try {
    // One untimed run first: the server's JIT and pools warm.
    await monthRun(browser, base, login);
    for (let run = 0; run < runs; run++) {
      const { marks, lastAnswer, counted } = await monthRun(browser, base, login);
      result.windowBookings = counted.window;
      result.monthBookings = counted.month;
      result.pages = marks.pages.length;
      result.lastPageToDrawnMs.push((marks.drawn ?? NaN) - lastAnswer);
      result.clickToDrawnMs.push((marks.drawn ?? NaN) - (marks.clicked ?? NaN));
      result.longestTaskMs.push(marks.longestTask);
    }
    return result;
  } finally {
    await browser.close();
  }
}
