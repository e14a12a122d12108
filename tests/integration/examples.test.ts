import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http.js';
import { waitForLiveGauges } from '../support/metrics.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, resaveBooking, slot, storeEvent, storeTicket } from './bookings.fixtures.js';

/**
 * The worked examples of docs/examples run as an integrator runs them: as their own Node process,
 * against this instance, with API tokens of the narrow presets, and are checked by what they print.
 */
const examplesDir = fileURLToPath(new URL('../../docs/examples/', import.meta.url));

let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts an example; `whenPrinted` is called once stdout contains the text (to act while it runs). */
function runExample(script: string, args: string[], token: string, whenPrinted?: { text: string; then: () => Promise<void> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${examplesDir}${script}`, ...args], {
      env: { ...process.env, BUCHUNG_URL: app.url, BUCHUNG_MANDANT: tenantId, BUCHUNG_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    let acted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString('utf8');
      if (whenPrinted && !acted && run.stdout.includes(whenPrinted.text)) {
        acted = true;
        whenPrinted.then().catch((error: unknown) => {
          child.kill('SIGKILL');
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ ...run, code });
    });
  });
}

async function createToken(preset: string): Promise<string> {
  const result = await owner.gql<{ createApiToken: { secret: string } }>('mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }', {
    t: tenantId,
    input: { name: `Beispiel ${preset}`, preset },
  });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createApiToken.secret;
}

async function book(roomId: string, hour: number, day: string): Promise<string> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(hour, day), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'examples');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
});
afterAll(async () => {
  await app?.close();
});

describe('docs/examples', () => {
  it('finance-export.mjs exports the month’s paid bookings, one line per VAT rate in exact euros, with a BOOKINGS_READ token', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Sitzungssaal' });
    const free = await bookableRoom(app, tenantId, { title: 'Foyer', priceCategories: [] });
    const paid = await book(room.id, 10, '2027-09-01');
    const unpaid = await book(room.id, 12, '2027-09-01');
    await book(free.id, 10, '2027-09-02');
    const saved = await resaveBooking(owner, tenantId, paid, { isCommitted: true, isPayed: true, paymentMethod: 'CASH' });
    expect(saved.status, saved.text).toBe(201);
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());

    const run = await runExample('finance-export.mjs', [month], await createToken('BOOKINGS_READ'));

    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('Buchungsnummer;Bezahlt am;Kunde;Zahlweg;Steuersatz;Netto;USt;Brutto');
    // 12,50 € net per hour with 19 % VAT: 14,88 € gross, of which 2,38 € VAT.
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${paid};\\d\\d\\.\\d\\d\\.\\d{4};Erika Mustermann;MANUAL/[^;]*CASH;19 %;12,50;2,38;14,88$`))]);
    expect(run.stdout).not.toContain(unpaid);
    expect(run.stderr).toContain('1 bezahlte Buchungen');
  });

  it('finance-export.mjs is refused with a token that may not read bookings', async () => {
    const run = await runExample('finance-export.mjs', ['2027-01'], await createToken('OCCUPANCY_READ'));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('AUTH_FORBIDDEN');
  });

  it('room-display.mjs shows the day without personal data and again after a booking arrives live, with an OCCUPANCY_READ token', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Trausaal' });
    await book(room.id, 9, '2027-11-09');
    const run = await runExample('room-display.mjs', [room.id, '--datum', '2027-11-09', '--changes', '1'], await createToken('OCCUPANCY_READ'), {
      text: 'Live-Aktualisierung verbunden.',
      then: async () => {
        // "verbunden" is the socket; the subscription on it starts a moment later.
        await waitForLiveGauges(guest, (gauges) => gauges.subscriptions >= 1);
        await book(room.id, 14, '2027-11-09');
      },
    });

    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('== Trausaal, 09.11.2027 ==');
    const [before, after] = run.stdout.split('Änderung: CREATED');
    expect(before).toContain('09:00–10:00 Uhr  angefragt');
    expect(before).not.toContain('14:00');
    expect(after).toContain('09:00–10:00 Uhr  angefragt');
    expect(after).toContain('14:00–15:00 Uhr  angefragt');
    expect(run.stdout).not.toContain(customer.name);
    expect(run.stdout).not.toContain(customer.mail);
  });

  it('website-booking.mjs books a ticket for a citizen and reads its status by token, with a WEBSITE_BOOKING token', async () => {
    const event = await storeEvent(app, tenantId, 'Neujahrskonzert', 100);
    const ticket = await storeTicket(app, tenantId, event.id, { title: 'Eintritt' });

    const run = await runExample('website-booking.mjs', [ticket.id, '2', 'Max Bürger', 'max@example.org'], await createToken('WEBSITE_BOOKING'));

    expect(run.code, run.stderr).toBe(0);
    const number = /Gebucht: (\S+), 2 × Eintritt, 0,00\s€/.exec(run.stdout)?.[1];
    expect(number, run.stdout).toBeTruthy();
    expect(run.stdout).toContain('Status: bestätigt, Zahlung bezahlt');
    expect(run.stdout).toContain('Veranstaltung: Neujahrskonzert, 01.05.2027 19:00 Uhr');
    const stored = await owner.get(`/api/${tenantId}/bookings/${number}`);
    expect(stored.json).toMatchObject({ name: 'Max Bürger', mail: 'max@example.org' });
  });
});
