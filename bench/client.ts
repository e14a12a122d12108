import { chromium, type Browser } from 'playwright-core';

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

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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
      data: { query: 'query ($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id isScheduleRelated } }', variables: { tenantId: tenant.id } },
      headers: { 'content-type': 'application/json' },
    });
    const bookables = ((await answer.json()) as { data: { publicBookables: { id: string; isScheduleRelated: boolean }[] } }).data.publicBookables;
    const venue = bookables.find((bookable) => bookable.isScheduleRelated);
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

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
