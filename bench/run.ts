import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, ensureDatabase } from '../server/src/db/embedded.js';
import { demoBookingCount, demoLogins } from '../server/src/db/seed.js';
import { measureBoardLatency } from './board.js';
import { measureMonthCalendar } from './calendar.js';
import {
  type BookingsScreenMeasurement,
  type ClientMeasurement,
  type KanbanMeasurement,
  measureBookingsScreen,
  measureClient,
  measureKanbanScreen,
  median,
  percentileOf,
} from './client.js';
import { startHaproxy } from '../tests/support/haproxy.js';
import { MailSink } from './mail-sink.js';
import { measureTicketRush } from './rush.js';
import { measureScaleScreens, measureScaleServer, scaleScreenTable, seedScaleTenants } from './scale.js';
import type { BalancerRooms, BenchRequest, MemoryReading, OccupancyCheck, RawLookup, RawResult, SeededData, SeededRoom } from './protocol.js';

/**
 * `npm run bench`: the built product on a fresh embedded PostgreSQL, loaded by autocannon from this
 * process; prints throughput and p50/p99 latency beside the same lookup as raw SQL, concurrent
 * checkouts on one object with the SQL check for overbooking afterwards, availability and checkout
 * of an object with 10 against one with 100,000 past bookings, and the staff's bookings list beside
 * the same page as raw SQL; then, in Chromium, what the login page and the public booking page
 * download and the time from "Anmelden" to the dashboard; at the end the bookings screen and its
 * kanban view with a board of 1,000 cards (render time, frames while dragging a card). Bounded in
 * time, loopback only. `BENCH_ONLY=api` measures only the API rows (me, checkouts, history, list; no browser), `BENCH_ONLY=client` measures only the client rows (seeding only the demo
 * tenant's bookings), `BENCH_ONLY=kanban` only the kanban view's, `BENCH_ONLY=calendar` only the
 * month calendar's, `BENCH_ONLY=receipts` only the receipt PDFs (throughput with the warm browser
 * and the memory after 50 and after 500 documents), `BENCH_ONLY=balancer` only the checkouts through
 * HAProxy in front of two server processes beside those sent to one directly, `BENCH_ONLY=rush` only
 * the ticket rush (bench/rush.ts), `BENCH_ONLY=scale` only the large tenants (bench/scale.ts: 10,000
 * and 100,000 bookings over 200 objects by 2,000 members; the list's page and the server search
 * beside raw SQL, and the staff screen in Chromium).
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAST_BOOKINGS_LARGE = 100_000;
const BOOKINGS_FOR_LIST = 10_000;
const HOUR = 3_600_000;
const CLIENT_RUNS = 9;
const BOOKINGS_SCREEN_RUNS = 5;
/** The demo seed's own bookings beside the seeded list. */
const DEMO_BOOKINGS = demoBookingCount;
const KANBAN_RUNS = 5;
const CALENDAR_RUNS = 5;
const KANBAN_CARDS = 1000;
/** The backlog's first page (BACKLOG_PAGE_SIZE of the client's useBacklog.ts). */
const KANBAN_BACKLOG_PAGE = 50;
const KANBAN_STATES = [
  { id: 'eingang', name: 'Eingang' },
  { id: 'pruefung', name: 'In Prüfung' },
  { id: 'freigabe', name: 'Freigabe' },
  { id: 'erledigt', name: 'Erledigt' },
];
/** A frame at 60 Hz. */
const FRAME_BUDGET_MS = 1000 / 60;
/** requestAnimationFrame timestamps of frames in budget vary by about ±0.1 ms around 16.67 ms. */
const FRAME_JITTER_MS = 0.5;
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !['api', 'client', 'kanban', 'calendar', 'receipts', 'balancer', 'rush', 'scale'].includes(ONLY)) {
  throw new Error(`BENCH_ONLY kennt nur "api", "client", "kanban", "calendar", "receipts", "balancer", "rush" und "scale", nicht "${ONLY}"`);
}
/** Receipt PDFs: the first ones measured for memory, all of them, and how many requests run at once (PDF_CONCURRENCY). */
const RECEIPTS_FIRST = 50;
const RECEIPTS_TOTAL = 500;
const RECEIPT_CONNECTIONS = 2;

/** Goals the measurements are read against (README, Benchmarks). */
const GOALS = {
  distinctSlotBookingsPerMinute: 3000,
  historyLatencyRatio: 1.5,
  graphqlListShareOfRaw: 1 / 3,
  loginTransferKilobytes: 200,
  checkoutScriptKilobytes: 200,
  signInToDashboardMs: 400,
  bookingsListUsableMs: 500,
  bookingsClickToRowsMs: 300,
  searchKeystrokeP95Ms: 100,
  boardEventP99Ms: 250,
  kanbanPaintedMs: 1000,
  kanbanFrameP95Ms: 16.7,
  kanbanDroppedShare: 0.05,
  monthCalendarDrawnMs: 200,
  /** RSS after 500 PDFs at most this share above the RSS after the first 50 (allocator noise, no growth). */
  receiptMemoryGrowth: 0.1,
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

interface CheckoutRow extends Row {
  requests: number;
  bookingsPerMinute: number;
  answers: string;
  oversold: number;
  check: OccupancyCheck;
}

async function signIn(base: string, login: { id: string; password: string }): Promise<string> {
  const answer = await fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (!answer.ok || !cookie) throw new Error(`Anmeldung für den Benchmark fehlgeschlagen: ${answer.status}`);
  return cookie;
}

/** The instance owner the server seeds (the default ADMIN_EMAIL). */
const ADMIN = { id: 'admin@example.com', password: 'bench-admin-password' };
const loadAtStart = os.loadavg()[0];
const workDir = mkdtempSync(path.join(os.tmpdir(), 'buchung-bench-'));
chmodSync(workDir, 0o755);
const database = await startEmbeddedPostgres(path.join(workDir, 'db'), await freePort());
// Every server process mails here (also the rush's confirmations, whichever process's job worker sends them).
const mailSink = await new MailSink().start();
const serverPort = await freePort();
const sessionSecret = randomBytes(32).toString('hex');
/** A server process of the built product on the benchmark's database (a second one shares its sessions). */
const serverProcess = (port: number, extraEnv: Record<string, string> = {}) =>
  fork(path.resolve('bench/worker.ts'), [], {
    execArgv: ['--import', '@swc-node/register/esm-register'],
    env: {
      ...process.env,
      // graphql-js and express pick their production paths from the environment, as a deployment does.
      NODE_ENV: 'production',
      // No line per request: the numbers measure the product, not writing its log.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: `${database.serverUrl}/bench`,
      DATA_DIR: path.join(workDir, 'data'),
      SESSION_SECRET: sessionSecret,
      ADMIN_PASSWORD: ADMIN.password,
      BENCH_PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mailSink.port),
      ...extraEnv,
    },
  });
const worker = serverProcess(serverPort);

/** One request to the server process and its answer. */
function ask<T>(request: BenchRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (message: { result?: unknown; error?: string }) => (message.error ? reject(new Error(message.error)) : resolve(message.result as T)));
    worker.send(request);
  });
}

async function rawRow(name: string, lookup: RawLookup): Promise<Row> {
  const raw = await ask<RawResult>({ type: 'raw', lookup, connections: CONNECTIONS, durationMs: DURATION_S * 1000 });
  const sorted = [...raw.latencies].sort((a, b) => a - b);
  return { name, requestsPerSecond: raw.latencies.length / (raw.durationMs / 1000), p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const ratioRows = (rows: Row[], reference: Row) =>
  rows.map((row) => `| ${row.name} | ${fixed(row.requestsPerSecond, 0)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${fixed(row.requestsPerSecond / reference.requestsPerSecond)} |`);
const reached = (ok: boolean) => (ok ? 'erreicht' : 'verfehlt');
const kilobytes = (bytes: number) => bytes / 1024;

/** The client rows: login and booking page downloads and "Anmelden" to dashboard, with their goals. */
function clientTable(client: ClientMeasurement): string {
  const { login, checkout, signInToDashboardMs } = client;
  const total = kilobytes(login.jsBytes + login.cssBytes);
  const checkoutScript = kilobytes(checkout.jsBytes);
  const timings = [...signInToDashboardMs].sort((a, b) => a - b);
  const medianMs = median(timings);
  return [
    `Client in Chromium (${CLIENT_RUNS} Anmeldungen in frischen Profilen nach einer ungemessenen, als Inhaberin des Demo-Mandanten; /checkout als Gast für den Veranstaltungsort des Demo-Mandanten):`,
    '',
    '| Messung | Wert |\n|---|---:|',
    `| /login: JavaScript, komprimiert übertragen (${login.encodings.join(', ') || 'ohne Content-Encoding'}; ${login.plainFiles} Dateien unter 1 KB ohne) | ${fixed(kilobytes(login.jsBytes), 1)} KB |`,
    `| /login: CSS, komprimiert übertragen | ${fixed(kilobytes(login.cssBytes), 1)} KB |`,
    `| /login: zusammen (${login.files} Dateien, Admin-Chunks: ${login.adminChunks.length}) | ${fixed(total, 1)} KB |`,
    `| /checkout: JavaScript, komprimiert übertragen (${checkout.encodings.join(', ') || 'ohne Content-Encoding'}; ${checkout.plainFiles} Dateien unter 1 KB ohne; Admin-Chunks: ${checkout.adminChunks.length}) | ${fixed(checkoutScript, 1)} KB |`,
    `| /checkout: CSS, komprimiert übertragen | ${fixed(kilobytes(checkout.cssBytes), 1)} KB |`,
    `| "Anmelden" bis Mandantenkarten, Median | ${fixed(medianMs, 0)} ms |`,
    `| "Anmelden" bis Mandantenkarten, schnellste / langsamste | ${fixed(timings[0], 0)} / ${fixed(timings[timings.length - 1], 0)} ms |`,
    '',
    `- /login ≤ ${GOALS.loginTransferKilobytes} KB JavaScript und CSS (komprimiert), ohne Admin-Chunks: ${reached(total <= GOALS.loginTransferKilobytes && login.adminChunks.length === 0)} (${fixed(total, 1)} KB).`,
    `- /checkout ≤ ${GOALS.checkoutScriptKilobytes} KB JavaScript (komprimiert), ohne Admin-Chunks: ${reached(checkoutScript <= GOALS.checkoutScriptKilobytes && checkout.adminChunks.length === 0)} (${fixed(checkoutScript, 1)} KB).`,
    `- "Anmelden" bis Dashboard ≤ ${GOALS.signInToDashboardMs} ms (Median): ${reached(medianMs <= GOALS.signInToDashboardMs)} (${fixed(medianMs, 0)} ms).`,
  ].join('\n');
}

const slowest = (screen: BookingsScreenMeasurement, count = 4) =>
  screen.keystrokeMs
    .map((ms, index) => ({ ms, text: screen.keystrokeTexts[index] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ ms, text }) => `„${text}“ ${fixed(ms, 0)} ms`)
    .join(', ');

/** The bookings screen's rows: a usable list after the data arrives, and the search per keystroke, with their goals. */
function bookingsScreenTable(screen: BookingsScreenMeasurement): string {
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${fixed(median(sorted), 0)} ms | ${fixed(sorted[0], 0)} / ${fixed(sorted[sorted.length - 1], 0)} ms |`;
  };
  const usable = median(screen.firstPageToRowsMs);
  const clickToRows = median(screen.clickToRowsMs);
  const p95 = percentileOf(screen.keystrokeMs, 95);
  const count = screen.bookings.toLocaleString('de-DE');
  return [
    `Buchungen (/admin/buchungen) in Chromium mit ${count} Buchungen des Demo-Mandanten, als Inhaberin (${BOOKINGS_SCREEN_RUNS} Läufe in frischen Profilen nach einem ungemessenen; die Liste liest Seiten zu 100 vom Server, Suche auf dem Server):`,
    '',
    '| Messung | Median | schnellste / langsamste |\n|---|---:|---:|',
    row('Erste Seite (100) angekommen bis Liste bedienbar (Zeilen sichtbar)', screen.firstPageToRowsMs),
    row('Klick auf die Mandantenkarte bis Zeilen sichtbar', screen.clickToRowsMs),
    '',
    `Suche, Taste für Taste (120 ms Abstand): ${screen.queries.map((query) => `„${query}“`).join(', ')}; ${screen.keystrokeMs.length} Tastendrücke${screen.superseded ? `, davon ${screen.superseded} vom nächsten überholt` : ''}:`,
    '',
    '| Messung | p50 | p95 | langsamste |\n|---|---:|---:|---:|',
    `| Tastendruck bis Trefferliste | ${fixed(percentileOf(screen.keystrokeMs, 50), 1)} ms | ${fixed(p95, 1)} ms | ${fixed(Math.max(...screen.keystrokeMs), 1)} ms |`,
    '',
    `Langsamste Tastendrücke: ${slowest(screen)}.`,
    '',
    `- Liste bedienbar ≤ ${GOALS.bookingsListUsableMs} ms nach Ankunft der Daten (Median, erste Seite): ${reached(usable <= GOALS.bookingsListUsableMs)} (${fixed(usable, 0)} ms; ${fixed(clickToRows, 0)} ms nach dem Klick auf die Mandantenkarte).`,
    `- Klick auf die Mandantenkarte bis Zeilen sichtbar ≤ ${GOALS.bookingsClickToRowsMs} ms (Median): ${reached(clickToRows <= GOALS.bookingsClickToRowsMs)} (${fixed(clickToRows, 0)} ms).`,
    `- Suche auf dem Server ≤ ${GOALS.searchKeystrokeP95Ms} ms je Tastendruck bis zur Trefferliste (p95): ${reached(p95 <= GOALS.searchKeystrokeP95Ms)} (${fixed(p95, 1)} ms).`,
  ].join('\n');
}

const BOARD_STATES = ['eingang', 'pruefung', 'freigabe', 'erledigt'];
const BOARD_CARDS = 400;
const BOARD_MOVERS = 5;
const BOARD_DURATION_MS = DURATION_S * 1000;

/** The board's latency row: an active workflow on the sports tenant, its cards, a second server process. */
async function measureBoard(base: string, adminCookie: string, tenantId: string) {
  const saved = await fetch(`${base}/api/${tenantId}/workflow`, {
    method: 'PUT',
    headers: { cookie: adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bearbeitung', active: true, states: BOARD_STATES.map((id) => ({ id, name: id })) }),
  });
  if (!saved.ok) throw new Error(`Workflow nicht gespeichert: ${saved.status}`);
  const cards = Array.from({ length: BOARD_CARDS }, (_, index) => `BOARD-${String(index).padStart(4, '0')}`);
  await ask({ type: 'seedBoard', tenantId, states: BOARD_STATES, cards });
  const replica = serverProcess(await freePort());
  try {
    const ready = await new Promise<{ port: number }>((resolve) => replica.once('message', (message) => resolve(message as { port: number })));
    const result = await measureBoardLatency(base, `http://127.0.0.1:${ready.port}`, {
      cookie: adminCookie,
      tenantId,
      states: BOARD_STATES,
      cards,
      movers: BOARD_MOVERS,
      durationMs: BOARD_DURATION_MS,
    });
    return { result, sorted: [...result.latenciesMs].sort((a, b) => a - b) };
  } finally {
    replica.send({ type: 'stop' });
    await new Promise((resolve) => replica.once('exit', resolve));
  }
}

const measureBookings = async (base: string) =>
  bookingsScreenTable(await measureBookingsScreen(base, demoLogins.tenantOwner, BOOKINGS_FOR_LIST + DEMO_BOOKINGS, BOOKINGS_SCREEN_RUNS));

/** The month calendar's rows: a past month of the demo list (two thousand bookings and more), read and drawn after "Zurück". */
async function measureCalendar(base: string): Promise<string> {
  const calendar = await measureMonthCalendar(base, demoLogins.tenantOwner, CALENDAR_RUNS);
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${fixed(median(sorted), 0)} ms | ${fixed(sorted[0], 0)} / ${fixed(sorted[sorted.length - 1], 0)} ms |`;
  };
  const drawn = median(calendar.lastPageToDrawnMs);
  return [
    `Kalender (/admin/buchungen, Ansicht „Kalender“, „Monat“, einen Monat zurück) in Chromium als Inhaberin, Fenster 1440 × 900: ${calendar.monthBookings.toLocaleString('de-DE')} Buchungen im Monat, ${calendar.windowBookings.toLocaleString('de-DE')} in seinen ganzen Wochen (abgelehnte eingeschlossen, die der Kalender nicht zeigt), gelesen in ${calendar.pages} Seiten zu 500 (${calendar.clickToDrawnMs.length} Läufe in frischen Profilen nach einem ungemessenen; der Monat gewählt, nachdem die Liste vollständig geladen ist):`,
    '',
    '| Messung | Median | schnellste / langsamste |\n|---|---:|---:|',
    row('Letzte Seite angekommen bis Monat gezeichnet', calendar.lastPageToDrawnMs),
    row('Klick auf „Zurück“ bis Monat gezeichnet', calendar.clickToDrawnMs),
    row('Längste Aufgabe des Hauptthreads dabei', calendar.longestTaskMs),
    '',
    `- Monat mit ${calendar.monthBookings.toLocaleString('de-DE')} Buchungen gezeichnet ≤ ${GOALS.monthCalendarDrawnMs} ms nach Ankunft der Daten (Median): ${reached(drawn <= GOALS.monthCalendarDrawnMs)} (${fixed(drawn, 0)} ms).`,
  ].join('\n');
}

/** Frames of a drag: how many vsyncs each frame took (1 = in budget), the ones beyond the first lost. */
function frameStats(frames: readonly number[]) {
  const vsyncs = frames.map((ms) => Math.max(1, Math.round(ms / FRAME_BUDGET_MS)));
  const lost = vsyncs.reduce((sum, count) => sum + count - 1, 0);
  const slots = vsyncs.reduce((sum, count) => sum + count, 0);
  return {
    p50: percentileOf(frames, 50),
    p95: percentileOf(frames, 95),
    max: Math.max(...frames),
    overBudget: vsyncs.filter((count) => count > 1).length,
    over33: frames.filter((ms) => ms > 33).length,
    lost,
    lostShare: slots > 0 ? lost / slots : 0,
  };
}

/** The kanban view's rows: choosing "Kanban" until all cards are painted, and the frames while a card is dragged, with their goals. */
function kanbanTable(kanban: KanbanMeasurement): string {
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${fixed(median(sorted), 0)} ms | ${fixed(sorted[0], 0)} / ${fixed(sorted[sorted.length - 1], 0)} ms |`;
  };
  const painted = median(kanban.clickToPaintedMs);
  const all = frameStats(kanban.drags.flatMap((drag) => drag.frameMs));
  const dragRow = (name: string, frames: number, durationMs: number, stats: ReturnType<typeof frameStats>, dropMs: string) =>
    `| ${name} | ${fixed(durationMs, 0)} ms | ${frames} | ${fixed(stats.p50, 1)} | ${fixed(stats.p95, 1)} | ${fixed(stats.max, 1)} | ${stats.overBudget} | ${stats.over33} | ${stats.lost} (${fixed(stats.lostShare * 100, 1)} %) | ${dropMs} |`;
  const [first] = kanban.drags;
  const dropMs = kanban.drags.map((drag) => drag.dropToPaintedMs);
  return [
    `Kanban (/admin/buchungen, Ansicht „Kanban“) in Chromium, ${kanban.stateCards.toLocaleString('de-DE')} Karten in ${KANBAN_STATES.length} Status und die erste Seite (${kanban.backlogCards}) des Backlogs des Demo-Mandanten, als Mitarbeiter, Fenster 1440 × 900 (${kanban.clickToPaintedMs.length} Läufe in frischen Profilen nach einem ungemessenen; „Kanban“ gewählt, nachdem die Liste vollständig geladen ist):`,
    '',
    '| Messung | Median | schnellste / langsamste |\n|---|---:|---:|',
    row(`Klick auf „Kanban“ bis die ${kanban.stateCards.toLocaleString('de-DE')} Karten der Status in der Seite`, kanban.clickToStatesMs),
    row(`Klick auf „Kanban“ bis die erste Seite des Backlogs in der Seite`, kanban.clickToBacklogMs),
    row('Klick auf „Kanban“ bis alle Karten in der Seite', kanban.clickToCardsMs),
    row('Klick auf „Kanban“ bis alle Karten gezeichnet', kanban.clickToPaintedMs),
    row('Board-Daten (KanbanBoard) angekommen bis alle Karten gezeichnet', kanban.dataToPaintedMs),
    '',
    `Ziehen mit der Maus (je Lauf eine Karte von „${first.from}“ nach „${first.to}“ auf die dritte Karte, ${first.steps} Mausbewegungen im Abstand eines Bildes; Bildzeiten: Abstände der requestAnimationFrame-Zeitstempel zwischen dragstart und drop; über dem Budget: mindestens ein Bild bei 60 Hz übersprungen; verloren: übersprungene Bilder, Anteil an allen):`,
    '',
    '| Messung | Dauer | Bilder | p50 ms | p95 ms | längstes ms | über dem Budget (16,7 ms) | über 33 ms | verloren | Loslassen bis Karte gezeichnet |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...kanban.drags.map((drag, index) => dragRow(`Lauf ${index + 1}`, drag.frameMs.length, drag.durationMs, frameStats(drag.frameMs), `${fixed(drag.dropToPaintedMs, 0)} ms`)),
    dragRow(
      'Alle Läufe',
      kanban.drags.reduce((sum, drag) => sum + drag.frameMs.length, 0),
      median(kanban.drags.map((drag) => drag.durationMs)),
      all,
      `${fixed(median(dropMs), 0)} ms (Median)`,
    ),
    '',
    `- Kanban gezeichnet ≤ ${GOALS.kanbanPaintedMs} ms nach dem Klick (Median, ${kanban.stateCards.toLocaleString('de-DE')} Karten): ${reached(painted <= GOALS.kanbanPaintedMs)} (${fixed(painted, 0)} ms; langsamste ${fixed(Math.max(...kanban.clickToPaintedMs), 0)} ms).`,
    `- Ziehen ohne Ruckeln, Bildzeit ≤ ${fixed(GOALS.kanbanFrameP95Ms, 1)} ms (p95, ± ${fixed(FRAME_JITTER_MS, 1)} ms Schwankung der Zeitstempel) und ≤ ${fixed(GOALS.kanbanDroppedShare * 100, 0)} % verlorene Bilder: ${reached(all.p95 <= GOALS.kanbanFrameP95Ms + FRAME_JITTER_MS && all.lostShare <= GOALS.kanbanDroppedShare)} (p95 ${fixed(all.p95, 1)} ms, ${fixed(all.lostShare * 100, 1)} % verloren, ${all.over33} ${all.over33 === 1 ? 'Bild' : 'Bilder'} über 33 ms).`,
  ].join('\n');
}

/**
 * The kanban view: an active workflow with four states on the demo tenant (saved as the instance
 * owner), the newest 1,000 of its bookings as cards on them; measured as its staff member.
 */
async function measureKanban(base: string, demoTenantId: string): Promise<string> {
  const saved = await fetch(`${base}/api/${demoTenantId}/workflow`, {
    method: 'PUT',
    headers: { cookie: await signIn(base, ADMIN), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Buchungsbearbeitung', active: true, states: KANBAN_STATES }),
  });
  if (!saved.ok) throw new Error(`Workflow des Demo-Mandanten nicht gespeichert: ${saved.status}`);
  const cards = await ask<string[]>({ type: 'seedBoard', tenantId: demoTenantId, states: KANBAN_STATES.map((state) => state.id), cards: { newestBookings: KANBAN_CARDS } });
  if (cards.length !== KANBAN_CARDS) throw new Error(`Nur ${cards.length} Buchungen für das Kanban-Board`);
  return kanbanTable(
    await measureKanbanScreen(base, demoLogins.staff, { bookings: BOOKINGS_FOR_LIST + DEMO_BOOKINGS, stateCards: KANBAN_CARDS, backlogCards: KANBAN_BACKLOG_PAGE }, KANBAN_RUNS),
  );
}

/**
 * The server measurements (with the client rows measured before them appended to the tables):
 * prints them and keeps them in bench/last-result.md.
 */
/**
 * Checkout throughput through HAProxy (deploy/haproxy/haproxy.cfg) in front of two server processes,
 * beside the same load sent to one of them directly: guests, every request its own hour of one room
 * (all can succeed), after a warm-up on a room of its own through the balancer. Same connections
 * and duration as the other rows; both processes share the cores with PostgreSQL and the load.
 */
async function measureBalancer(base: string): Promise<string> {
  const { tenantId, rooms } = await ask<BalancerRooms>({ type: 'balancerRooms' });
  const secondPort = await freePort();
  const second = serverProcess(secondPort);
  await new Promise((resolve) => second.once('message', resolve));
  const haproxy = await startHaproxy({ port: await freePort(), replicas: [new URL(base).host, `127.0.0.1:${secondPort}`] });
  try {
    const customer = { name: 'Erika Mustermann', mail: 'erika@example.com', street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123', company: '', comment: '' };
    const slotsFrom = Date.UTC(2028, 0, 1);
    const load = async (target: string, room: SeededRoom, durationS: number) => {
      const answers = new Map<string, number>();
      let slot = 0;
      const result = await autocannon({
        url: target,
        connections: CONNECTIONS,
        duration: durationS,
        requests: [
          {
            method: 'POST',
            path: `/api/${tenantId}/checkout`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const begin = slotsFrom + slot++ * HOUR;
              return { ...request, body: JSON.stringify({ timeBegin: begin, timeEnd: begin + HOUR, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer }) };
            },
            onResponse: (status) => answers.set(String(status), (answers.get(String(status)) ?? 0) + 1),
          },
        ],
      });
      if (result.errors > 0) answers.set('Fehler', result.errors);
      if (result.timeouts > 0) answers.set('Zeitüberschreitung', result.timeouts);
      return { result, answers };
    };
    await load(haproxy.url, rooms.warmup, 2);
    const row = async (name: string, target: string, room: SeededRoom) => {
      const { result, answers } = await load(target, room, DURATION_S);
      const check = await ask<OccupancyCheck>({ type: 'check', bookableId: room.id, capacity: room.amount });
      const requests = [...answers.entries()].filter(([key]) => /^\d/.test(key)).reduce((sum, [, count]) => sum + count, 0);
      return {
        name,
        requestsPerSecond: requests / result.duration,
        bookingsPerMinute: (check.stored / result.duration) * 60,
        p50: result.latency.p50,
        p99: result.latency.p99,
        answers: [...answers.entries()].map(([key, count]) => `${key}: ${count}`).join(', '),
        oversold: check.oversold,
      };
    };
    const direct = await row('Ein Serverprozess direkt', base, rooms.direct);
    const balanced = await row('Zwei Serverprozesse hinter HAProxy', haproxy.url, rooms.balanced);
    return [
      `Checkouts durch den Lastverteiler (Gäste, jede Anfrage eine eigene Stunde eines Objekts, ${CONNECTIONS} Verbindungen, ${DURATION_S} s; HAProxy mit deploy/haproxy/haproxy.cfg):`,
      '',
      '| Messung | Anfragen/s | Buchungen/min | p50 ms | p99 ms | Antworten | Überbucht | Verhältnis |\n|---|---:|---:|---:|---:|---|---:|---:|',
      ...[direct, balanced].map(
        (entry) =>
          `| ${entry.name} | ${fixed(entry.requestsPerSecond, 0)} | ${fixed(entry.bookingsPerMinute, 0)} | ${fixed(entry.p50)} | ${fixed(entry.p99)} | ${entry.answers} | ${entry.oversold} | ${fixed(entry.bookingsPerMinute / direct.bookingsPerMinute)} |`,
      ),
    ].join('\n');
  } finally {
    await haproxy.stop();
    second.send({ type: 'stop' });
    await new Promise((resolve) => second.once('exit', resolve));
  }
}

const ticketRush = () => measureTicketRush({ ask, serverProcess, freePort, percentile, fixed, mails: mailSink });

/**
 * The large tenants (bench/scale.ts): seeded, then the server's rows, then the staff screen in
 * Chromium; each table is also handed to `measured` as soon as it is there.
 */
async function measureScale(base: string, measured: (rows: string) => void = () => undefined): Promise<string> {
  const deps = { base, ask, rawRow, signIn: (login: { id: string; password: string }) => signIn(base, login), owner: demoLogins.tenantOwner, connections: CONNECTIONS, durationS: DURATION_S, fixed };
  const seedStart = Date.now();
  const tenants = await seedScaleTenants(deps);
  const seeded = `Große Mandanten angelegt in ${fixed((Date.now() - seedStart) / 1000, 1)} s.`;
  measured(seeded);
  const serverRows = await measureScaleServer(deps, tenants);
  measured(serverRows);
  const screenRows = scaleScreenTable(await measureScaleScreens(base, demoLogins.tenantOwner, tenants), fixed);
  measured(screenRows);
  return `${serverRows}\n\n${screenRows}\n\n${seeded}`;
}

/** The server's rows; `apiOnly` (BENCH_ONLY=api) leaves out the browser, the board and the receipts. */
async function measureServer(base: string, clientRows: string, apiOnly = false): Promise<void> {
  const signInAs = (login: { id: string; password: string }) => signIn(base, login);
  const cookie = await signInAs(demoLogins.staff);

  const load = async (name: string, options: autocannon.Options): Promise<Row> => {
    // A short untimed run first, so every measurement starts with a warm JIT and pool.
    await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
    const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
    return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const rows: Row[] = [];
  rows.push(await load('REST GET /auth/me', { url: `${base}/auth/me?populatePermissions=1`, headers: { cookie } }));
  rows.push(
    await load('GraphQL me', {
      url: `${base}/graphql`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { user { id firstName lastName } permissions { instanceOwner tenants { tenantId isOwner adminInterfaces } } } }' }),
    }),
  );
  const viewerRaw = await rawRow('Raw SQL (gleicher Pool)', { kind: 'viewer', userId: demoLogins.staff.id });

  // The week of measurement 2: Mon 2027-02-01 to Sun 2027-02-07 in Berlin (winter time, UTC+1).
  const week = { startDate: '2027-02-01', endDate: '2027-02-07', begin: Date.UTC(2027, 0, 31, 23), end: Date.UTC(2027, 1, 7, 23) };

  // Booking data: objects through the ORM, histories with one INSERT … SELECT generate_series each.
  const seedStart = Date.now();
  const seeded = await ask<SeededData>({
    type: 'seed',
    bookingsForList: BOOKINGS_FOR_LIST,
    pastBookingsLarge: PAST_BOOKINGS_LARGE,
    // Wed 2027-02-03 09:00 to 12:00 Berlin.
    bookingsInWeekEnd: new Date(Date.UTC(2027, 1, 3, 11)).toISOString(),
  });
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const { rooms, sportsTenantId, demoTenantId } = seeded;
  const customer = { name: 'Erika Mustermann', mail: 'erika@example.com', street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123', company: '', comment: '' };
  const checkoutBody = (room: SeededRoom, begin: number, hours = 1) =>
    JSON.stringify({ timeBegin: begin, timeEnd: begin + hours * HOUR, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer });

  // 1. Concurrent checkouts (guests, one item of amount 1): each object has its own slots from 2027-03-01 00:00 UTC on.
  const slotsFrom = Date.UTC(2027, 2, 1);
  let warmupSlot = 0;
  const checkoutLoad = async (name: string, room: SeededRoom, slotOf: (request: number) => number): Promise<CheckoutRow> => {
    const answers = new Map<string, number>();
    const checkoutRequest = (target: SeededRoom, next: () => number, count: boolean): autocannon.Request => ({
      method: 'POST',
      path: `/api/${sportsTenantId}/checkout`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: checkoutBody(target, next()) }),
      onResponse: (status, body) => {
        if (!count) return;
        let key = String(status);
        if (status !== 200) {
          try {
            key += ` ${(JSON.parse(body) as { code?: string }).code ?? ''}`.trimEnd();
          } catch {
            // not JSON: the status alone
          }
        }
        answers.set(key, (answers.get(key) ?? 0) + 1);
      },
    });
    // Warm-up on an object of its own, every request a new hour (stored bookings, so the write path is warm).
    await autocannon({ url: base, connections: CONNECTIONS, duration: 2, requests: [checkoutRequest(rooms.warmup, () => slotsFrom + warmupSlot++ * HOUR, false)] });
    let counter = 0;
    const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, requests: [checkoutRequest(room, () => slotOf(counter++), true)] });
    if (result.errors > 0) answers.set('Fehler', result.errors);
    if (result.timeouts > 0) answers.set('Zeitüberschreitung', result.timeouts);
    const check = await ask<OccupancyCheck>({ type: 'check', bookableId: room.id, capacity: room.amount });
    const seconds = result.duration;
    const requests = [...answers.entries()].filter(([key]) => /^\d/.test(key)).reduce((sum, [, count]) => sum + count, 0);
    return {
      name,
      requests,
      requestsPerSecond: requests / seconds,
      bookingsPerMinute: (check.stored / seconds) * 60,
      p50: result.latency.p50,
      p99: result.latency.p99,
      answers: [...answers.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key}: ${count}`).join(', '),
      oversold: check.oversold,
      check,
    };
  };
  const checkoutRows: CheckoutRow[] = [];
  checkoutRows.push(await checkoutLoad('(a) Ein Zeitfenster, Kapazität 1', rooms.oneSlot, () => slotsFrom + 10 * HOUR));
  checkoutRows.push(await checkoutLoad('(b) Ein Zeitfenster, Kapazität 10', rooms.oneSlotTen, () => slotsFrom + 10 * HOUR));
  checkoutRows.push(await checkoutLoad('(c) 100 Zeitfenster eines Objekts, reihum', rooms.hundredSlots, (request) => slotsFrom + (request % 100) * HOUR));
  checkoutRows.push(await checkoutLoad('(d) Jede Anfrage eine eigene Stunde eines Objekts', rooms.distinctSlots, (request) => slotsFrom + request * HOUR));
  const hundred = checkoutRows[2].check;

  // 2. The same week on an object with 10 and one with 100,000 past bookings (both capacity 2, three bookings in the week).
  const availability = (room: SeededRoom) => `${base}/api/${sportsTenantId}/bookables/${room.id}/availability?startDate=${week.startDate}&endDate=${week.endDate}`;
  const simulate = (room: SeededRoom): autocannon.Options => ({
    url: `${base}/api/${sportsTenantId}/checkout?simulate=true`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ timeBegin: week.begin, timeEnd: week.end, bookableItems: [{ bookableId: room.id, amount: 1 }] }),
  });
  const historyRows: [Row, Row][] = [
    [await load('Verfügbarkeit einer Woche, 10 frühere Buchungen', { url: availability(rooms.fewPast) }), await load('Verfügbarkeit einer Woche, 100.000 frühere Buchungen', { url: availability(rooms.manyPast) })],
    [await load('Checkout simulate=true der Woche, 10 frühere Buchungen', simulate(rooms.fewPast)), await load('Checkout simulate=true der Woche, 100.000 frühere Buchungen', simulate(rooms.manyPast))],
  ];
  const occupancyPlan = await ask<string>({ type: 'plan', bookableId: rooms.manyPast.id, begin: new Date(week.begin).toISOString(), end: new Date(week.end).toISOString() });

  // 3. The staff list: the newest 50 of the demo tenant's 10,000 bookings with items, as its owner.
  const ownerCookie = await signInAs(demoLogins.tenantOwner);
  const listRows: Row[] = [
    await load('GraphQL bookings(limit: 50) mit Positionen', {
      url: `${base}/graphql`,
      method: 'POST',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ bookings(tenantId: "${demoTenantId}", limit: 50) { items { id name priceEur items { bookableId amount } } } }` }),
    }),
    await load('REST GET /api/{Mandant}/bookings?limit=50', { url: `${base}/api/${demoTenantId}/bookings?limit=50`, headers: { cookie: ownerCookie } }),
  ];
  const listRaw = await rawRow('Raw SQL: dieselben 50 Buchungen mit Positionen (gleicher Pool)', { kind: 'bookingPage', tenantId: demoTenantId });
  const balancerRows = await measureBalancer(base);
  const rushRows = await ticketRush();
  if (apiOnly) {
    const distinctRow = checkoutRows[3];
    console.log(
      [
        `${new Date().toISOString()} – nur API (BENCH_ONLY=api), ${CONNECTIONS} Verbindungen, ${DURATION_S} s je Messung, ${os.cpus().length} Kerne, Systemlast (1 min) zu Beginn ${fixed(loadAtStart)}, am Ende ${fixed(os.loadavg()[0])}`,
        '',
        `| Messung | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|`,
        ...ratioRows([...rows, viewerRaw], viewerRaw),
        '',
        '| Checkout | Anfragen | Anfragen/s | Buchungen/min | p50 ms | p99 ms | Antworten | Überbucht |\n|---|---:|---:|---:|---:|---:|---|---:|',
        ...checkoutRows.map((row) => `| ${row.name} | ${row.requests} | ${fixed(row.requestsPerSecond, 0)} | ${fixed(row.bookingsPerMinute, 0)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${row.answers} | ${row.oversold} |`),
        '',
        balancerRows,
        '',
        rushRows,
        '',
        `| Buchungsliste | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|`,
        ...ratioRows([...listRows, listRaw], listRaw),
        '',
        `Buchungen/min auf verschiedenen Zeitfenstern: ${fixed(distinctRow.bookingsPerMinute, 0)}`,
      ].join('\n'),
    );
    return;
  }
  const board = await measureBoard(base, await signInAs(ADMIN), sportsTenantId);
  // After the load measurements, so the browser does not share the cores with them; the board
  // (an active workflow on the demo tenant) after the list, which is measured without one.
  const bookingsRows = await measureBookings(base);
  const calendarRows = await measureCalendar(base);
  const kanbanRows = await measureKanban(base, demoTenantId);
  // After the demo tenant's screens: its owner then owns the large tenants too (more tenant cards).
  const scaleRows = await measureScale(base);
  // Last: the browser's PDFs share the cores with nothing else.
  const receiptRows = await measureReceipts(base, false);

  const distinct = checkoutRows[3];
  const oversoldTotal = checkoutRows.reduce((sum, row) => sum + row.oversold, 0);
  const historyRatios = historyRows.map(([few, many]) => ({ p50: many.p50 / few.p50, p99: many.p99 / few.p99 }));
  const graphqlShare = listRows[0].requestsPerSecond / listRaw.requestsPerSecond;
  const historyOk = historyRatios.every((ratio) => ratio.p50 <= GOALS.historyLatencyRatio && ratio.p99 <= GOALS.historyLatencyRatio);

  const table = [
    `${new Date().toISOString()} – ${CONNECTIONS} Verbindungen, ${DURATION_S} s je Messung, ${os.cpus().length} Kerne, Systemlast (1 min) zu Beginn ${fixed(loadAtStart)}, am Ende ${fixed(os.loadavg()[0])}`,
    '',
    `| Messung | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|`,
    ...ratioRows([...rows, viewerRaw], viewerRaw),
    '',
    `Gleichzeitige Checkouts (Gäste, je 1 Einheit eines Raums, ${DURATION_S} s; Überbucht: Einheiten über der Kapazität, danach in SQL gezählt):`,
    '',
    '| Messung | Anfragen | Anfragen/s | Buchungen/min | p50 ms | p99 ms | Antworten | Überbucht |\n|---|---:|---:|---:|---:|---:|---|---:|',
    ...checkoutRows.map(
      (row) => `| ${row.name} | ${row.requests} | ${fixed(row.requestsPerSecond, 0)} | ${fixed(row.bookingsPerMinute, 0)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${row.answers} | ${row.oversold} |`,
    ),
    '',
    `(c) ${hundred.stored} von 100 Zeitfenstern vergeben nach ${fixed(hundred.spanS)} s (erste bis letzte gespeicherte Buchung), solange frei also ${fixed(hundred.spanS > 0 ? ((hundred.stored - 1) / hundred.spanS) * 60 : 0, 0)} Buchungen/min.`,
    '',
    balancerRows,
    '',
    rushRows,
    '',
    `Frühere Buchungen: dieselbe Woche (mit 3 Buchungen darin) auf einem Objekt mit 10 und einem mit ${PAST_BOOKINGS_LARGE.toLocaleString('de-DE')} früheren Buchungen (Verhältnis: 100.000 / 10):`,
    '',
    '| Messung | Anfragen/s | p50 ms | p99 ms | Verhältnis p50 | Verhältnis p99 |\n|---|---:|---:|---:|---:|---:|',
    ...historyRows.flatMap(([few, many], index) => [
      `| ${few.name} | ${fixed(few.requestsPerSecond, 0)} | ${fixed(few.p50)} | ${fixed(few.p99)} | 1.00 | 1.00 |`,
      `| ${many.name} | ${fixed(many.requestsPerSecond, 0)} | ${fixed(many.p50)} | ${fixed(many.p99)} | ${fixed(historyRatios[index].p50)} | ${fixed(historyRatios[index].p99)} |`,
    ]),
    '',
    `Buchungsliste: die neuesten 50 von ${BOOKINGS_FOR_LIST.toLocaleString('de-DE')} Buchungen mit Positionen, als Inhaberin des Mandanten:`,
    '',
    `| Messung | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|`,
    ...ratioRows([...listRows, listRaw], listRaw),
    '',
    `Kanban über zwei Serverprozesse: ${board.result.movers} Mitarbeitende verschieben gleichzeitig je eigene Karten (moveWorkflowCard an Prozess A, ${BOARD_CARDS} Karten in ${BOARD_STATES.length} Status), gemessen bis das Abonnement workflowCardChanged auf Prozess B die Karte am neuen Platz meldet:`,
    '',
    '| Messung | Verschiebungen | je s | p50 ms | p95 ms | p99 ms | langsamste ms |\n|---|---:|---:|---:|---:|---:|---:|',
    `| Verschieben bis Ereignis auf dem anderen Prozess | ${board.result.moves} | ${fixed(board.result.moves / (BOARD_DURATION_MS / 1000), 0)} | ${fixed(percentile(board.sorted, 50), 1)} | ${fixed(percentile(board.sorted, 95), 1)} | ${fixed(percentile(board.sorted, 99), 1)} | ${fixed(board.sorted[board.sorted.length - 1] ?? 0, 1)} |`,
    '',
    'Ziele:',
    '',
    `- ≥ ${GOALS.distinctSlotBookingsPerMinute} Buchungen/min auf verschiedenen Zeitfenstern eines Objekts: ${reached(distinct.bookingsPerMinute >= GOALS.distinctSlotBookingsPerMinute)} (${fixed(distinct.bookingsPerMinute, 0)}).`,
    `- Keine Überbuchung: ${reached(oversoldTotal === 0)} (${oversoldTotal}).`,
    `- Latenz bei 100.000 / bei 10 früheren Buchungen ≤ ${GOALS.historyLatencyRatio}: ${reached(historyOk)} (Verfügbarkeit p50 ${fixed(historyRatios[0].p50)}, p99 ${fixed(historyRatios[0].p99)}; Checkout p50 ${fixed(historyRatios[1].p50)}, p99 ${fixed(historyRatios[1].p99)}).`,
    `- GraphQL-Liste ≥ 1/3 des Raw-SQL-Durchsatzes: ${reached(graphqlShare >= GOALS.graphqlListShareOfRaw)} (${fixed(graphqlShare)}).`,
    `- Kanban: Verschieben auf Prozess A bis zum Ereignis auf Prozess B ≤ ${GOALS.boardEventP99Ms} ms (p99): ${reached(percentile(board.sorted, 99) <= GOALS.boardEventP99Ms)} (${fixed(percentile(board.sorted, 99), 1)} ms).`,
    '',
    clientRows,
    '',
    bookingsRows,
    '',
    calendarRows,
    '',
    kanbanRows,
    '',
    scaleRows,
    '',
    receiptRows,
  ].join('\n');
  console.log(table);
  console.log(`\nDaten angelegt in ${fixed(seedSeconds, 1)} s. Plan der Belegungsabfrage (100.000 frühere Buchungen):\n${occupancyPlan}`);
  writeFileSync(path.resolve('bench/last-result.md'), `${table}\n`);
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/**
 * Receipt PDFs through POST api/{t}/bookings/:id/receipt as the instance owner, each for another
 * booking of the demo tenant (numbering, render in the warm browser, file, row): one unmeasured
 * receipt launches the browser; then 500 with RECEIPT_CONNECTIONS requests at once, the memory of
 * the server process (and of its Chromium processes) read after the first 50 and after all 500.
 */
async function measureReceipts(base: string, seed: boolean): Promise<string> {
  // The full run has the list's 10,000 bookings already.
  if (seed) await ask({ type: 'seedList', bookings: RECEIPTS_TOTAL + 10 });
  const { tenantId, numbers } = await ask<{ tenantId: string; numbers: string[] }>({ type: 'receiptBookings', count: RECEIPTS_TOTAL + 1 });
  if (numbers.length < RECEIPTS_TOTAL + 1) throw new Error(`zu wenige Buchungen für die Belege: ${numbers.length}`);
  const cookie = await signIn(base, ADMIN);
  const latencies: number[] = [];
  const receipt = async (number: string) => {
    const start = performance.now();
    const answer = await fetch(`${base}/api/${tenantId}/bookings/${number}/receipt`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    if (answer.status !== 200) throw new Error(`Beleg für ${number}: HTTP ${answer.status} ${await answer.text()}`);
    latencies.push(performance.now() - start);
  };
  const batch = async (list: string[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: RECEIPT_CONNECTIONS }, async () => {
        while (next < list.length) await receipt(list[next++]);
      }),
    );
  };
  const launchStart = performance.now();
  await receipt(numbers[0]);
  const firstMs = performance.now() - launchStart;
  latencies.length = 0;
  const before = await ask<MemoryReading>({ type: 'memory' });
  const started = performance.now();
  await batch(numbers.slice(1, 1 + RECEIPTS_FIRST));
  const afterFirst = await ask<MemoryReading>({ type: 'memory' });
  await batch(numbers.slice(1 + RECEIPTS_FIRST, 1 + RECEIPTS_TOTAL));
  const seconds = (performance.now() - started) / 1000;
  const afterAll = await ask<MemoryReading>({ type: 'memory' });
  const sorted = [...latencies].sort((a, b) => a - b);
  const perMinute = (RECEIPTS_TOTAL / seconds) * 60;
  const growth = afterAll.rss / afterFirst.rss - 1;
  const row = (name: string, reading: MemoryReading) =>
    `| ${name} | ${reading.rendered} | ${fixed(megabytes(reading.rss), 1)} MB | ${fixed(megabytes(reading.heapUsed), 1)} MB | ${fixed(megabytes(reading.browserRss), 1)} MB (${reading.browserProcesses}) |`;
  return [
    `Zahlungsbelege als PDF (POST /api/{Mandant}/bookings/:id/receipt als Instanz-Besitzer, je eine andere Buchung, ${RECEIPT_CONNECTIONS} Anfragen gleichzeitig, Chromium warm):`,
    '',
    '| Messung | Wert |\n|---|---:|',
    `| erster Beleg (startet Chromium) | ${fixed(firstMs, 0)} ms |`,
    `| ${RECEIPTS_TOTAL} Belege | ${fixed(seconds, 1)} s |`,
    `| Belege/min | ${fixed(perMinute, 0)} |`,
    `| je Beleg p50 / p99 | ${fixed(percentile(sorted, 50), 0)} / ${fixed(percentile(sorted, 99), 0)} ms |`,
    '',
    '| Zeitpunkt | PDFs gerendert | RSS Serverprozess | Heap belegt | RSS Chromium (Prozesse) |\n|---|---:|---:|---:|---:|',
    row('nach dem ersten Beleg', before),
    row(`nach ${RECEIPTS_FIRST} weiteren`, afterFirst),
    row(`nach ${RECEIPTS_TOTAL} weiteren`, afterAll),
    '',
    `- Kein Speicherwachstum nach den ersten ${RECEIPTS_FIRST} Belegen (RSS des Serverprozesses nach ${RECEIPTS_TOTAL} höchstens ${fixed(GOALS.receiptMemoryGrowth * 100, 0)} % über dem nach ${RECEIPTS_FIRST}): ${reached(growth <= GOALS.receiptMemoryGrowth)} (${growth >= 0 ? '+' : ''}${fixed(growth * 100, 1)} %).`,
  ].join('\n');
}

try {
  await ensureDatabase(database.serverUrl, 'bench');
  const ready = await new Promise<{ port: number }>((resolve) => worker.once('message', (message) => resolve(message as { port: number })));
  const base = `http://127.0.0.1:${ready.port}`;
  const header = () => `${new Date().toISOString()} – ${os.cpus().length} Kerne, Systemlast (1 min) zu Beginn ${fixed(loadAtStart)}, am Ende ${fixed(os.loadavg()[0])}`;
  if (ONLY === 'api') {
    // The API rows alone (no browser): quick to compare before and after a server change.
    await measureServer(base, '', true);
  } else if (ONLY === 'balancer') {
    // Only these rows (bench/last-result.md keeps the last full run).
    console.log(`${header()}\n\n${await measureBalancer(base)}`);
  } else if (ONLY === 'scale') {
    // Only these rows (bench/last-result.md keeps the last full run).
    // Each table as soon as it is measured (the server's rows stay even if the browser's fail), the header with the load at the end last.
    await measureScale(base, (rows) => console.log(`${rows}\n`));
    console.log(header());
  } else if (ONLY === 'rush') {
    console.log(`${header()}\n\n${await ticketRush()}`);
  } else if (ONLY === 'receipts') {
    // Only these rows (bench/last-result.md keeps the last full run).
    console.log(`${header()}\n\n${await measureReceipts(base, true)}`);
  } else if (ONLY === 'kanban') {
    // Only the kanban view's rows (bench/last-result.md keeps the last full run); the board needs the list's bookings.
    const { demoTenantId } = await ask<{ demoTenantId: string }>({ type: 'seedList', bookings: BOOKINGS_FOR_LIST });
    const kanbanRows = await measureKanban(base, demoTenantId);
    console.log(`${header()}\n\n${kanbanRows}`);
  } else if (ONLY === 'calendar') {
    await ask({ type: 'seedList', bookings: BOOKINGS_FOR_LIST });
    console.log(`${header()}\n\n${await measureCalendar(base)}`);
  } else if (ONLY === 'client') {
    // First, on the demo data alone: the dashboard shows the same whatever bookings exist.
    const clientRows = clientTable(await measureClient(base, demoLogins.tenantOwner, CLIENT_RUNS));
    // Only these rows: bench/last-result.md keeps the last full run. The bookings screen needs its list.
    const { demoTenantId } = await ask<{ demoTenantId: string }>({ type: 'seedList', bookings: BOOKINGS_FOR_LIST });
    const bookingsRows = await measureBookings(base);
    const calendarRows = await measureCalendar(base);
    const kanbanRows = await measureKanban(base, demoTenantId);
    console.log(`${header()}\n\n${clientRows}\n\n${bookingsRows}\n\n${calendarRows}\n\n${kanbanRows}`);
  } else {
    // First, on the demo data alone: the dashboard shows the same whatever bookings exist.
    const clientRows = clientTable(await measureClient(base, demoLogins.tenantOwner, CLIENT_RUNS));
    await measureServer(base, clientRows);
  }
} finally {
  worker.send({ type: 'stop' });
  await new Promise((resolve) => worker.once('exit', resolve));
  await database.stop();
  await mailSink.stop();
  rmSync(workDir, { recursive: true, force: true });
}
