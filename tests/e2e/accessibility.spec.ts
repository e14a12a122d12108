import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { demoWorkflow, expectSoundPageStructure, graphql, restoreWorkflow, saveDemoWorkflow, signedInApi, signInAndSelectDemoTenant, type WorkflowConfiguration } from './helpers.js';

/**
 * The admin client, polished: every screen, admin and public, in the light and the dark theme,
 * also with its main dialogs open, has no serious or critical axe-core finding; screen readers
 * hear German names only; the editors raise no Popover warning under React 19; no admin screen
 * scrolls sideways at 1440 or 390 px, and at 390 px the top bar stays clear of the heading.
 * Nothing is kept: the bookings' board needs an active workflow, which is set up for this file and
 * taken back afterwards, so the later test files find the seeded demo as it was.
 */
const artifacts = 'tests/artifacts/accessibility';
const sessions = { admin: `${artifacts}/admin-session.json`, owner: `${artifacts}/owner-session.json` };
const admin = { id: 'admin@example.com', password: 'admin-demo-2026' };
type Who = keyof typeof sessions | 'public';
type Theme = 'light' | 'dark';

/** Where Blueprint renders dialogs, menus and pickers: what a view adds to its screen. */
const PORTALS = '.bp6-portal';

interface View {
  /** A state of the screen beyond its first rendering, e.g. a dialog opened. */
  name: string;
  open: (page: Page) => Promise<void>;
  /** The part of the page the view changes (checked again); default: the portals. */
  scope?: string;
}

interface Screen {
  path: string;
  who: Who;
  views?: View[];
}

/** Filled in beforeAll: the editors of the seeded venue and resource (their ids are generated). */
const editPaths: { venue?: string; resource?: string } = {};

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openDialog(page: Page, button: string, name: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog(page, name)).toBeVisible();
}

/** The bookings screen's board (an active workflow with one demo booking in a state, the other in the backlog). */
async function openKanban(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kanban' }).click();
  await expect(page.getByRole('region', { name: 'Neu' }).locator('[data-card-id]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Backlog' }).locator('[data-card-id]').first()).toBeVisible();
}

const KANBAN_STATES = [
  { id: 'a11y-neu', name: 'Neu' },
  { id: 'a11y-bearbeitung', name: 'In Bearbeitung' },
  { id: 'a11y-erledigt', name: 'Erledigt' },
];

const cardMenu = (title: string): View => ({
  name: 'Aktionsmenü einer Karte',
  open: async (page) => {
    await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Bearbeiten' })).toBeVisible();
  },
});

function screens(): Screen[] {
  return [
    {
      path: '/admin/dashboard',
      who: 'owner',
      views: [
        {
          name: 'Profilmenü',
          open: async (page) => {
            await page.getByRole('button', { name: 'Ines' }).click();
            await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
          },
        },
      ],
    },
    {
      path: '/admin/rollen',
      who: 'owner',
      views: [
        { name: 'Dialog „Rolle erstellen“', open: (page) => openDialog(page, 'Rolle erstellen', 'Rolle erstellen') },
        {
          name: 'Rückfrage „Löschen“',
          open: async (page) => {
            await page.getByRole('button', { name: 'Rolle Buchungsbearbeitung löschen' }).click();
            await expect(page.getByRole('alertdialog')).toBeVisible();
          },
        },
      ],
    },
    {
      path: '/admin/gutscheine',
      who: 'owner',
      views: [
        {
          name: 'Dialog „Gutschein erstellen“ mit offener Datumsauswahl',
          open: async (page) => {
            await openDialog(page, 'Gutschein erstellen', 'Gutschein erstellen');
            await dialog(page, 'Gutschein erstellen').getByLabel('Gültig ab').click();
            await expect(page.locator('.bp6-datepicker')).toBeVisible();
          },
        },
      ],
    },
    { path: '/admin/instanz/mandanten', who: 'admin', views: [{ name: 'Dialog „Mandanten anlegen“', open: (page) => openDialog(page, 'Mandanten anlegen', 'Mandanten anlegen') }] },
    {
      path: '/admin/mandanten',
      who: 'owner',
      views: [
        {
          name: 'Zahlungsart aufgeklappt',
          scope: 'main',
          open: async (page) => {
            await page.getByRole('button', { name: 'Abschnitt aufklappen' }).first().click();
            await expect(page.getByRole('button', { name: 'Abschnitt zuklappen' })).toBeVisible();
          },
        },
      ],
    },
    {
      path: '/admin/datenschutz',
      who: 'owner',
      views: [
        {
          name: 'Suche ohne Treffer',
          scope: 'main',
          open: async (page) => {
            await page.getByLabel('E-Mail-Adresse der Person').fill('niemand@example.com');
            await page.getByRole('button', { name: 'Suchen' }).click();
            await expect(page.getByRole('heading', { name: 'Keine Buchungen zu niemand@example.com' })).toBeVisible();
          },
        },
      ],
    },
    { path: '/admin/mandanten/protokoll', who: 'owner' },
    { path: '/admin/benutzer', who: 'owner', views: [{ name: 'Dialog „Benutzer hinzufügen“', open: (page) => openDialog(page, 'Benutzer hinzufügen', 'Benutzer hinzufügen') }] },
    { path: '/admin/instanz', who: 'admin' },
    {
      path: '/admin/instanz/benutzer',
      who: 'admin',
      views: [
        {
          name: 'Bearbeiten eines Benutzers',
          open: async (page) => {
            await page.getByRole('button', { name: 'mitarbeiter@example.com bearbeiten' }).click();
            await expect(dialog(page, 'Benutzer bearbeiten: mitarbeiter@example.com')).toBeVisible();
          },
        },
      ],
    },
    {
      path: '/admin/buchungen',
      who: 'owner',
      views: [
        {
          name: 'Kalender, Monat',
          scope: 'main',
          open: async (page) => {
            await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kalender' }).click();
            await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Monat' }).click();
            await expect(page.locator('.rbc-month-view')).toBeVisible();
          },
        },
        { name: 'Kanban', scope: 'main', open: openKanban },
        {
          name: 'Kanban mit Kartenmenü',
          open: async (page) => {
            await openKanban(page);
            await page
              .getByRole('region', { name: 'Neu' })
              .getByRole('button', { name: /^Aktionen für Buchung/ })
              .click();
            await expect(page.getByRole('menuitem', { name: 'Archivieren' })).toBeVisible();
          },
        },
      ],
    },
    { path: '/admin/veranstaltungsorte', who: 'owner', views: [cardMenu('Bürgerhaus Musterstadt')] },
    { path: '/admin/raeume', who: 'owner' },
    { path: '/admin/ressourcen', who: 'owner', views: [cardMenu('Beamer')] },
    { path: '/admin/tickets', who: 'owner' },
    { path: '/admin/veranstaltungsorte/create', who: 'owner' },
    { path: '/admin/raeume/create', who: 'owner' },
    { path: '/admin/ressourcen/create', who: 'owner' },
    { path: '/admin/tickets/create', who: 'owner' },
    { path: editPaths.venue ?? '', who: 'owner' },
    { path: editPaths.resource ?? '', who: 'owner' },
    { path: editPaths.resource?.replace('/admin/resources/', '/admin/ressourcen/') ?? '', who: 'owner' },
    { path: '/admin/einstellungen', who: 'owner' },
    { path: '/admin/veranstaltungen', who: 'owner' },
    { path: '/admin/veranstaltungen/create/simple-event', who: 'owner' },
    { path: '/admin/veranstaltungen/create/information', who: 'owner' },
    { path: '/admin/veranstaltungen/create/teilnehmer', who: 'owner' },
    // The pages behind mailed links, with a token (that they only send when asked).
    ...['/login', '/login/sso', '/registrieren', '/willkommen', '/email/verify?token=a11y-pruef-token-a11y-pruef-token-a11y', '/password/reset', '/password/new?token=a11y-pruef-token-a11y-pruef-token-a11y', '/password/confirmed', '/meine-buchungen'].map(
      (path) => ({ path, who: 'public' as const }),
    ),
  ];
}

const adminScreens = () => screens().filter((screen) => screen.who !== 'public');

/** The demo's workflow, saved again after this file's board. */
let seededWorkflow: WorkflowConfiguration;

test.beforeAll(async ({ browser }) => {
  mkdirSync(artifacts, { recursive: true });
  // The board: an active workflow, Erika Mustermann's booking in its first state.
  const { api, tenantId } = await signedInApi();
  seededWorkflow = await demoWorkflow(api, tenantId);
  await saveDemoWorkflow(api, tenantId, KANBAN_STATES);
  const { bookings } = await graphql<{ bookings: { items: { id: string }[] } }>(
    api,
    'query($tenantId: ID!) { bookings(tenantId: $tenantId, search: "Erika", limit: 1) { items { id } } }',
    { tenantId },
  );
  await graphql(api, 'mutation($tenantId: ID!, $id: ID!) { moveWorkflowCard(tenantId: $tenantId, id: $id, destination: "a11y-neu", index: 0) { kind } }', {
    tenantId,
    id: bookings.items[0]!.id,
  });
  await api.dispose();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await adminPage.getByLabel('E-Mail').fill(admin.id);
  await adminPage.getByLabel('Passwort', { exact: true }).fill(admin.password);
  await adminPage.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminContext.storageState({ path: sessions.admin });
  await adminContext.close();

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInAndSelectDemoTenant(ownerPage);
  for (const [key, list, title] of [
    ['venue', '/admin/veranstaltungsorte', 'Bürgerhaus Musterstadt'],
    ['resource', '/admin/ressourcen', 'Beamer'],
  ] as const) {
    await ownerPage.goto(list);
    await ownerPage.getByRole('button', { name: `Aktionen für ${title}` }).click();
    await ownerPage.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await expect(ownerPage).toHaveURL(/\/edit\?id=/);
    const url = new URL(ownerPage.url());
    editPaths[key] = `${url.pathname}${url.search}`;
  }
  await ownerContext.storageState({ path: sessions.owner });
  await ownerContext.close();
});

test.afterAll(async () => {
  const { api, tenantId } = await signedInApi();
  await restoreWorkflow(api, tenantId, seededWorkflow);
  await api.dispose();
});

async function newContext(browser: Browser, who: Who, theme: Theme, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: who === 'public' ? undefined : sessions[who], viewport });
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return context;
}

/** Opens a screen and waits until its data is there (no spinner left, nothing loading). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A screen's first visit loads its code first, which takes a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.bp6-spinner')).toHaveCount(0);
}

/** The rules a theme can break: the dark theme changes colours only, the structure is the light theme's. */
const rulesOf = (theme: Theme) => (theme === 'dark' ? ['color-contrast', 'link-in-text-block'] : undefined);

async function seriousViolations(page: Page, where: string, theme: Theme, scope?: string): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  const rules = rulesOf(theme);
  if (rules) axe = axe.withRules(rules);
  if (scope) axe = axe.include(scope);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}`));
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen has no serious or critical axe finding in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(600_000);
    const findings: string[] = [];
    const contexts = new Map<Who, BrowserContext>();
    for (const screen of screens()) {
      if (!contexts.has(screen.who)) contexts.set(screen.who, await newContext(browser, screen.who, theme));
      const page = await contexts.get(screen.who)!.newPage();
      await visit(page, screen.path);
      await expect(page.locator('body.bp6-dark')).toHaveCount(theme === 'dark' ? 1 : 0);
      findings.push(...(await seriousViolations(page, `${screen.path} [${theme}]`, theme)));
      for (const [index, view] of (screen.views ?? []).entries()) {
        if (index > 0) await visit(page, screen.path);
        await view.open(page);
        findings.push(...(await seriousViolations(page, `${screen.path}, ${view.name} [${theme}]`, theme, view.scope ?? PORTALS)));
        await page.screenshot({ path: `${artifacts}/${theme}${screen.path.replace(/[/?=&]/g, '_')}-${view.name.replace(/\W+/g, '_')}.png` });
      }
      await page.close();
    }
    for (const context of contexts.values()) await context.close();
    expect(findings, findings.join('\n')).toEqual([]);
  });
}

test('every screen names itself in its one h1 and keeps all its content in landmarks', async ({ browser }) => {
  test.setTimeout(600_000);
  const contexts = new Map<Who, BrowserContext>();
  for (const screen of screens()) {
    if (!contexts.has(screen.who)) contexts.set(screen.who, await newContext(browser, screen.who, 'light'));
    const page = await contexts.get(screen.who)!.newPage();
    await visit(page, screen.path);
    await expectSoundPageStructure(page, screen.path);
    await page.close();
  }
  for (const context of contexts.values()) await context.close();
});

/** Blueprint's and the day picker's English names as screen readers would read them. */
const ENGLISH =
  /\b(increment|decrement|expand|collapse|close|loading|remove|clear|selectable|picker|increase|decrease|hours|minutes|month|year|timezone|previous|next|back|steps)\b/i;

/** Every English name a screen reader could meet on the page: accessible names and the label attributes. */
async function englishNames(page: Page): Promise<string[]> {
  // The names in the accessibility tree: quoted after the (English) role, or a text's content; link targets are addresses, not names.
  const tree = (await page.locator('body').ariaSnapshot())
    .split('\n')
    .filter((line) => !line.trim().startsWith('- /url:'))
    .flatMap((line) => [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!).concat(/- text: (.*)$/.exec(line)?.[1] ?? []));
  const attributes = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], svg title')).flatMap((element) => [
      element.getAttribute('aria-label') ?? '',
      element.getAttribute('title') ?? '',
      element.getAttribute('placeholder') ?? '',
      element.localName === 'title' ? (element.textContent ?? '') : '',
    ]),
  );
  return [...new Set([...tree, ...attributes].filter((text) => ENGLISH.test(text)))];
}

test('the bookable editor and the coupon date picker name their controls in German only', async ({ browser }) => {
  const context = await newContext(browser, 'owner', 'light');
  const page = await context.newPage();
  const found: string[] = [];

  await visit(page, editPaths.venue!);
  found.push(...(await englishNames(page)));
  // The multi-selects' option lists, a special date with its open date picker, the link form of the rich text.
  await page.getByLabel('Sichtbar für Rollen').click();
  await expect(page.getByRole('listbox')).toBeVisible();
  found.push(...(await englishNames(page)));
  await page.keyboard.press('Escape');
  await page.getByLabel('Besondere Öffnungszeiten', { exact: true }).check({ force: true });
  await page.getByRole('group', { name: 'Besondere Öffnungszeit 1' }).getByLabel('Datum').click();
  await expect(page.locator('.bp6-datepicker')).toBeVisible();
  found.push(...(await englishNames(page)));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Link', exact: true }).first().click();
  await expect(page.getByRole('textbox', { name: /Link-Adresse/ })).toBeVisible();
  found.push(...(await englishNames(page)));

  // The tenant's settings: number fields and folding sections.
  await visit(page, '/admin/mandanten');
  await page.getByRole('button', { name: 'Abschnitt aufklappen' }).first().click();
  found.push(...(await englishNames(page)));

  // The coupon dialog with its date and time picker.
  await visit(page, '/admin/gutscheine');
  await openDialog(page, 'Gutschein erstellen', 'Gutschein erstellen');
  await dialog(page, 'Gutschein erstellen').getByLabel('Gültig ab').click();
  await expect(page.locator('.bp6-timepicker')).toBeVisible();
  found.push(...(await englishNames(page)));

  expect([...new Set(found)]).toEqual([]);
  // The German names are there instead.
  await expect(page.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Datumsauswahl' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await context.close();
});

test('the bookable editor and the coupon date picker raise no Popover warning', async ({ browser }) => {
  const context = await newContext(browser, 'owner', 'light');
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'warning' || message.type() === 'error') && /popover/i.test(message.text())) warnings.push(message.text());
  });

  for (const path of [editPaths.venue!, '/admin/raeume/create']) {
    await visit(page, path);
    await page.getByRole('button', { name: 'Link', exact: true }).first().click();
    await expect(page.getByRole('textbox', { name: /Link-Adresse/ })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await visit(page, '/admin/gutscheine');
  await openDialog(page, 'Gutschein erstellen', 'Gutschein erstellen');
  await dialog(page, 'Gutschein erstellen').getByLabel('Gültig bis').click();
  await expect(page.locator('.bp6-datepicker')).toBeVisible();
  await context.close();
  expect(warnings).toEqual([]);
});

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'sichtbar').not.toBeNull();
  return found!;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`no admin screen scrolls sideways at ${viewport.width}×${viewport.height}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const wide: string[] = [];
    const contexts = new Map<Who, BrowserContext>();
    for (const screen of adminScreens()) {
      if (!contexts.has(screen.who)) contexts.set(screen.who, await newContext(browser, screen.who, 'light', viewport));
      const page = await contexts.get(screen.who)!.newPage();
      await visit(page, screen.path);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (scrollWidth > innerWidth) wide.push(`${screen.path}: ${scrollWidth} px breit bei ${innerWidth} px Fenster`);
      await page.screenshot({ path: `${artifacts}/${viewport.width}${screen.path.split('?')[0]!.replace(/\//g, '_')}.png` });

      if (viewport.width < 480) {
        // The top bar keeps its controls in one row, above the screen's heading.
        const heading = await box(page.getByRole('heading', { level: 1 }));
        const bar = await box(page.locator('.admin-topbar'));
        for (const control of [
          page.getByRole('button', { name: 'Navigation umschalten' }),
          page.getByRole('button', { name: 'Design umschalten' }),
          page.locator('.admin-user-menu-button'),
        ]) {
          const controlBox = await box(control);
          expect(overlaps(controlBox, heading), `${screen.path}: Bedienelement über der Überschrift`).toBe(false);
          expect(controlBox.y + controlBox.height, `${screen.path}: Bedienelement unter der Kopfleiste`).toBeLessThanOrEqual(bar.y + bar.height);
          expect(controlBox.x + controlBox.width, `${screen.path}: Bedienelement rechts abgeschnitten`).toBeLessThanOrEqual(viewport.width);
        }
      }
      await page.close();
    }
    for (const context of contexts.values()) await context.close();
    expect(wide, wide.join('\n')).toEqual([]);
  });
}

test('editing a user of the instance at 1440 px keeps the page and its dialog in the window', async ({ browser }) => {
  const context = await newContext(browser, 'admin', 'light');
  const page = await context.newPage();
  await visit(page, '/admin/instanz/benutzer');
  await page.getByRole('button', { name: 'mitarbeiter@example.com bearbeiten' }).click();
  const edit = await box(dialog(page, 'Benutzer bearbeiten: mitarbeiter@example.com'));
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  expect(edit.x).toBeGreaterThanOrEqual(0);
  expect(edit.x + edit.width).toBeLessThanOrEqual(1440);
  await context.close();
});
