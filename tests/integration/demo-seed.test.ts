import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoLogins } from '../../server/src/db/seed.js';
import { signIn } from '../support/fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** `npm start` on an empty database seeds a demo tenant whose staff find bookables and bookings to work with. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => app?.close());

it('the demo tenant has two upcoming bookings of the Bürgerhaus, one waiting and one released, that occupy it', async () => {
  const owner = app.client();
  await signIn(owner, demoLogins.tenantOwner.id, demoLogins.tenantOwner.password);
  const me = await owner.get('/auth/me');
  const tenantId = me.json.permissions.tenants[0].tenantId as string;

  const bookings = await owner.get(`/api/${tenantId}/bookings`);
  expect(bookings.status, bookings.text).toBe(200);
  expect(bookings.json).toHaveLength(2);
  const byName = Object.fromEntries((bookings.json as { name: string; bookableItems: { bookableId: string }[] }[]).map((booking) => [booking.name, booking]));
  expect(byName['Erika Mustermann']).toMatchObject({ isCommitted: false, priceEur: 69.41, bookableItems: [{ amount: 1, _bookableUsed: { title: 'Bürgerhaus Musterstadt' } }] });
  expect(byName['Sportverein Musterstadt e. V.']).toMatchObject({ isCommitted: true });
  for (const booking of bookings.json as { id: string; timeBegin: number }[]) {
    expect(booking.id).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(booking.timeBegin).toBeGreaterThan(Date.now());
  }

  // The staff member sees them too, and the venue is occupied then.
  const staff = app.client();
  await signIn(staff, demoLogins.staff.id, demoLogins.staff.password);
  const listed = await staff.gql<{ bookings: { total: number } }>('query($t: ID!) { bookings(tenantId: $t) { total } }', { t: tenantId });
  expect(listed.data?.bookings.total).toBe(2);
  // Without asking for the total (nothing is counted then) the page is the same.
  const page = await staff.gql<{ bookings: { items: { id: string }[] } }>('query($t: ID!) { bookings(tenantId: $t, limit: 1) { items { id } } }', { t: tenantId });
  expect(page.data?.bookings.items).toHaveLength(1);
  // The booked object: only its title needs no snapshot, anything more reads the whole one.
  const titles = await staff.gql<{ bookings: { items: { items: { bookable: { title: string } }[] }[] } }>(
    'query($t: ID!) { bookings(tenantId: $t) { items { items { bookable { title } } } } }',
    { t: tenantId },
  );
  expect(titles.data?.bookings.items.map((booking) => booking.items[0].bookable.title)).toEqual(['Bürgerhaus Musterstadt', 'Bürgerhaus Musterstadt']);
  const whole = await staff.gql<{ bookings: { items: { items: { bookable: { title: string; location: string } }[] }[] } }>(
    'query($t: ID!) { bookings(tenantId: $t, limit: 1) { items { items { bookable { title location } } } } }',
    { t: tenantId },
  );
  expect(whole.data?.bookings.items[0].items[0].bookable).toEqual({ title: 'Bürgerhaus Musterstadt', location: 'Marktstraße 5, 12345 Musterstadt' });
  const venueId = byName['Erika Mustermann'].bookableItems[0].bookableId;
  const occupancy = await owner.get(`/api/${tenantId}/calendar/occupancy?ids=${venueId}`);
  expect(occupancy.json).toHaveLength(2);
});

it('the demo tenant pays with the built-in test provider and by invoice, both active', async () => {
  const owner = app.client();
  await signIn(owner, demoLogins.tenantOwner.id, demoLogins.tenantOwner.password);
  const me = await owner.get('/auth/me');
  const tenantId = me.json.permissions.tenants[0].tenantId as string;
  const apps = await app.client().get(`/api/tenants/${tenantId}/payment-apps`);
  expect(apps.json).toEqual([
    { id: 'testPayment', title: 'Testzahlung (nur Entwicklung)' },
    { id: 'invoice', title: 'Rechnung' },
  ]);
  // Its secret is generated for this instance and stays write-only.
  const tenant = await owner.get(`/api/tenants/${tenantId}`);
  const testPayment = (tenant.json.applications as { id: string; paymentSecretSet?: boolean }[]).find((application) => application.id === 'testPayment');
  expect(testPayment).toMatchObject({ active: true, paymentSecretSet: true });
  expect(testPayment).not.toHaveProperty('paymentSecret');
});
