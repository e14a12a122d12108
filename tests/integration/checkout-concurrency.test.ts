import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessApp } from '../support/app.js';
import type { HttpClient } from '../support/http.js';
import { activeBookingsOf, fireAll, tally } from '../support/races.js';
import { startReplicaPair, type ReplicaPair } from '../support/replica-pair.js';
import type { ServerProcess } from '../support/server-process.js';
import { bookableRoom, customer, slot, storeCoupon } from './bookings.fixtures.js';

/**
 * Checkout under concurrency, as behind a load balancer: two server processes on one database (this
 * test process's app and the real server as a separate OS process, each with its own connection
 * pools), many checkouts fired at both at the same moment. The advisory locks per object keep an
 * object from being overbooked and the conditional coupon update keeps a coupon from being used
 * past its maximum, whichever process answers; a refusal is a clean 409, never a 500.
 */
let pair: ReplicaPair;
let local: InProcessApp;
let remote: ServerProcess;
let sql: pg.Pool;
let tenantId: string;
let clients: HttpClient[];

beforeAll(async () => {
  pair = await startReplicaPair({ name: 'Stadthalle Nebenläufig', mail: 'buchungen@stadthalle.example' });
  ({ local, remote, sql, tenantId } = pair);
  clients = [local.client(), remote.client()];
}, 120_000);

/** Nothing went wrong inside the child either (a 500 would also show here as an unexpected error). */
const expectQuietServerLog = () => expect(remote.stderr(), 'stderr of the server process').not.toMatch(/error|fehler/i);

afterAll(async () => pair?.stop());

/** Fires every body at once, alternating between the two servers; answers in the bodies' order. */
const fireCheckouts = (bodies: Record<string, unknown>[]) =>
  fireAll(bodies.map((body, index) => ({ via: index % 2 === 0 ? 'in-process' : 'child', send: () => clients[index % 2].post(`/api/${tenantId}/checkout`, body) })));

describe('checkout across two server processes on one database', () => {
  it('50 parallel checkouts of one slot of an object with amount 3 store exactly 3 bookings; the other 47 answer 409', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Saal mit drei Plätzen', amount: 3 });
    const window = slot(10, '2027-11-30');
    const bodies = Array.from({ length: 50 }, (_, n) => ({ ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: `kapazitaet-${n}@example.com` }));

    const started = Date.now();
    const outcomes = await fireCheckouts(bodies);
    const elapsed = Date.now() - started;
    const counts = tally(outcomes);
    const context = `${elapsed} ms, ${JSON.stringify(counts)}`;

    const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && !(outcome.status === 409 && ['booking.capacity', 'booking.busy'].includes(outcome.code ?? '')));
    expect(unexpected, context).toEqual([]);
    const accepted = outcomes.filter((outcome) => outcome.status === 200);
    expect(accepted.length, context).toBe(3);
    expect(outcomes.filter((outcome) => outcome.status === 409).length, context).toBe(47);
    // Both processes answered (the point is two processes with their own pools, not one).
    expect(new Set(outcomes.filter((o) => o.status === 200 || o.code === 'booking.capacity').map((outcome) => outcome.via)).size, context).toBe(2);

    const stored = await activeBookingsOf(sql, room.id, window);
    expect(stored).toEqual({ bookings: 3, items: 3, units: 3, numbers: accepted.map((outcome) => outcome.id).sort() });
    const { rows } = await sql.query<{ count: string }>('select count(*) from bookings b where exists (select 1 from booking_items i where i.booking_key = b.key and i.bookable_id = $1)', [room.id]);
    expect(Number(rows[0].count)).toBe(3);
    expectQuietServerLog();
  }, 60_000);

  it('a coupon with maxAmount 5 under 20 parallel checkouts (each on its own object) is used exactly 5 times', async () => {
    // Twenty objects, so no advisory lock is shared: only the conditional coupon update decides.
    const rooms = await Promise.all(Array.from({ length: 20 }, (_, n) => bookableRoom(local, tenantId, { title: `Gutscheinraum ${n}`, amount: 1 })));
    const coupon = await storeCoupon(local, tenantId, { code: 'FUENFMAL', maxAmount: 5 });
    const window = slot(12, '2027-12-01');
    const bodies = rooms.map((room, n) => ({ ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], couponCode: 'FUENFMAL', ...customer, mail: `gutschein-${n}@example.com` }));

    const started = Date.now();
    const outcomes = await fireCheckouts(bodies);
    const context = `${Date.now() - started} ms, ${JSON.stringify(tally(outcomes))}`;

    const accepted = outcomes.filter((outcome) => outcome.status === 200);
    expect(accepted.length, context).toBe(5);
    expect(outcomes.filter((outcome) => outcome.status === 409 && outcome.code === 'booking.coupon-used-up').length, context).toBe(15);

    const { rows: couponRows } = await sql.query<{ used_amount: number }>('select used_amount from coupons where key = $1', [coupon.key]);
    expect(couponRows[0].used_amount).toBe(5);
    const { rows: bookingRows } = await sql.query<{ number: string }>('select number from bookings where tenant_id = $1 and coupon_code = $2 order by number', [tenantId, 'FUENFMAL']);
    expect(bookingRows.map((row) => row.number)).toEqual(accepted.map((outcome) => outcome.id).sort());
    // No booking of these objects without the coupon slipped through either.
    const { rows: all } = await sql.query<{ count: string }>('select count(distinct booking_key) from booking_items where bookable_id = any($1::uuid[])', [rooms.map((room) => room.id)]);
    expect(Number(all[0].count)).toBe(5);
    expectQuietServerLog();
  }, 60_000);

  it('30 parallel checkouts of 30 distinct slots of one object all succeed: the lock serialises, it does not refuse', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Einzelraum', amount: 1 });
    const windows = Array.from({ length: 30 }, (_, n) => slot(8 + (n % 10), `2027-12-${String(13 + Math.floor(n / 10)).padStart(2, '0')}`));
    const bodies = windows.map((window, n) => ({ ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: `serie-${n}@example.com` }));

    const started = Date.now();
    const outcomes = await fireCheckouts(bodies);
    const context = `${Date.now() - started} ms, ${JSON.stringify(tally(outcomes))}`;

    expect(outcomes.filter((outcome) => outcome.status !== 200), context).toEqual([]);
    const { rows } = await sql.query<{ count: string; units: string }>('select count(*) as count, sum(amount) as units from booking_items where bookable_id = $1', [room.id]);
    expect({ count: Number(rows[0].count), units: Number(rows[0].units) }).toEqual({ count: 30, units: 30 });
    expectQuietServerLog();
  }, 60_000);

  it('a weekly series and single checkouts of its dates on both processes at once leave every date booked once', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Vereinshalle', amount: 1, allowSeries: true });
    const first = slot(17, '2027-12-07', 2);
    const weeks = 8;
    const dates = Array.from({ length: weeks }, (_, week) => ({ timeBegin: first.timeBegin + week * 7 * 86_400_000, timeEnd: first.timeEnd + week * 7 * 86_400_000 }));
    const item = { bookableItems: [{ bookableId: room.id, amount: 1 }] };
    const series = { ...first, ...item, ...customer, name: 'Turnverein', series: { frequency: 'WEEKLY', count: weeks } };
    // Each date wanted by a single booker on each process, the series fired on both processes too.
    const singles = dates.flatMap((window, week) => [0, 1].map((copy) => ({ ...window, ...item, ...customer, mail: `einzeln-${week}-${copy}@example.com` })));
    const requests = [series, { ...series, mail: 'zweiter-verein@example.com' }, ...singles].map((body, index) => ({
      via: index % 2 === 0 ? 'in-process' : 'child',
      send: () => clients[index % 2].post(`/api/${tenantId}/checkout`, body),
    }));

    const outcomes = await fireAll(requests);
    const context = JSON.stringify(tally(outcomes));
    const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && !(outcome.status === 409 && ['booking.capacity', 'booking.busy', 'booking.series-none-free'].includes(outcome.code ?? '')));
    expect(unexpected, context).toEqual([]);

    // Whoever won each date, it is booked exactly once.
    for (const window of dates) expect((await activeBookingsOf(sql, room.id, window)).bookings, context).toBe(1);
    const { rows } = await sql.query<{ count: string }>('select count(*) from booking_items where bookable_id = $1', [room.id]);
    expect(Number(rows[0].count), context).toBe(weeks);
    expectQuietServerLog();
  }, 60_000);
});
