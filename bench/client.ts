import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/**
 * The client as a browser meets it, measured with Chromium (CHROMIUM_PATH, default Debian's
 * /usr/bin/chromium) against the built product: the JavaScript and CSS the login page and the public
 * booking page download (compressed, as it travels), and the time from the click on "Anmelden" to
 * the dashboard's tenant cards, in fresh browser profiles so every run downloads the admin chunks as
 * a first visit does.
 */
export interface PageTransfer {
  jsBytes: number;
  cssBytes: number;
  files: number;
  /** The Content-Encodings seen, e.g. "br". */
  encodings: string[];
  /** Files sent without encoding (the build compresses none below 1 KB). */
  plainFiles: number;
  /** Admin screens the page downloaded (should be none). */
  adminChunks: string[];
}

export interface ClientMeasurement {
  login: PageTransfer;
  /** /checkout for the demo tenant's venue (an object booked by the hour with opening hours and a price), as a guest. */
  checkout: PageTransfer;
  /** Milliseconds from the click on "Anmelden" to the first tenant card in the page, one per run. */
  signInToDashboardMs: number[];
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The chunks of the admin screens (adminScreens.ts) and of the admin frame. */
const ADMIN_CHUNK = /\/(AdminLayout|DashboardPage|SettingsPage|RolesPage|CouponsPage|InstanceTenantsPage|TenantEditPage|TenantMembersPage|InstanceSettingsPage|UsersAdminPage|BookableListPage|BookableEditPage|\w*Bookings\w*Page)-/;

/** What a first visit of `url` downloads until the network is quiet, after `ready` shows (if given). */
async function pageTransfer(browser: Browser, url: string, ready?: string): Promise<PageTransfer> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses: Promise<{ path: string; bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      responses.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          return { path: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? '' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (ready) {
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const files = (await Promise.all(responses)).filter((file) => /\.(js|css)$/.test(file.path));
    const sum = (extension: string) => files.filter((file) => file.path.endsWith(extension)).reduce((total, file) => total + file.bytes, 0);
    return {
      jsBytes: sum('.js'),
      cssBytes: sum('.css'),
      files: files.length,
      encodings: [...new Set(files.map((file) => file.encoding).filter(Boolean))].sort(),
      plainFiles: files.filter((file) => !file.encoding).length,
      adminChunks: files.map((file) => file.path).filter((path) => ADMIN_CHUNK.test(path)),
    };
  } finally {
    await context.close();
  }
}

/**
 * The booking page's address for the demo tenant's venue, looked up as its owner: the tenant from
 * the tenant list, the venue from the public objects (the one booked through the calendar).
 */
async function demoCheckoutUrl(browser: Browser, base: string, login: { id: string; password: string }): Promise<string> {
  const context = await browser.newContext({ baseURL: base });
  try {
    const api = context.request;
    if (!(await api.post('/auth/signin', { data: login })).ok()) throw new Error('Anmeldung der Demo-Inhaberin fehlgeschlagen');
    const [tenant] = (await (await api.get('/api/tenants?publicTenants=true')).json()) as { id: string }[];
    const answer = await api.post('/graphql', {
      data: { query: 'query ($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id type isScheduleRelated } }', variables: { tenantId: tenant.id } },
      headers: { 'content-type': 'application/json' },
    });
    const bookables = ((await answer.json()) as { data: { publicBookables: { id: string; type: string; isScheduleRelated: boolean }[] } }).data.publicBookables;
    // The venue, not the first object booked by time (the demo's beamer is one too).
    const venue = bookables.find((bookable) => bookable.type === 'event_location' && bookable.isScheduleRelated);
    if (!venue) throw new Error('Der Demo-Mandant hat kein Objekt, das über den Kalender gebucht wird');
    return `${base}/checkout?id=${venue.id}&tenant=${tenant.id}&amount=1`;
  } finally {
    await context.close();
  }
}

async function signInToDashboard(browser: Browser, base: string, login: { id: string; password: string }): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-Mail').fill(login.id);
    await page.getByLabel('Passwort', { exact: true }).fill(login.password);
    // Both moments are taken in the page (performance.now), so the test driver's own delays do not count.
    await page.evaluate(() => {
      const marks: { clicked?: number; shown?: number } = {};
      Object.assign(window, { benchMarks: marks });
      document.querySelector('button[type="submit"]')!.addEventListener('click', () => (marks.clicked = performance.now()), { capture: true });
      new MutationObserver((_records, observer) => {
        if (document.querySelector('.tenant-card')) {
          marks.shown = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.locator('.tenant-card').first().waitFor();
    const marks = await page.evaluate(() => (window as unknown as { benchMarks: { clicked: number; shown: number } }).benchMarks);
    return marks.shown - marks.clicked;
  } finally {
    await context.close();
  }
}

export async function measureClient(base: string, login: { id: string; password: string }, runs: number): Promise<ClientMeasurement> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const transfer = await pageTransfer(browser, `${base}/login`);
    // The booking page with its time grid shown: everything it needs has arrived by then.
    const checkout = await pageTransfer(browser, await demoCheckoutUrl(browser, base, login), '.slot-table, .slot-closed');
    // One untimed run first: the server's JIT and pools warm, as for the other measurements.
    await signInToDashboard(browser, base, login);
    const signInToDashboardMs: number[] = [];
    for (let run = 0; run < runs; run++) signInToDashboardMs.push(await signInToDashboard(browser, base, login));
    return { login: transfer, checkout, signInToDashboardMs };
  } finally {
    await browser.close();
  }
}

/** The bookings screen (/admin/buchungen) with the demo tenant's seeded bookings. */
export interface BookingsScreenMeasurement {
  /** Per run: the first page's answer complete → its rows in the table. */
  firstPageToRowsMs: number[];
  /** Per run: the click on the tenant card → the first rows. */
  clickToRowsMs: number[];
  bookings: number;
  /** Per keystroke: keydown → the table showing the result for the text typed so far. */
  keystrokeMs: number[];
  /** The text typed so far at each keystroke, beside keystrokeMs. */
  keystrokeTexts: string[];
  /** Keystrokes whose result was not shown before the next one (their time so far is among keystrokeMs). */
  superseded: number;
  queries: string[];
}

export interface ScreenMarks {
  /** When each bookings page was requested. */
  pages: number[];
  clicked: number | null;
  rows: number | null;
  busy: boolean;
  complete: number | null;
  keyDown: number | null;
  pending: { at: number; query: string } | null;
  keys: number[];
  texts: string[];
  superseded: number;
}

/**
 * Installed before the app loads: when each bookings page was requested (a wrapper around fetch,
 * which Apollo calls; the page's resource timing then tells when its answer had arrived), when the first rows and the complete list are in the page, and
 * for each keystroke in the search field the time from its keydown to the table showing that text's
 * result (the list carries the search it shows as data-query).
 */
function instrumentBookingsScreen() {
  const marks: ScreenMarks = { pages: [], clicked: null, rows: null, busy: false, complete: null, keyDown: null, pending: null, keys: [], texts: [], superseded: 0 };
  Object.assign(window, { benchMarks: marks });
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    // When each bookings page was asked for; its resource timing tells when its last byte arrived.
    if (typeof init?.body === 'string' && init.body.includes('"operationName":"StaffBookingList"')) marks.pages.push(performance.now());
    return plainFetch(input, init);
  };
  const look = () => {
    const list = document.querySelector('.bookings-list');
    if (marks.rows === null && document.querySelector('table[aria-label="Buchungen"] tbody tr')) marks.rows = performance.now();
    if (list?.getAttribute('aria-busy') === 'true') marks.busy = true;
    else if (list && marks.busy && marks.complete === null) marks.complete = performance.now();
    if (marks.pending && list?.getAttribute('data-query') === marks.pending.query) {
      marks.keys.push(performance.now() - marks.pending.at);
      marks.texts.push(marks.pending.query);
      marks.pending = null;
    }
  };
  document.addEventListener('DOMContentLoaded', () => new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'data-query'] }));
  document.addEventListener('click', (event) => {
    if ((event.target as Element).closest?.('.tenant-card')) marks.clicked = performance.now();
  }, { capture: true });
  // beforeinput: every typed character has one (keydown is missing for characters typed as text, such as ü).
  document.addEventListener('beforeinput', (event) => {
    if ((event.target as Element).matches?.('input[type="search"]')) marks.keyDown = event.timeStamp;
  }, { capture: true });
  document.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    if (!field.matches?.('input[type="search"]') || marks.keyDown === null) return;
    // A result not shown before the next keystroke is never shown: counted with the time it had taken so far.
    if (marks.pending) {
      marks.keys.push(performance.now() - marks.pending.at);
      marks.texts.push(marks.pending.query);
      marks.superseded += 1;
    }
    marks.pending = { at: marks.keyDown, query: field.value };
  }, { capture: true });
}

const SEARCHES = ['Müller Sitzungssaal', 'katharina.zimmerman', 'Bergheim freigegeben', 'Schmidt Trauzimer bezahlt'];

/**
 * A fresh browser profile signed in as `login` that has clicked the card of `tenant` on the
 * dashboard, which opens its bookings screen; the keystroke and click marks (benchMarks) and
 * `instrument` are installed before the app loads.
 */
export async function openTenantBookings(
  browser: Browser,
  base: string,
  login: { id: string; password: string },
  tenant: string,
  options: { context?: BrowserContextOptions; instrument?: () => void } = {},
) {
  const context = await browser.newContext(options.context ?? {});
  await context.addInitScript(instrumentBookingsScreen);
  if (options.instrument) await context.addInitScript(options.instrument);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('Fehler in der Seite:', error.message));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('E-Mail').fill(login.id);
  await page.getByLabel('Passwort', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.locator('.tenant-card').filter({ hasText: tenant }).click();
  return { context, page };
}

/** The demo tenant's bookings screen in a fresh profile, once its first page shows and nothing is on its way. */
export async function openBookingsScreen(browser: Browser, base: string, login: { id: string; password: string }, options: { context?: BrowserContextOptions; instrument?: () => void } = {}) {
  const { context, page } = await openTenantBookings(browser, base, login, 'Rathaus Musterstadt', options);
  await page.waitForFunction(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks.rows !== null, null, { timeout: 60_000 });
  await page.locator('.bookings-list[aria-busy="false"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

/**
 * The bookings screen with the demo tenant's bookings, as its owner, each run in a fresh browser
 * profile: from the click on the tenant card through the pages to the complete list, then, in the
 * last run, the searches typed key by key (120 ms apart, as a quick typist).
 */
export async function measureBookingsScreen(base: string, login: { id: string; password: string }, expectedBookings: number, runs: number): Promise<BookingsScreenMeasurement> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const result: BookingsScreenMeasurement = {
    firstPageToRowsMs: [],
    clickToRowsMs: [],
    bookings: expectedBookings,
    keystrokeMs: [],
    keystrokeTexts: [],
    superseded: 0,
    queries: SEARCHES,
  };
  try {
    // One untimed run first: the server's JIT and pools warm.
    await (await openBookingsScreen(browser, base, login)).context.close();
    for (let run = 0; run < runs; run++) {
      const { context, page } = await openBookingsScreen(browser, base, login);
      const marks = await page.evaluate(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks);
      // The first page's last byte: the resource timing entry of the request started at its time.
      const arrival = await page.evaluate((requested) => {
        const entries = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/graphql') as PerformanceResourceTiming[];
        return entries.find((entry) => entry.startTime >= requested - 1)?.responseEnd ?? NaN;
      }, marks.pages[0] ?? NaN);
      result.firstPageToRowsMs.push((marks.rows ?? NaN) - arrival);
      result.clickToRowsMs.push((marks.rows ?? NaN) - (marks.clicked ?? NaN));
      if (run === runs - 1) {
        const field = page.getByLabel('Buchungen durchsuchen');
        const profiling = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
        if (profiling) {
          await profiling.send('Profiler.enable');
          await profiling.send('Profiler.setSamplingInterval', { interval: 100 });
          await profiling.send('Profiler.start');
        }
        for (const query of SEARCHES) {
          await field.click();
          await page.keyboard.press('Control+A');
          await page.keyboard.press('Backspace');
          await page.keyboard.type(query, { delay: 120 });
          await page.waitForFunction(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks.pending === null);
        }
        if (profiling) {
          const { profile } = await profiling.send('Profiler.stop');
          const { writeFileSync } = await import('node:fs');
          writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
        }
        const typed = await page.evaluate(() => (window as unknown as { benchMarks: ScreenMarks }).benchMarks);
        result.keystrokeMs = typed.keys;
        result.keystrokeTexts = typed.texts;
        result.superseded = typed.superseded;
      }
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** The kanban view of the bookings screen (/admin/buchungen, "Kanban") with a board of many cards. */
export interface KanbanMeasurement {
  /** The cards of the states' columns (all shown at once) and of the backlog's first page. */
  stateCards: number;
  backlogCards: number;
  /** Per run: the click on "Kanban" → the states' cards in the page, → the backlog's first page in the page, → every column's cards in the page, → that frame painted. */
  clickToStatesMs: number[];
  clickToBacklogMs: number[];
  clickToCardsMs: number[];
  clickToPaintedMs: number[];
  /** Per run: the board's answer (KanbanBoard) arrived → its cards painted. */
  dataToPaintedMs: number[];
  /** One drag per run. */
  drags: KanbanDrag[];
}

export interface KanbanDrag {
  /** The columns' names (their regions). */
  from: string;
  to: string;
  steps: number;
  /** dragstart → drop, in the page. */
  durationMs: number;
  /** The frames between dragstart and drop: intervals of the requestAnimationFrame timestamps. */
  frameMs: number[];
  /** The drop → the card painted in the target column (shown at once, before the server answers). */
  dropToPaintedMs: number;
}

interface KanbanMarks {
  /** When the board's query was sent (its request carries ?bench=KanbanBoard, so its resource timing is found). */
  boardRequested: number | null;
  clicked: number | null;
  /** All cards of the states in the page; the backlog's first page in the page; both. */
  states: number | null;
  backlog: number | null;
  cards: number | null;
  painted: number | null;
  /** requestAnimationFrame timestamps while recording. */
  frames: number[];
  recording: boolean;
  dragStart: number | null;
  drop: number | null;
  landedPainted: number | null;
}

/**
 * Installed before the app loads: when the board's query is sent (marked in its address, which
 * the server ignores, so its resource timing entry tells when its answer arrived), the click on
 * "Kanban", and dragstart and drop of the drag (pragmatic drag and drop uses the browser's own
 * drag and drop, which Playwright drives in Chromium).
 */
function instrumentKanban() {
  const marks: KanbanMarks = { boardRequested: null, clicked: null, states: null, backlog: null, cards: null, painted: null, frames: [], recording: false, dragStart: null, drop: null, landedPainted: null };
  Object.assign(window, { kanbanMarks: marks });
  const innerFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string' && init.body.includes('"operationName":"KanbanBoard"') && !(input instanceof Request)) {
      marks.boardRequested = performance.now();
      const url = new URL(String(input), location.href);
      url.searchParams.set('bench', 'KanbanBoard');
      return innerFetch(url, init);
    }
    return innerFetch(input, init);
  };
  document.addEventListener('click', (event) => {
    const option = (event.target as Element).closest?.('[role="radio"]');
    if (option?.textContent?.trim() === 'Kanban') marks.clicked = performance.now();
  }, { capture: true });
  window.addEventListener('dragstart', () => (marks.dragStart = performance.now()), { capture: true });
  window.addEventListener('drop', () => (marks.drop = performance.now()), { capture: true });
}

const kanbanMarks = () => (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks;

/** A realistic window for the board (as the end-to-end tests use): the backlog and three states side by side. */
const KANBAN_VIEWPORT = { width: 1440, height: 900 };
const DRAG_STEPS = 60;
const FRAME_MS = 1000 / 60;

/** Drags the top card of the first state's column to the farthest state column in view, in `DRAG_STEPS` mouse moves a frame apart. */
async function dragAcross(page: Page): Promise<KanbanDrag> {
  const columns = await page.locator('.kanban-column').evaluateAll((sections) =>
    sections.map((section) => ({ key: (section as HTMLElement).dataset.column!, name: section.getAttribute('aria-label')!, right: section.getBoundingClientRect().right })),
  );
  const states = columns.filter((column) => column.key !== 'backlog');
  const from = states[0];
  const to = states.filter((column) => column.right <= KANBAN_VIEWPORT.width).pop();
  if (!from || !to || to === from) throw new Error(`Keine zweite Spalte des Kanban-Boards im Fenster: ${JSON.stringify(columns)}`);
  const cardsOf = (key: string) => page.locator(`.kanban-column[data-column="${key}"] [data-card-id]`);
  const source = cardsOf(from.key).first();
  const cardId = (await source.getAttribute('data-card-id'))!;
  const start = (await source.boundingBox())!;
  // Onto the upper edge of the target column's third card: the card goes in as its third.
  const target = (await cardsOf(to.key).nth(2).boundingBox())!;
  const begin = { x: start.x + start.width / 2, y: start.y + 16 };
  const end = { x: target.x + target.width / 2, y: target.y + 8 };

  await page.evaluate(({ column, card }) => {
    const marks = (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks;
    Object.assign(marks, { frames: [], recording: true, dragStart: null, drop: null, landedPainted: null });
    const frame = (time: number) => {
      marks.frames.push(time);
      if (marks.recording) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const landed = () => document.querySelector(`.kanban-column[data-column="${CSS.escape(column)}"] [data-card-id="${CSS.escape(card)}"]`);
    new MutationObserver((_records, observer) => {
      if (marks.drop === null || !landed()) return;
      observer.disconnect();
      // After the frame that shows it.
      requestAnimationFrame(() => setTimeout(() => (marks.landedPainted = performance.now())));
    }).observe(document.body, { childList: true, subtree: true });
  }, { column: to.key, card: cardId });
  await page.mouse.move(begin.x, begin.y);
  await page.mouse.down();
  const started = performance.now();
  for (let step = 1; step <= DRAG_STEPS; step++) {
    await page.mouse.move(begin.x + ((end.x - begin.x) * step) / DRAG_STEPS, begin.y + ((end.y - begin.y) * step) / DRAG_STEPS);
    const wait = started + step * FRAME_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await page.mouse.up();
  await page.waitForFunction(() => (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks.landedPainted !== null, null, { timeout: 10_000 });
  // The server confirmed the move: its toast, and the card still there and not in its old column.
  await page.locator('.bp6-toast').filter({ hasText: `Die Buchung ${cardId} ist jetzt in „${to.name}“.` }).waitFor({ timeout: 10_000 });
  const cardIn = (key: string) => page.locator(`.kanban-column[data-column="${key}"] [data-card-id="${cardId}"]`).count();
  if ((await cardIn(to.key)) !== 1 || (await cardIn(from.key)) !== 0) throw new Error(`Die Karte ${cardId} ist nicht von „${from.name}“ nach „${to.name}“ gelangt`);
  const marks = await page.evaluate(() => {
    const recorded = (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks;
    recorded.recording = false;
    return recorded;
  });
  if (marks.dragStart === null || marks.drop === null) throw new Error('Kein dragstart oder drop in der Seite: das Ziehen hat nicht begonnen');
  const frameMs: number[] = [];
  for (let index = 1; index < marks.frames.length; index++) {
    if (marks.frames[index] > marks.dragStart && marks.frames[index] <= marks.drop) frameMs.push(marks.frames[index] - marks.frames[index - 1]);
  }
  return { from: from.name, to: to.name, steps: DRAG_STEPS, durationMs: marks.drop - marks.dragStart, frameMs, dropToPaintedMs: marks.landedPainted! - marks.drop };
}

/**
 * The kanban view with the board seeded (`stateCards` cards over the states, the demo tenant's other
 * bookings in the backlog, whose first page has `backlogCards`), as `login`, each run in a fresh
 * browser profile: the bookings screen is opened and its list loaded completely (as openBookingsScreen
 * does), then "Kanban" chosen; timed from that click until every state column shows all its cards and
 * the backlog its first page, and until the frame after is painted. Then one card is dragged with the
 * mouse across columns while the page records its frames.
 */
export async function measureKanbanScreen(
  base: string,
  login: { id: string; password: string },
  expected: { bookings: number; stateCards: number; backlogCards: number },
  runs: number,
): Promise<KanbanMeasurement> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const result: KanbanMeasurement = { stateCards: expected.stateCards, backlogCards: expected.backlogCards, clickToStatesMs: [], clickToBacklogMs: [], clickToCardsMs: [], clickToPaintedMs: [], dataToPaintedMs: [], drags: [] };
  try {
    // One untimed run first (with its drag): the server's JIT and pools warm.
    for (let run = -1; run < runs; run++) {
      const { context, page } = await openBookingsScreen(browser, base, login, { context: { viewport: KANBAN_VIEWPORT }, instrument: instrumentKanban });
      await page.evaluate(({ stateCards, backlogCards }) => {
        const marks = (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks;
        new MutationObserver((_records, observer) => {
          let states = 0;
          let backlog = 0;
          for (const column of Array.from(document.querySelectorAll<HTMLElement>('.kanban-column'))) {
            const cards = column.querySelectorAll('[data-card-id]').length;
            if (column.dataset.column === 'backlog') backlog = cards;
            else states += cards;
          }
          const now = performance.now();
          if (states >= stateCards) marks.states ??= now;
          if (backlog >= backlogCards) marks.backlog ??= now;
          if (marks.states === null || marks.backlog === null) return;
          marks.cards = now;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (marks.painted = performance.now())));
        }).observe(document.body, { childList: true, subtree: true });
      }, expected);
      await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kanban' }).click();
      await page.waitForFunction(() => (window as unknown as { kanbanMarks: KanbanMarks }).kanbanMarks.painted !== null, null, { timeout: 60_000 });
      const marks = await page.evaluate(kanbanMarks);
      const arrived = await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((candidate) => new URL(candidate.name).searchParams.get('bench') === 'KanbanBoard') as PerformanceResourceTiming | undefined;
        return entry?.responseEnd ?? NaN;
      });
      const shown = await page.locator('.kanban-column:not([data-column="backlog"]) [data-card-id]').count();
      if (shown !== expected.stateCards) throw new Error(`Das Kanban-Board zeigt ${shown} statt ${expected.stateCards} Karten in den Status`);
      // The backlog's next pages and the live subscriptions settle before the drag.
      await page.waitForTimeout(1000);
      const drag = await dragAcross(page);
      if (run >= 0) {
        result.clickToStatesMs.push(marks.states! - marks.clicked!);
        result.clickToBacklogMs.push(marks.backlog! - marks.clicked!);
        result.clickToCardsMs.push(marks.cards! - marks.clicked!);
        result.clickToPaintedMs.push(marks.painted! - marks.clicked!);
        result.dataToPaintedMs.push(marks.painted! - arrived);
        result.drags.push(drag);
      }
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
  }
}

export function percentileOf(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
