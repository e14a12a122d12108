import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/** A 1×1 PNG: the title image uploaded through the picker. */
const imagePng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A tiny PDF: the attachment. */
const programPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const NAME = 'Sommerkonzert im Park';
const NEW_NAME = 'Sommerkonzert im Stadtpark';

interface StoredEvent {
  id: string;
  format: number;
  images: string[];
  attachments: string[];
  information: { name: string; tags: string[]; startDate: string; startTime: string; endDate: string; endTime: string; teaserImage: string; description: string };
  attendees: { publicEvent: boolean; needsRegistration: boolean; maxAttendees: number; free: boolean; priceCategories: { name: string; price: number }[] };
  eventLocation: { name: string; emailAddress: string; select: string | null; url: string };
  eventAddress: { zip: string; city: string };
  eventOrganizer: { name: string; addContactPerson: boolean; contactPersonName: string; contactPersonEmailAddress: string; speakers: { name: string; emailAddress: string }[] };
  schedules: { date: string; time: string; description: string; schedules: { time: string; description: string }[] }[];
}

const EVENT_FIELDS = `id format images attachments
  information { name tags startDate startTime endDate endTime teaserImage description }
  attendees { publicEvent needsRegistration maxAttendees free priceCategories { name price } }
  eventLocation { name emailAddress select url }
  eventAddress { zip city }
  eventOrganizer { name addContactPerson contactPersonName contactPersonEmailAddress speakers { name emailAddress } }
  schedules { date time description schedules { time description } }`;

/** Uploads a file through the picker's dialog (opened by the picker's Hochladen button). */
async function upload(page: Page, picker: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await picker.getByRole('button', { name: 'Hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datei hochladen' });
  // Event files are public only.
  await expect(dialog.getByRole('radio', { name: 'Geschützt' })).toHaveCount(0);
  await dialog.locator('#file-upload-input').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(dialog).toBeHidden();
}

/** The form group (FilePicker) around a labelled file choice. */
const pickerOf = (page: Page, id: string) => page.locator('.bp6-form-group', { has: page.locator(`label[for="${id}"]`) });

/**
 * The event wizard, as the demo tenant's owner would do it: a new event through all seven steps (title
 * image uploaded through the picker, contact person, speaker, two price categories, an agenda day
 * with an item, an attachment, an image), a reload in the middle keeps what was entered; after
 * Absenden the event and its tickets (one per price category) exist; then edit: a new name, "Änderungen übernehmen".
 */
test('event wizard: create through the seven steps, reload keeps the values, edit the name', async ({ page }) => {
  // Seven steps, two uploads, a reload and two saves: longer than one default test timeout on a busy machine.
  test.setTimeout(180_000);
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/veranstaltungen/create');
  await expect(page).toHaveURL(/\/admin\/veranstaltungen\/create\/information$/);
  await expect(page.getByRole('heading', { name: 'Veranstaltung erstellen' })).toBeVisible();
  const stepper = page.getByRole('navigation', { name: 'Schritte' });
  await expect(stepper.getByRole('listitem')).toHaveCount(7);
  // Later steps cannot be opened before they are reached.
  await expect(stepper.getByRole('link')).toHaveCount(1);
  await expect(stepper.getByRole('link', { name: /Information/ })).toHaveAttribute('aria-current', 'step');
  const next = page.getByRole('button', { name: 'Weiter' });
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Zurück' })).toHaveCount(0);
  await expect(page.getByLabel('Veranstaltung ist sichtbar')).not.toBeChecked();

  // 1 Information: the message of a required field appears as soon as it is left empty.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('x');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await expect(page.getByText('Name muss ausgefüllt sein.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
  await expect(page.getByText('Name muss ausgefüllt sein.')).toHaveCount(0);
  await upload(page, pickerOf(page, 'event-information-teaserImage'), { name: 'konzert.png', mimeType: 'image/png', buffer: imagePng });
  await expect(page.getByLabel('Titelbild')).toContainText('/public/events/konzert.png');
  await expect(page.getByRole('img', { name: 'Vorschau des Titelbilds' })).toBeVisible();
  await page.getByLabel('Kurzbeschreibung').fill('Das Orchester der Stadt spielt unter freiem Himmel.');
  await page.getByTestId('event-description').click();
  await page.keyboard.type('Klassik und Filmmusik für die ganze Familie.');
  await page.getByLabel('Tags').click();
  // The tenant's tags so far are offered (the demo's concert brings "Kultur"); a new one is added.
  await expect(page.getByRole('option', { name: 'Kultur', exact: true })).toBeVisible();
  await page.getByLabel('Tags').fill('Open Air');
  await page.getByRole('option', { name: '„Open Air“ hinzufügen' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Startzeit')).toBeDisabled();
  // A typed date is taken as it is typed; Escape closes the calendar the field opened.
  await page.getByLabel('Startdatum').fill('15.07.2030');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Startzeit')).toBeEnabled();
  await expect(next).toBeDisabled();
  await page.getByLabel('Startzeit').fill('18:00');
  await page.getByLabel('Enddatum').fill('15.07.2030');
  await page.keyboard.press('Escape');
  await page.getByLabel('Endzeit').fill('22:00');
  await expect(next).toBeEnabled();

  // No serious accessibility finding on a step, light theme.
  const toggle = page.getByRole('button', { name: 'Design umschalten' });
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, 'event-wizard-01-information');
  await next.click();

  // 2 Veranstaltungsort.
  await expect(page).toHaveURL(/\/create\/veranstaltungsort$/);
  await expect(stepper.getByRole('link', { name: /Information.*abgeschlossen/ })).toBeVisible();
  await expect(page.getByText('*Pflichtfelder')).toBeVisible();
  await page.getByLabel('Name des Veranstaltungsorts').fill('Stadtpark Musterstadt');
  await page.getByLabel('E-Mail für Rückfragen').fill('kultur@');
  await expect(page.getByText('E-Mail ist ungültig.')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel('E-Mail für Rückfragen').fill('kultur@musterstadt.example');
  await page.getByLabel('Telefon für Rückfragen').fill('0123 456789');
  await expect(page.getByLabel('Link zur Veranstaltung')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Hybrid' }).check({ force: true });
  await page.getByLabel('Link zur Veranstaltung').fill('https://stream.example.com/konzert');
  // Choosing a venue fills its name and its address (from its location text); both stay editable.
  await page.getByLabel('Veranstaltungsort auswählen').selectOption({ label: 'Bürgerhaus Musterstadt' });
  await expect(page.getByLabel('Name des Veranstaltungsorts')).toHaveValue('Bürgerhaus Musterstadt');
  await expect(page.getByLabel('Straße')).toHaveValue('Marktstraße');
  await expect(page.getByLabel('Hausnummer')).toHaveValue('5');
  await expect(page.getByLabel('Postleitzahl')).toHaveValue('12345');
  await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Musterstadt');
  await page.getByLabel('Name des Veranstaltungsorts').fill('Stadtpark Musterstadt');
  await page.getByLabel('Straße').fill('Parkallee');
  await page.getByLabel('Hausnummer').fill('1');
  await page.getByLabel('Postleitzahl').fill('12a345');
  await expect(page.getByLabel('Postleitzahl')).toHaveValue('12345');
  await page.getByLabel('Ort', { exact: true }).fill('Musterstadt');
  await screenshot(page, 'event-wizard-02-venue');
  await next.click();

  // 3 Veranstalter, with the contact person (on by default); then a reload keeps everything.
  await expect(page).toHaveURL(/\/create\/veranstalter$/);
  await page.getByLabel('Name des Veranstalters').fill('Kulturamt Musterstadt');
  await expect(page.getByLabel('Kontaktperson hinzufügen')).toBeChecked();
  await expect(next).toBeDisabled();
  await page.getByLabel('Name der Kontaktperson').fill('Erika Mustermann');
  await page.getByLabel('Telefon der Kontaktperson').fill('0123 456780');
  await page.getByLabel('E-Mail der Kontaktperson').fill('erika@musterstadt.example');
  await expect(next).toBeEnabled();
  await page.reload();
  await expect(page).toHaveURL(/\/create\/veranstalter$/);
  await expect(page.getByLabel('Name der Kontaktperson')).toHaveValue('Erika Mustermann');
  await expect(page.getByLabel('Name des Veranstalters')).toHaveValue('Kulturamt Musterstadt');
  await expect(stepper.getByRole('link')).toHaveCount(3);
  await stepper.getByRole('link', { name: /Information/ }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(NAME);
  await expect(page.getByLabel('Startzeit')).toHaveValue('18:00');
  await stepper.getByRole('link', { name: /Veranstalter/ }).click();
  await expect(page).toHaveURL(/\/create\/veranstalter$/);
  await page.getByRole('button', { name: 'Referent hinzufügen' }).click();
  const speaker = page.getByRole('group', { name: 'Referent 1' });
  await speaker.getByLabel('Name').fill('Dr. Max Dirigent');
  await speaker.getByLabel('E-Mail').fill('max@');
  await expect(speaker.getByText('E-Mail ist ungültig.')).toBeVisible();
  await speaker.getByLabel('E-Mail').fill('max@orchester.example');
  await screenshot(page, 'event-wizard-03-organizer');
  await next.click();

  // 4 Teilnehmer: registration asks for the seat limit; two price categories in euro.
  await expect(page).toHaveURL(/\/create\/teilnehmer$/);
  await expect(page.getByLabel('Diese Veranstaltung ist öffentlich')).toBeChecked();
  await expect(page.getByText(/Nicht öffentliche Veranstaltungen sind nur über einen speziellen Link erreichbar/)).toBeVisible();
  await page.getByLabel('Teilnehmer müssen sich anmelden').check({ force: true });
  // An empty seat limit is unlimited seats.
  await expect(page.getByText('Leer lassen für unbegrenzte Plätze.')).toBeVisible();
  await expect(next).toBeEnabled();
  await page.getByLabel('Maximale Teilnehmeranzahl').fill('120');
  await expect(next).toBeEnabled();
  await expect(page.getByText('Beim Anlegen entsteht für jede Preiskategorie ein Ticket mit diesem Preis')).toBeVisible();
  await page.getByRole('button', { name: 'Preiskategorie hinzufügen' }).click();
  await page.getByRole('button', { name: 'Preiskategorie hinzufügen' }).click();
  const adults = page.getByRole('group', { name: 'Preiskategorie 1' });
  await adults.getByLabel('Name').fill('Erwachsene');
  await adults.getByLabel('Preis (EUR)').fill('12,5');
  await adults.getByLabel('Preis (EUR)').blur();
  await expect(adults.getByLabel('Preis (EUR)')).toHaveValue('12,50');
  const reduced = page.getByRole('group', { name: 'Preiskategorie 2' });
  await reduced.getByLabel('Name').fill('Ermäßigt');
  await reduced.getByLabel('Preis (EUR)').fill('6');
  await screenshot(page, 'event-wizard-04-attendees');
  await next.click();

  // 5 Agenda: a day with an item.
  await expect(page).toHaveURL(/\/create\/agenda$/);
  await page.getByRole('button', { name: 'Tag hinzufügen' }).click();
  const day = page.getByRole('group', { name: 'Tag 1', exact: true });
  await day.getByLabel('Datum').fill('15.07.2030');
  await page.keyboard.press('Escape');
  await day.getByLabel('Uhrzeit').first().fill('17:30');
  await day.getByLabel('Beschreibung').first().fill('Einlass und Begrüßung');
  await page.getByRole('button', { name: 'Programmpunkt hinzufügen (Tag 1)' }).click();
  const item = page.getByRole('group', { name: 'Tag 1, Programmpunkt 1' });
  await item.getByLabel('Uhrzeit').fill('18:00');
  await item.getByLabel('Beschreibung').fill('Konzert des Stadtorchesters');
  await screenshot(page, 'event-wizard-05-agenda');
  await next.click();

  // 6 Anhänge: a file uploaded into events/attachments, listed once.
  await expect(page).toHaveURL(/\/create\/anhaenge$/);
  await expect(page.getByText('Es sind keine Einträge vorhanden.')).toBeVisible();
  await upload(page, pickerOf(page, 'event-attachments-new'), { name: 'programm.pdf', mimeType: 'application/pdf', buffer: programPdf });
  await expect(page.getByLabel('Datei für neuen Anhang')).toContainText('/public/events/attachments/programm.pdf');
  await page.getByRole('button', { name: 'Anhang hinzufügen' }).click();
  await expect(page.getByRole('list', { name: 'Anhänge' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Anhänge' })).toContainText('programm.pdf');
  await page.getByLabel('Datei für neuen Anhang').selectOption({ label: '/public/events/attachments/programm.pdf' });
  await page.getByRole('button', { name: 'Anhang hinzufügen' }).click();
  await expect(page.getByText('Diese Datei ist bereits in der Liste vorhanden.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Anhänge' }).getByRole('listitem')).toHaveCount(1);
  await screenshot(page, 'event-wizard-06-attachments');
  await next.click();

  // 7 Bilder: the uploaded image chosen from the tenant's files; Absenden.
  await expect(page).toHaveURL(/\/create\/bilder$/);
  await expect(next).toHaveCount(0);
  await page.getByLabel('Neues Bild').selectOption({ label: '/public/events/konzert.png' });
  await page.getByRole('button', { name: 'Bild hinzufügen' }).click();
  await expect(page.getByRole('list', { name: 'Bilder' }).getByRole('listitem')).toHaveCount(1);
  await expect(stepper.getByRole('link')).toHaveCount(7);
  await screenshot(page, 'event-wizard-07-images');
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page).toHaveURL(/\/admin\/veranstaltungen$/);
  await expect(page.getByText('Die Veranstaltung wurde erfolgreich erstellt.')).toBeVisible();
  // …and shows in the list with its title image, date and prices.
  const listed = page.getByRole('article', { name: NAME, exact: true });
  await expect(listed).toContainText('15.07.2030 18:00 - 22:00');
  await expect(listed).toContainText('Erwachsene 12,50');
  await screenshot(page, 'event-wizard-07b-list');

  // The event and its tickets exist.
  const { api, tenantId } = await signedInApi();
  const { events } = await graphql<{ events: StoredEvent[] }>(api, `query($tenantId: ID!) { events(tenantId: $tenantId) { ${EVENT_FIELDS} } }`, { tenantId });
  const event = events.find((candidate) => candidate.information.name === NAME);
  expect(event, 'die neue Veranstaltung').toBeDefined();
  expect(event!.format).toBe(1);
  expect(event!.information).toMatchObject({ tags: ['Open Air'], startDate: '2030-07-15', startTime: '18:00', endDate: '2030-07-15', endTime: '22:00' });
  expect(event!.information.teaserImage).toContain('/public/events/konzert.png');
  expect(event!.information.description).toContain('Klassik und Filmmusik');
  expect(event!.eventLocation).toMatchObject({ name: 'Stadtpark Musterstadt', emailAddress: 'kultur@musterstadt.example', url: 'https://stream.example.com/konzert' });
  expect(event!.eventLocation.select).toBeTruthy();
  expect(event!.eventAddress).toEqual({ zip: '12345', city: 'Musterstadt' });
  expect(event!.eventOrganizer).toMatchObject({
    name: 'Kulturamt Musterstadt',
    addContactPerson: true,
    contactPersonName: 'Erika Mustermann',
    speakers: [{ name: 'Dr. Max Dirigent', emailAddress: 'max@orchester.example' }],
  });
  expect(event!.attendees).toMatchObject({
    publicEvent: true,
    needsRegistration: true,
    maxAttendees: 120,
    free: false,
    priceCategories: [
      { name: 'Erwachsene', price: 12.5 },
      { name: 'Ermäßigt', price: 6 },
    ],
  });
  expect(event!.schedules).toEqual([{ date: '2030-07-15', time: '17:30', description: 'Einlass und Begrüßung', schedules: [{ time: '18:00', description: 'Konzert des Stadtorchesters' }] }]);
  expect(event!.attachments).toHaveLength(1);
  expect(event!.attachments[0]).toContain('/public/events/attachments/programm.pdf');
  expect(event!.images).toHaveLength(1);
  // One ticket per price category, at its price.
  const { bookables } = await graphql<{ bookables: { eventId: string | null; title: string; priceCategories: { priceEur: number }[] }[] }>(
    api,
    'query($tenantId: ID!) { bookables(tenantId: $tenantId, type: ticket) { eventId title priceCategories { priceEur } } }',
    { tenantId },
  );
  const tickets = bookables.filter((ticket) => ticket.eventId === event!.id).map((ticket) => [ticket.title, ticket.priceCategories.map((category) => category.priceEur)]);
  expect(tickets).toHaveLength(2);
  expect(tickets).toEqual(
    expect.arrayContaining([
      [`${NAME} – Erwachsene`, [12.5]],
      [`${NAME} – Ermäßigt`, [6]],
    ]),
  );

  // Edit: the bare edit address leads to the first step; every step is open.
  await page.goto(`/admin/veranstaltungen/edit?id=${event!.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/veranstaltungen/edit/information\\?id=${event!.id}$`));
  await expect(page.getByRole('heading', { name: 'Veranstaltung bearbeiten' })).toBeVisible();
  await expect(stepper.getByRole('link')).toHaveCount(7);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(NAME);
  const apply = page.getByRole('button', { name: 'Änderungen übernehmen' });
  await expect(apply).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW_NAME);
  await expect(apply).toBeVisible();
  await stepper.getByRole('link', { name: /Teilnehmer/ }).click();
  await expect(page.getByRole('group', { name: 'Preiskategorie 1' }).getByLabel('Preis (EUR)')).toHaveValue('12,50');
  await screenshot(page, 'event-wizard-08-edit');
  await apply.click();
  await expect(page.getByText('Die Veranstaltung wurde erfolgreich aktualisiert.')).toBeVisible();
  await expect(apply).toHaveCount(0);
  const { event: updated } = await graphql<{ event: StoredEvent }>(api, `query($tenantId: ID!, $id: ID!) { event(tenantId: $tenantId, id: $id) { ${EVENT_FIELDS} } }`, { tenantId, id: event!.id });
  expect(updated.information.name).toBe(NEW_NAME);

  // Not public: after saving, the wizard shows the link through which the event is reached and booked.
  await page.getByLabel('Diese Veranstaltung ist öffentlich').uncheck({ force: true });
  await apply.click();
  const linkDialog = page.getByRole('dialog', { name: 'Veranstaltung gespeichert' });
  await expect(linkDialog).toBeVisible();
  const { event: hidden } = await graphql<{ event: { directLink: string; attendees: { publicEvent: boolean } } }>(api, 'query($tenantId: ID!, $id: ID!) { event(tenantId: $tenantId, id: $id) { directLink attendees { publicEvent } } }', {
    tenantId,
    id: event!.id,
  });
  expect(hidden.attendees.publicEvent).toBe(false);
  expect(hidden.directLink).toContain(event!.id);
  await expect(linkDialog.getByLabel('Link zur Veranstaltung')).toHaveValue(hidden.directLink);
  await expect(linkDialog.getByRole('button', { name: 'Link kopieren' })).toBeVisible();
  await screenshot(page, 'event-wizard-09-special-link');
  await linkDialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(page.getByLabel('Link zur Veranstaltung')).toHaveValue(hidden.directLink);
  expect(updated.attendees.priceCategories).toEqual(event!.attendees.priceCategories);
  expect(updated.schedules).toEqual(event!.schedules);
  await api.dispose();
});
