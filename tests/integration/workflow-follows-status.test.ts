import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storedBoard } from '../support/workflow-board.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { bookableRoom, customer, resaveBooking, slot } from './bookings.fixtures.js';

/**
 * The board follows a booking's status changed elsewhere: released or rejected in the details
 * dialog, marked paid in the editor, paid online, cancelled by its customer. The card moves to the
 * first state whose status action stands for the new status, in the change's transaction, with a
 * history entry and a live event; a card never contradicts its booking.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const SAVE = 'mutation($id: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $id, input: $input) { id } }';
const CARD_CHANGED = 'subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind card { id stateId } } }';
const CANCEL_REQUEST = 'Stornierungsanfrage für Ihre Buchung im Folgeamt';

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 9, 1 + dayCounter++)).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp();
  const actors = await createActors(app, 'manageBookings', 'bookings', 'board-follows');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), {
    name: 'Folgeamt',
    applications: [{ id: 'testPayment', type: 'payment', title: 'Testzahlung', active: true, paymentSecret: 'f'.repeat(64), paymentPurposeSuffix: 'Folge' }],
  });
  await em.flush();
  const saved = await owner.gql(SAVE, {
    id: tenantId,
    input: {
      name: 'Bearbeitung',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', actions: [] },
        { id: 'freigegeben', name: 'Freigegeben', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
        { id: 'bezahlt', name: 'Bezahlt', actions: [{ type: 'bookingStatus', bookingStatus: ['paid'] }] },
        { id: 'abgesagt', name: 'Abgesagt', actions: [{ type: 'bookingStatus', bookingStatus: ['reject'] }] },
      ],
    },
  });
  expect(saved.errors).toBeUndefined();
}, 60_000);
afterAll(async () => app?.close());

async function book(): Promise<string> {
  const room = await bookableRoom(app, tenantId);
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, paymentProvider: 'testPayment' });
  expect(response.status, response.text).toBe(200);
  return response.json.id as string;
}

/** The state the booking's card is in, or null. */
async function stateOf(bookingId: string): Promise<string | null> {
  const board = await storedBoard(app, tenantId);
  return board.states.find((state) => state.tasks.some((task) => task.id === bookingId))?.id ?? null;
}

async function historyActions(bookingId: string): Promise<string[]> {
  const history = await owner.get(`/api/${tenantId}/bookings/${bookingId}/history`);
  expect(history.status, history.text).toBe(200);
  return (history.json.entries ?? history.json).map((entry: { action: string }) => entry.action);
}

describe('the board follows status changes made elsewhere', () => {
  it('released in the details dialog: the card moves to the releasing state, with a history entry and a live event', async () => {
    const bookingId = await book();
    expect(await stateOf(bookingId)).toBe('eingang');
    const ws = graphqlWsClient(app.url, { cookie: owner.cookieHeader() });
    const live = new SubscriptionRecorder<{ workflowCardChanged: { kind: string; card: { id: string; stateId: string | null } | null } }>(ws, CARD_CHANGED, { t: tenantId });
    try {
      // The subscription is in place once a first event arrives: a move within the state announces one.
      for (let attempt = 0; live.results.length === 0; attempt++) {
        expect(attempt, 'the subscription never delivered').toBeLessThan(50);
        expect((await owner.put(`/api/${tenantId}/workflow/task`, { taskId: bookingId, destination: 'eingang', newIndex: 0 })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await owner.post(`/api/${tenantId}/bookings/${bookingId}/commit`)).status).toBe(200);
      expect(await stateOf(bookingId)).toBe('freigegeben');
      const event = await live.waitFor((result) => result.data?.workflowCardChanged.card?.stateId === 'freigegeben');
      expect(event.data?.workflowCardChanged.card?.id).toBe(bookingId);
    } finally {
      live.stop();
      await ws.dispose();
    }
    const actions = await historyActions(bookingId);
    expect(actions).toContain('released');
    expect(actions).toContain('workflow_moved');
  });

  it('released and paid in the editor at once: the card goes to the state of the payment', async () => {
    const bookingId = await book();
    const saved = await resaveBooking(owner, tenantId, bookingId, { isCommitted: true, isPayed: true, paymentMethod: 'CASH' });
    expect(saved.status, saved.text).toBeLessThan(300);
    expect(await stateOf(bookingId)).toBe('bezahlt');
  });

  it('a state the staff choose in the editor wins over following the status', async () => {
    const bookingId = await book();
    const saved = await resaveBooking(owner, tenantId, bookingId, { isCommitted: true, workflowStatus: 'eingang' });
    expect(saved.status, saved.text).toBeLessThan(300);
    expect(await stateOf(bookingId)).toBe('eingang');
  });

  it('rejected by staff, and cancelled by the customer through the mailed link: the card goes to the rejecting state', async () => {
    const rejected = await book();
    const answer = await owner.gql('mutation($t: ID!, $id: ID!, $reason: String) { rejectBooking(tenantId: $t, id: $id, reason: $reason) { id } }', { t: tenantId, id: rejected, reason: 'Belegt' });
    expect(answer.errors).toBeUndefined();
    expect(await stateOf(rejected)).toBe('abgesagt');

    const cancelled = await book();
    expect((await owner.post(`/api/${tenantId}/bookings/${cancelled}/commit`)).status).toBe(200);
    expect(await stateOf(cancelled)).toBe('freigegeben');
    expect((await guest.post(`/api/${tenantId}/bookings/${cancelled}/request-reject`, { reason: 'Verhindert' })).status).toBe(201);
    const request = await app.smtp.waitForMail(customer.mail, CANCEL_REQUEST);
    const link = new URL(request.links.find((href) => href.includes('/booking/verify-reject/')) as string);
    expect((await guest.post(`/api/${tenantId}/bookings/${cancelled}/hooks/${link.searchParams.get('hookId')}/release`)).status).toBe(200);
    expect(await stateOf(cancelled)).toBe('abgesagt');
  });

  it('paid online through the test provider: the card goes to the state of the payment', async () => {
    const bookingId = await book();
    expect((await owner.post(`/api/${tenantId}/bookings/${bookingId}/commit`)).status).toBe(200);
    expect(await stateOf(bookingId)).toBe('freigegeben');
    const started = await guest.gql<{ startPayment: { redirectUrl: string } }>('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { redirectUrl } }', { t: tenantId, b: bookingId });
    expect(started.errors).toBeUndefined();
    const page = new URL(started.data!.startPayment.redirectUrl).pathname;
    const paid = await guest.request('POST', page, { body: new URLSearchParams({ action: 'pay' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
    expect(paid.status, paid.text).toBe(303);
    await waitForSettledQueue(app.orm);
    expect(await stateOf(bookingId)).toBe('bezahlt');
  });

  it('an archived card stays in the archive', async () => {
    const bookingId = await book();
    expect((await owner.put(`/api/${tenantId}/workflow/archive`, { taskId: bookingId })).status).toBe(200);
    expect((await owner.post(`/api/${tenantId}/bookings/${bookingId}/commit`)).status).toBe(200);
    const board = await storedBoard(app, tenantId);
    expect(board.archive.map((task) => task.id)).toContain(bookingId);
    expect(await stateOf(bookingId)).toBeNull();
  });
});
