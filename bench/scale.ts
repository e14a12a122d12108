import autocannon from 'autocannon';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, median, openTenantBookings, percentileOf, type ScreenMarks } from './client.js';
import type { BenchRequest, RawLookup, ScaleTenant } from './protocol.js';

/**
 * A tenant ten times the demo list's size beside one of the demo list's size, seeded alike: 200
 * objects, 2,000 member accounts who book, 100,000 (and 10,000) bookings. On the server, the staff
 * list's page by cursor (GraphQL, 50 with items) beside the same rows as raw SQL through the same
 * pool, and the server search with terms as staff type them; in Chromium, the staff screen from
 * the click on the tenant card to the first rows, the search keystroke by keystroke, and the tab's
 * JavaScript heap after scrolling the list to its end.
 */

export const SCALE_OBJECTS = 200;
export const SCALE_USERS = 2_000;
/** The tenants: the one of the issue and one of today's size beside it, seeded alike. */
export const SCALE_TENANTS = [
  { name: 'Stadtverwaltung Kleinstadt (Benchmark 10.000)', bookings: 10_000 },
  { name: 'Stadtverwaltung Großstadt (Benchmark 100.000)', bookings: 100_000 },
] as const;

/** Goals the measurements are read against (README, Benchmarks). */
const GOALS = {
  graphqlPageShareOfRaw: 1 / 3,
  searchRequestsPerSecond: 200,
  clickToRowsMs: 300,
  keystrokeP95Ms: 100,
  heapMegabytes: 100,
};

const SCREEN_RUNS = 5;
/** Requests of each search term alone (after an untimed one), for its median. */
const TERM_RUNS = 5;
/** The list's page size by scrolling (the screen's contract). */
const SCROLL_PAGE = 100;
/** Scrolling to the end of 100,000 rows stops after this long; a filtered list of a tenth is scrolled instead. */
const SCROLL_CAP_MS = 180_000;
/** No new page and not busy for this long: the list is stuck (it never says complete). */
const SCROLL_STALL_MS = 15_000;
/** How far the list is scrolled up when it sits at its bottom without asking for the next page (a few rows). */
const SCROLL_NUDGE_PX = 200;
/** The GraphQL operation of the staff screen's list pages (the screen's contract). */
const LIST_OPERATION = 'StaffBookingList';

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export interface ScaleDeps {
  base: string;
  ask: <T>(request: BenchRequest) => Promise<T>;
  /** The same lookup as raw SQL through the server process's pool, with the run's connections and duration. */
  rawRow: (name: string, lookup: RawLookup) => Promise<Row>;
  signIn: (login: { id: string; password: string }) => Promise<string>;
  owner: { id: string; password: string };
  connections: number;
  durationS: number;
  fixed: (value: number, digits?: number) => string;
}

/** Seeds both tenants (the larger last, so its rows are the newest in the table, as a grown tenant's are). */
export async function seedScaleTenants(deps: ScaleDeps): Promise<ScaleTenant[]> {
  const tenants: ScaleTenant[] = [];
  for (const tenant of SCALE_TENANTS) {
    tenants.push(await deps.ask<ScaleTenant>({ type: 'seedScale', name: tenant.name, bookings: tenant.bookings, objects: SCALE_OBJECTS, users: SCALE_USERS, ownerId: deps.owner.id }));
  }
  return tenants;
}

/**
 * What staff type into the server search: a surname, a first and last name, a misspelt surname
 * ("Schneidr" for Schneider), a name and a town, an object's title, a misspelt object kind, a day
 * as the list shows dates, a state word, a name and a state word, a mail address's beginning.
 */
export const serverSearchTerms = (tenant: ScaleTenant) => [
  'Müller',
  'Jonas Weber',
  'Schneidr',
  'Schröder Neustadt',
  `${tenant.objectKinds[3]} 7`,
  'Trauzimer',
  tenant.date,
  'bezahlt',
  'Schmidt bezahlt',
  'hannah.beck',
];

const PAGE_QUERY = 'query ($tenantId: ID!, $search: String) { bookings(tenantId: $tenantId, first: 50, search: $search) { items { id name priceEur items { bookableId amount } } pageInfo { endCursor hasNextPage } } }';

interface PageAnswer {
  data?: { bookings: { items: unknown[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } };
  errors?: { message: string }[];
}

/** The server's rows for one tenant: its first page beside raw SQL, and the search with varied terms. */
async function measureTenant(deps: ScaleDeps, cookie: string, tenant: ScaleTenant) {
  const { base, connections, durationS } = deps;
  const count = tenant.bookings.toLocaleString('de-DE');
  const body = (search?: string) => JSON.stringify({ query: PAGE_QUERY, variables: { tenantId: tenant.tenantId, search } });
  const ask = async (search?: string) => {
    const answer = await fetch(`${base}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: body(search) });
    const page = (await answer.json()) as PageAnswer;
    if (!answer.ok || page.errors || !page.data) throw new Error(`bookings(first: 50${search ? `, search: "${search}"` : ''}) bei ${count}: HTTP ${answer.status} ${JSON.stringify(page.errors)}`);
    return page.data.bookings;
  };
  const first = await ask();
  if (first.items.length !== 50 || !first.pageInfo.hasNextPage) throw new Error(`Die erste Seite bei ${count} hat ${first.items.length} Buchungen`);
  const terms = serverSearchTerms(tenant);
  // Each term alone, one request after another: the search finds what it should (50 and more, or
  // the few there are), and which terms cost the most.
  const hits: { term: string; page: Awaited<ReturnType<typeof ask>>; ms: number }[] = [];
  for (const term of terms) {
    const times: number[] = [];
    let page = await ask(term);
    for (let run = 0; run < TERM_RUNS; run++) {
      const started = performance.now();
      page = await ask(term);
      times.push(performance.now() - started);
    }
    hits.push({ term, page, ms: median(times) });
  }
  const load = async (name: string, options: { body?: string; setupRequest?: autocannon.Request['setupRequest'] }): Promise<Row> => {
    let failed = 0;
    const run = (duration: number) =>
      autocannon({
        url: base,
        connections,
        duration,
        // A slow search is measured, not failed: autocannon's 10 s would count its slowest answers as errors.
        timeout: 60,
        requests: [
          {
            method: 'POST',
            path: '/graphql',
            headers: { cookie, 'content-type': 'application/json' },
            ...options,
            // GraphQL answers its errors with status 200.
            onResponse: (status, answer) => {
              if (status !== 200 || answer.includes('"errors":[')) failed += 1;
            },
          },
        ],
      });
    // A short untimed run first, so every measurement starts with a warm JIT and pool.
    await run(2);
    const result = await run(durationS);
    if (result.non2xx > 0 || result.errors > 0 || failed > 0) throw new Error(`${name}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler, ${failed} mit GraphQL-Fehlern`);
    return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const page = await load(`GraphQL bookings(first: 50) mit Positionen, ${count} Buchungen`, { body: body() });
  const raw = await deps.rawRow(`Raw SQL: dieselben 50 Buchungen mit Positionen, ${count} Buchungen (gleicher Pool)`, { kind: 'bookingPage', tenantId: tenant.tenantId });
  let next = 0;
  const search = await load(`GraphQL bookings(first: 50, search) mit ${terms.length} Begriffen reihum, ${count} Buchungen`, {
    setupRequest: (request) => ({ ...request, body: body(terms[next++ % terms.length]) }),
  });
  return { tenant, page, raw, search, hits };
}

/** The server's rows for both tenants, with the goals for the larger one. */
export async function measureScaleServer(deps: ScaleDeps, tenants: ScaleTenant[]): Promise<string> {
  const { fixed } = deps;
  const cookie = await deps.signIn(deps.owner);
  const measured: Awaited<ReturnType<typeof measureTenant>>[] = [];
  for (const tenant of tenants) measured.push(await measureTenant(deps, cookie, tenant));
  const large = measured[measured.length - 1];
  const share = large.page.requestsPerSecond / large.raw.requestsPerSecond;
  const row = (entry: Row, reference: Row | null) =>
    `| ${entry.name} | ${fixed(entry.requestsPerSecond, 0)} | ${fixed(entry.p50)} | ${fixed(entry.p99)} | ${reference ? fixed(entry.requestsPerSecond / reference.requestsPerSecond) : '–'} |`;
  const found = (hits: (typeof large)['hits']) => hits.map(({ page }) => `${page.items.length}${page.pageInfo.hasNextPage ? '+' : ''}`);
  return [
    `Große Mandanten: ${tenants.map((tenant) => tenant.bookings.toLocaleString('de-DE')).join(' und ')} Buchungen über je ${SCALE_OBJECTS} Objekte, gebucht von ${SCALE_USERS.toLocaleString('de-DE')} Mitgliedern; die erste Seite der Buchungsliste nach Cursor und die Suche des Servers, als Inhaberin (${deps.connections} Verbindungen, ${deps.durationS} s je Messung; Suchbegriffe je Anfrage reihum):`,
    '',
    '| Messung | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|',
    ...measured.flatMap((entry) => [row(entry.page, entry.raw), row(entry.raw, entry.raw), row(entry.search, null)]),
    '',
    `Die Suchbegriffe einzeln (je ${TERM_RUNS} Anfragen nacheinander nach einer ungemessenen; Treffer der ersten Seite, „+“: weitere folgen):`,
    '',
    `| Begriff | ${measured.map((entry) => `Treffer bei ${entry.tenant.bookings.toLocaleString('de-DE')} | Median bei ${entry.tenant.bookings.toLocaleString('de-DE')}`).join(' | ')} |`,
    `|---|${measured.map(() => '---:|---:|').join('')}`,
    ...large.hits.map(({ term }, index) => `| „${term}“ | ${measured.map((entry) => `${found(entry.hits)[index]} | ${fixed(entry.hits[index].ms, 0)} ms`).join(' | ')} |`),
    '',
    `- GraphQL-Seite (50 mit Positionen) bei ${large.tenant.bookings.toLocaleString('de-DE')} Buchungen ≥ 1/3 des Raw-SQL-Durchsatzes: ${reached(share >= GOALS.graphqlPageShareOfRaw)} (${fixed(share)}).`,
    `- Suche des Servers bei ${large.tenant.bookings.toLocaleString('de-DE')} Buchungen ≥ ${GOALS.searchRequestsPerSecond} Anfragen/s: ${reached(large.search.requestsPerSecond >= GOALS.searchRequestsPerSecond)} (${fixed(large.search.requestsPerSecond, 0)}).`,
  ].join('\n');
}

const reached = (ok: boolean) => (ok ? 'erreicht' : 'verfehlt');

/** Scrolling a list to its end: how long, whether it said complete, and what it had loaded. */
export interface ScrollToEnd {
  /** The search the list was filtered by, or null for the whole list. */
  filter: string | null;
  ms: number;
  complete: boolean;
  /** Why it stopped without being complete: the time cap, or no new page for a while. */
  stopped: 'cap' | 'stall' | null;
  pages: number;
  rows: number;
  /** The tab's JavaScript heap after a garbage collection: used and allocated (bytes). */
  heapUsed: number;
  heapTotal: number;
}

export interface ScaleScreenMeasurement {
  tenant: ScaleTenant;
  /** Per run: the click on the tenant card → the first row in the page. */
  clickToRowsMs: number[];
  /** The heap after the first rows (last run), for scale. */
  heapAtFirstRows: number;
  queries: string[];
  keystrokeMs: number[];
  keystrokeTexts: string[];
  superseded: number;
  /** The whole list, and (if that stopped at the cap) a filtered one of about a tenth of 100,000. */
  scrolls: ScrollToEnd[];
}

interface ScaleMarks {
  rows: number | null;
}

/** Installed before the app loads: when the first row of the list is in the page; every resource timing entry kept (a page per request, a thousand of them). */
function instrumentScale() {
  const marks: ScaleMarks = { rows: null };
  Object.assign(window, { scaleMarks: marks });
  performance.setResourceTimingBufferSize(100_000);
  document.addEventListener('DOMContentLoaded', () =>
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('.bookings-list tr[data-booking-id]')) return;
      marks.rows = performance.now();
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true }),
  );
}

/** The list's pages as the test driver sees them (not in the tab, whose heap is measured): pages and rows loaded. */
function countPages(page: Page) {
  const seen = { pages: 0, rows: 0, pending: [] as Promise<void>[] };
  page.on('requestfinished', (request) => {
    if (!request.postData()?.includes(`"operationName":"${LIST_OPERATION}"`)) return;
    seen.pending.push(
      (async () => {
        const answer = (await (await request.response())?.json()) as { data?: Record<string, { items?: unknown[] } | null> } | undefined;
        seen.pages += 1;
        for (const value of Object.values(answer?.data ?? {})) if (Array.isArray(value?.items)) seen.rows += value.items.length;
      })().catch(() => undefined),
    );
  });
  return seen;
}

/** The tab's JavaScript heap after a full garbage collection (Chrome DevTools Protocol). */
async function heapAfterCollection(page: Page) {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize, totalSize } = await session.send('Runtime.getHeapUsage');
    return { used: usedSize, total: totalSize };
  } finally {
    await session.detach();
  }
}

const waitForFirstRows = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { scaleMarks: ScaleMarks }).scaleMarks.rows !== null, null, { timeout: 60_000 }).catch((error: unknown) => {
    throw new Error(`Keine Zeile (tr[data-booking-id] in .bookings-list) 60 s nach dem Klick auf die Mandantenkarte: ${String(error)}`);
  });

/** The list shows `query`'s result and fetches nothing. */
const waitForQuery = (page: Page, query: string) =>
  page.waitForFunction(
    (text) => {
      const list = document.querySelector('.bookings-list');
      return list?.getAttribute('data-query') === text && list.getAttribute('aria-busy') !== 'true';
    },
    query,
    { timeout: 60_000 },
  );

/**
 * Scrolls the list's own scroll container to its bottom in every frame in which it fetches
 * nothing, until the list says it is complete, SCROLL_CAP_MS have passed, or no page came for
 * SCROLL_STALL_MS (the list's pages counted in the tab by resource timing, which holds no bodies).
 */
async function scrollToEnd(page: Page, filter: string | null, seen: ReturnType<typeof countPages>): Promise<ScrollToEnd> {
  const outcome = await page.evaluate(
    async ({ capMs, stallMs, NUDGE_PX }) => {
      const started = performance.now();
      const requests = () => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/graphql').length;
      let seenRequests = requests();
      let lastProgress = started;
      for (;;) {
        const now = performance.now();
        const list = document.querySelector('.bookings-list');
        const scroller = document.querySelector('.bookings-list .virtual-table-scroll');
        if (!list || !scroller) throw new Error('Keine .bookings-list mit .virtual-table-scroll in der Seite');
        if (list.getAttribute('data-complete') === 'true') return { ms: now - started, complete: true, stopped: null };
        if (now - started > capMs) return { ms: now - started, complete: false, stopped: 'cap' as const };
        const busy = list.getAttribute('aria-busy') === 'true';
        const count = requests();
        if (busy || count !== seenRequests) {
          seenRequests = count;
          lastProgress = now;
        } else if (now - lastProgress > stallMs) return { ms: now - started, complete: false, stopped: 'stall' as const };
        // At the bottom already (the next page not asked for yet): a little up, back down in the next frame, so the list sees a scroll.
        if (!busy) scroller.scrollTop = scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1 ? scroller.scrollHeight - scroller.clientHeight - NUDGE_PX : scroller.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    },
    { capMs: SCROLL_CAP_MS, stallMs: SCROLL_STALL_MS, NUDGE_PX: SCROLL_NUDGE_PX },
  );
  await Promise.all(seen.pending);
  const heap = await heapAfterCollection(page);
  return { filter, ...outcome, pages: seen.pages, rows: seen.rows, heapUsed: heap.used, heapTotal: heap.total };
}

/** The searches typed in the browser, key by key: two terms, a misspelt name, a day, a name and a state word. */
const screenSearches = (tenant: ScaleTenant) => [`Müller ${tenant.objectKinds[3]}`, 'Schneidr', tenant.date, 'Schröder bezahlt'];

/**
 * The staff screen of one large tenant as its owner, each run in a fresh browser profile after an
 * untimed one: the click on the tenant card to the first row; in the last run the searches typed
 * key by key, 120 ms apart (each keystroke from its beforeinput until the list shows that text's
 * result, data-query); then, in a fresh profile, the list scrolled to its end and the heap read.
 * Should the whole list not be complete within SCROLL_CAP_MS, a list filtered to one kind of
 * object (a tenth of the objects) is scrolled to its end in another fresh profile.
 */
async function measureTenantScreen(browser: Browser, base: string, login: { id: string; password: string }, tenant: ScaleTenant): Promise<ScaleScreenMeasurement> {
  const queries = screenSearches(tenant);
  const result: ScaleScreenMeasurement = { tenant, clickToRowsMs: [], heapAtFirstRows: NaN, queries, keystrokeMs: [], keystrokeTexts: [], superseded: 0, scrolls: [] };
  const open = () => openTenantBookings(browser, base, login, tenant.tenantName, { instrument: instrumentScale });
  for (let run = -1; run < SCREEN_RUNS; run++) {
    const { context, page } = await open();
    try {
      await waitForFirstRows(page);
      if (run < 0) continue;
      const times = await page.evaluate(() => ({
        clicked: (window as unknown as { benchMarks: ScreenMarks }).benchMarks.clicked,
        rows: (window as unknown as { scaleMarks: ScaleMarks }).scaleMarks.rows,
      }));
      result.clickToRowsMs.push((times.rows ?? NaN) - (times.clicked ?? NaN));
      if (run < SCREEN_RUNS - 1) continue;
      await waitForQuery(page, '');
      result.heapAtFirstRows = (await heapAfterCollection(page)).used;
      const field = page.getByLabel('Buchungen durchsuchen');
      const marks = () => page.evaluate(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks);
      const settled = () => page.waitForFunction(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks.pending === null, null, { timeout: 60_000 });
      for (const query of queries) {
        // Emptying the field is not one of the measured keystrokes.
        await field.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Backspace');
        await waitForQuery(page, '');
        await settled();
        const before = await marks();
        await page.keyboard.type(query, { delay: 120 });
        await settled();
        const typed = await marks();
        result.keystrokeMs.push(...typed.keys.slice(before.keys.length));
        result.keystrokeTexts.push(...typed.texts.slice(before.texts.length));
        result.superseded += typed.superseded - before.superseded;
      }
      if (result.keystrokeMs.length === 0) throw new Error('Kein Tastendruck im Suchfeld gemessen (input[type="search"] „Buchungen durchsuchen“)');
    } finally {
      await context.close();
    }
  }
  const scroll = async (filter: string | null) => {
    const { context, page } = await open();
    try {
      const seen = countPages(page);
      await waitForFirstRows(page);
      await waitForQuery(page, '');
      if (filter !== null) {
        await page.getByLabel('Buchungen durchsuchen').fill(filter);
        await waitForQuery(page, filter);
      }
      return await scrollToEnd(page, filter, seen);
    } finally {
      await context.close();
    }
  };
  const whole = await scroll(null);
  result.scrolls.push(whole);
  if (whole.stopped === 'cap') result.scrolls.push(await scroll(tenant.objectKinds[2]));
  return result;
}

/** The staff screen of each large tenant. */
export async function measureScaleScreens(base: string, login: { id: string; password: string }, tenants: ScaleTenant[]): Promise<ScaleScreenMeasurement[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const measured: ScaleScreenMeasurement[] = [];
    for (const tenant of tenants) measured.push(await measureTenantScreen(browser, base, login, tenant));
    return measured;
  } finally {
    await browser.close();
  }
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** The screen's rows for both tenants, with the goals for the larger one. */
export function scaleScreenTable(screens: ScaleScreenMeasurement[], fixed: (value: number, digits?: number) => string): string {
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${fixed(median(sorted), 0)} ms | ${fixed(sorted[0], 0)} / ${fixed(sorted[sorted.length - 1], 0)} ms`;
  };
  const count = (screen: ScaleScreenMeasurement) => screen.tenant.bookings.toLocaleString('de-DE');
  const scrollRow = (screen: ScaleScreenMeasurement, scroll: ScrollToEnd) => {
    const list = scroll.filter === null ? `alle ${count(screen)}` : `gefiltert „${scroll.filter}“`;
    const state = scroll.complete ? 'vollständig' : scroll.stopped === 'cap' ? `abgebrochen nach ${fixed(SCROLL_CAP_MS / 60_000, 0)} min` : `hängt (${fixed(SCROLL_STALL_MS / 1000, 0)} s ohne Seite)`;
    return `| ${count(screen)}: ${list} | ${state} | ${fixed(scroll.ms / 1000, 1)} s | ${scroll.pages} | ${scroll.rows.toLocaleString('de-DE')} | ${fixed(megabytes(scroll.heapUsed), 1)} MB (${fixed(megabytes(scroll.heapTotal), 1)} MB) |`;
  };
  const large = screens[screens.length - 1];
  const click = median(large.clickToRowsMs);
  const p95 = percentileOf(large.keystrokeMs, 95);
  const heapScroll = large.scrolls.find((scroll) => scroll.complete) ?? large.scrolls[large.scrolls.length - 1];
  return [
    `Buchungen (/admin/buchungen) der großen Mandanten in Chromium, als Inhaberin (${SCREEN_RUNS} Läufe in frischen Profilen nach einem ungemessenen; Seiten zu ${SCROLL_PAGE} nach Cursor):`,
    '',
    '| Messung | Median | schnellste / langsamste |\n|---|---:|---:|',
    ...screens.map((screen) => `| Klick auf die Mandantenkarte bis erste Zeilen, ${count(screen)} Buchungen | ${spread(screen.clickToRowsMs)} |`),
    '',
    `Suche des Servers, Taste für Taste (120 ms Abstand; Tastendruck bis die Liste das Ergebnis des getippten Texts zeigt):`,
    '',
    '| Buchungen | Suchen | Tastendrücke (überholt) | p50 | p95 | langsamste |\n|---|---|---:|---:|---:|---:|',
    ...screens.map(
      (screen) =>
        `| ${count(screen)} | ${screen.queries.map((query) => `„${query}“`).join(', ')} | ${screen.keystrokeMs.length} (${screen.superseded}) | ${fixed(percentileOf(screen.keystrokeMs, 50), 1)} ms | ${fixed(percentileOf(screen.keystrokeMs, 95), 1)} ms | ${fixed(Math.max(...screen.keystrokeMs), 1)} ms |`,
    ),
    '',
    `Bis ans Ende der Liste gescrollt (im eigenen Scrollbereich, in jedem Bild ohne laufende Anfrage nach unten, bis die Liste vollständig ist; höchstens ${fixed(SCROLL_CAP_MS / 60_000, 0)} min, sonst eine auf eine Objektart gefilterte Liste), danach der JavaScript-Heap des Tabs nach einer Speicherbereinigung:`,
    '',
    '| Liste | Ende | Dauer | Seiten | Zeilen geladen | Heap belegt (reserviert) |\n|---|---|---:|---:|---:|---:|',
    ...screens.flatMap((screen) => screen.scrolls.map((scroll) => scrollRow(screen, scroll))),
    ...screens.map((screen) => `| ${count(screen)}: erste Zeilen, vor dem Scrollen | – | – | – | – | ${fixed(megabytes(screen.heapAtFirstRows), 1)} MB |`),
    '',
    `- Klick auf die Mandantenkarte bis erste Zeilen bei ${count(large)} Buchungen ≤ ${GOALS.clickToRowsMs} ms (Median): ${reached(click <= GOALS.clickToRowsMs)} (${fixed(click, 0)} ms).`,
    `- Suche des Servers ≤ ${GOALS.keystrokeP95Ms} ms je Tastendruck bei ${count(large)} Buchungen (p95): ${reached(p95 <= GOALS.keystrokeP95Ms)} (${fixed(p95, 1)} ms).`,
    `- JavaScript-Heap ≤ ${GOALS.heapMegabytes} MB nach dem Scrollen bis ans Ende (${heapScroll.filter === null ? `alle ${count(large)}` : `gefiltert „${heapScroll.filter}“`}${heapScroll.complete ? '' : ', nicht vollständig'}): ${reached(heapScroll.complete && megabytes(heapScroll.heapUsed) <= GOALS.heapMegabytes)} (${fixed(megabytes(heapScroll.heapUsed), 1)} MB).`,
  ].join('\n');
}
