import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addDays } from '../../common/time/berlin.js';
import type { CapturedMail } from '../support/smtp.js';

/** Screenshots of each step go to tests/artifacts/ (the runner's working directory is the project root). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('tests/artifacts', { recursive: true });
  await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
}

export const demoOwner = { id: 'inhaberin@example.com', password: 'demo-inhaberin' };
export const demoAdmin = { id: 'admin@example.com', password: 'admin-demo-2026' };

/** Signs the demo's instance owner in through the login page, onto the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(demoAdmin.id);
  await page.getByLabel('Passwort', { exact: true }).fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The link of a verification mail: it opens /email/verify?token=…, whose button confirms the address. */
export function verificationLink(mail: CapturedMail): string {
  const link = mail.links.find((candidate) => /\/email\/verify\?token=/.test(candidate));
  expect(link, `verification link in "${mail.subject}"`).toBeDefined();
  return link!;
}

/** Opens the verification link as the person does and confirms the address with the page's button. */
export async function confirmAddress(page: Page, mail: CapturedMail): Promise<void> {
  await page.goto(verificationLink(mail));
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
}

/** Confirms the address of a verification mail through the API (what the page's button sends). */
export async function confirmAddressThroughApi(api: APIRequestContext, mail: CapturedMail): Promise<void> {
  const token = new URL(verificationLink(mail)).searchParams.get('token');
  const response = await api.post('/auth/verify/confirm', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs in through the login form and selects the demo tenant on the dashboard. The card leads to
 * the bookings screen where the user may open it; otherwise the dashboard stays with the card selected.
 */
export async function signInAndSelectDemoTenant(page: Page, user = demoOwner): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/dashboard');
  const card = page.getByRole('button', { name: /Rathaus Musterstadt/ });
  await card.click();
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true }).or(card.and(page.locator('[aria-pressed="true"]')))).toBeVisible();
}

/** A GraphQL call through a Playwright request context (with the session it holds); fails on any error. */
export async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await api.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

/** The tickets "… – Erwachsene" and "… – Ermäßigt" that createEvent(withTickets) made for an event with those two price categories. */
export async function adultAndReducedTickets(owner: APIRequestContext, tenantId: string, event: { id: string; name: string }): Promise<{ adults: string; reduced: string }> {
  const { bookables } = await graphql<{ bookables: { id: string; title: string; eventId: string | null }[] }>(owner, 'query($t: ID!) { bookables(tenantId: $t, type: ticket) { id title eventId } }', { t: tenantId });
  const ofEvent = bookables.filter((ticket) => ticket.eventId === event.id);
  expect(ofEvent.map((ticket) => ticket.title)).toEqual(expect.arrayContaining([`${event.name} – Erwachsene`, `${event.name} – Ermäßigt`]));
  expect(ofEvent).toHaveLength(2);
  return { adults: ofEvent.find((ticket) => ticket.title.endsWith('Erwachsene'))!.id, reduced: ofEvent.find((ticket) => ticket.title.endsWith('Ermäßigt'))!.id };
}

/** Deletes what a ticket journey made: its bookings, then the event's tickets, then the event. */
export async function deleteTicketJourney(owner: APIRequestContext, tenantId: string, made: { bookingIds: readonly string[]; tickets?: { adults: string; reduced: string }; eventId?: string }): Promise<void> {
  for (const id of made.bookingIds) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id });
  if (made.tickets) for (const id of Object.values(made.tickets)) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id });
  if (made.eventId) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteEvent(tenantId: $t, id: $id) }', { t: tenantId, id: made.eventId });
}

/** The product's address (set by run.ts); hooks cannot use the baseURL fixture. */
export const baseUrl = () => process.env.E2E_BASE_URL;

/** A request context signed in as `user` (the demo tenant's owner by default), and the demo tenant's id. */
export async function signedInApi(user = demoOwner): Promise<{ api: APIRequestContext; tenantId: string }> {
  const api = await request.newContext({ baseURL: baseUrl() });
  const signin = await api.post('/auth/signin', { data: user });
  expect(signin.ok(), `Anmeldung von ${user.id}`).toBe(true);
  const { tenants } = await graphql<{ tenants: { id: string; name: string }[] }>(api, 'query { tenants { id name } }');
  return { api, tenantId: tenants.find((tenant) => tenant.name === 'Rathaus Musterstadt')!.id };
}

export interface WorkflowStateSetup {
  id: string;
  name: string;
  /** bookingStatus actions: commit, paid, reject. */
  bookingStatus?: string[];
}

/**
 * Saves the demo tenant's workflow as its owner: the states in order, the first one the default
 * for new bookings. The demo's bookings in states that are gone return to the backlog; a file that
 * changes the workflow reads it first (demoWorkflow) and puts it back afterwards (restoreWorkflow).
 */
export async function saveDemoWorkflow(api: APIRequestContext, tenantId: string, states: WorkflowStateSetup[], active = true): Promise<void> {
  await graphql(api, 'mutation($tenantId: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $tenantId, input: $input) { id } }', {
    tenantId,
    input: {
      name: 'Buchungsbearbeitung',
      active,
      defaultState: states[0]?.id ?? '',
      states: states.map((state) => ({ id: state.id, name: state.name, actions: state.bookingStatus ? [{ type: 'bookingStatus', bookingStatus: state.bookingStatus }] : [] })),
    },
  });
}

/**
 * Waits until no finite CSS transition or animation runs (a toast fading in, a dialog opening).
 * axe measures colours as they are painted at that instant, so text caught half-faded in reads as
 * too little contrast. Endless animations (spinners) are left alone.
 */
async function waitForTransitionsToEnd(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * axe-core (WCAG 2.1 A and AA) on the page as it stands, e.g. with a dialog open; fails on a
 * serious or critical finding, naming where.
 *
 * The template previews (HtmlPreviewFrame: iframe.template-preview) are left out. Their frame is a
 * srcdoc document under an empty sandbox, so its scripts never run: @axe-core/playwright injects
 * axe into every frame it finds and awaits axe.runPartial there, whose audit is driven by timers
 * that a document without scripting never fires, so analyze() waited forever. The option
 * `iframes: false` does not help, as the wrapper looks for frames without the run options. What
 * the frame shows is the tenant's own template (not the product's screen), and the frame's name
 * is checked by the tests, which find it by its title; everything around it is checked here.
 */
export async function expectNoSeriousAxeFindings(page: Page, where: string): Promise<void> {
  await waitForTransitionsToEnd(page);
  // A toast whose time ran out while axe reads the page fades out: its colours are mid-transition
  // and it is gone a moment later. Toasts that stay are checked like everything else.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe.template-preview').exclude('.bp6-toast-exit').analyze();
  // axe did look (colour contrast among its checks), so an empty list means something.
  expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
  const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(severe.map((violation) => `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The page's structure rules (axe's best practices, whatever their impact): one main landmark,
 * every piece of content inside a landmark, an h1 (here: exactly one, naming the page).
 */
const STRUCTURE_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'landmark-unique', 'landmark-no-duplicate-main'];

/** The page's structure as axe checks it: no finding of STRUCTURE_RULES, and exactly one h1. */
export async function expectSoundPageStructure(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }), `${where}: genau eine Überschrift der ersten Ebene`).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  const results = await new AxeBuilder({ page }).withRules(STRUCTURE_RULES).exclude('iframe.template-preview').analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}`))).toEqual([]);
}

/** Both: no serious or critical WCAG finding, and a sound structure. */
export async function expectAccessiblePage(page: Page, where: string): Promise<void> {
  await expectNoSeriousAxeFindings(page, where);
  await expectSoundPageStructure(page, where);
}

/** A workflow's configuration as saveWorkflow takes it. */
export interface WorkflowConfiguration {
  name: string;
  description: string;
  active: boolean;
  defaultState: string;
  states: { id: string; name: string; actions: { type: string; receiverType: string | null; sendTo: string[]; bookingStatus: string[] }[] }[];
}

/** The demo tenant's workflow as it is now (the seeded one: active, with states and actions). */
export async function demoWorkflow(api: APIRequestContext, tenantId: string): Promise<WorkflowConfiguration> {
  const { workflow } = await graphql<{ workflow: WorkflowConfiguration }>(
    api,
    'query($tenantId: ID!) { workflow(tenantId: $tenantId) { name description active defaultState states { id name actions { type receiverType sendTo bookingStatus } } } }',
    { tenantId },
  );
  return workflow;
}

/** Saves the workflow read by demoWorkflow again (the bookings moved to the backlog meanwhile stay there). */
export async function restoreWorkflow(api: APIRequestContext, tenantId: string, workflow: WorkflowConfiguration): Promise<void> {
  await graphql(api, 'mutation($tenantId: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $tenantId, input: $input) { id } }', { tenantId, input: workflow });
}

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** A Berlin day (YYYY-MM-DD) as the booking page writes it: "01.12.2026". */
export const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** A day as the booking grid names it: "Dienstag, 01.12.2026". */
export const gridDayLabel = (date: string) => `${WEEKDAYS[weekdayOf(date)]}, ${germanDate(date)}`;

/** The Monday after the week of the day: the grid opens on the current week, later days need "Nächste Woche". */
export const nextMondayAfter = (date: string) => addDays(date, 7 - ((weekdayOf(date) + 6) % 7));

/** The booking grid's cell of an hour of a day, by its accessible name ("…, 10:00 bis 11:00 Uhr: frei"). */
export function bookingGridSlot(page: Page, date: string, hour: number, state = 'frei') {
  const from = String(hour).padStart(2, '0');
  const to = String(hour + 1).padStart(2, '0');
  return page.getByRole('gridcell', { name: `${gridDayLabel(date)}, ${from}:00 bis ${to}:00 Uhr: ${state}` });
}

/** The credentials the payment provider stand-ins accept (tests/e2e/run.ts hands them over). */
interface StandInCredentials {
  giroCockpit: { merchantId: string; projectId: string; secret: string };
}

/**
 * Activates online payment through the GiroCockpit stand-in (test mode) and invoice payment for the
 * tenant; answers a function that puts both back as they were, for the test file's afterAll.
 */
export async function activateStandInPayments(api: APIRequestContext, tenantId: string, purposeSuffix: string): Promise<() => Promise<void>> {
  const setApps = (apps: Record<string, unknown>[]) =>
    graphql(api, 'mutation ($id: ID!, $apps: [TenantApplicationInput!]) { updateTenant(id: $id, input: { applications: $apps }) { id } }', { id: tenantId, apps });
  const { tenant } = await graphql<{ tenant: { applications: { id: string; active: boolean }[] | null } }>(api, 'query($id: ID!) { tenant(id: $id) { applications { id active } } }', { id: tenantId });
  const before = tenant.applications ?? [];
  const credentials = JSON.parse(process.env.E2E_PAYMENT_CREDENTIALS ?? '{}') as StandInCredentials;
  await setApps([
    {
      id: 'giroCockpit',
      active: true,
      paymentMerchantId: credentials.giroCockpit.merchantId,
      paymentProjectId: credentials.giroCockpit.projectId,
      paymentSecret: credentials.giroCockpit.secret,
      paymentMode: 'test',
      paymentPurposeSuffix: purposeSuffix,
    },
    { id: 'invoice', active: true, bank: 'Sparkasse Musterstadt', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt Musterstadt', daysUntilPaymentDue: 14 },
  ]);
  return async () => {
    await setApps(['giroCockpit', 'invoice'].map((id) => ({ id, active: before.find((app) => app.id === id)?.active ?? false })));
  };
}

/**
 * After "Abmelden": the sign-out reloads the root page, which leads to the login page and says
 * "Erfolgreich abgemeldet". Waiting for that message, not only for the login URL (the closed socket
 * may show it a moment earlier), keeps the reload from cutting off what the test does next.
 */
export async function awaitSignedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Erfolgreich abgemeldet' })).toBeVisible();
}
