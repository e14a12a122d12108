import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { fireAll, tally } from '../support/races.js';
import { startReplicaPair, type ReplicaPair } from '../support/replica-pair.js';
import { storeBookable } from './bookables.fixtures.js';
import { customer, slot } from './bookings.fixtures.js';

/**
 * Locker units under concurrency, as behind a load balancer: many checkouts fired at the same moment
 * at two server processes on one database. The units of a group are reserved under advisory locks
 * (the objects' and the group's own), so however the checkouts interleave, the bookings overlapping
 * a period never hold more units than the group has; every other checkout answers a clean 409.
 */
let pair: ReplicaPair;
let clients: HttpClient[];

beforeAll(async () => {
  pair = await startReplicaPair({ name: 'Radstation Nebenläufig', mail: 'radstation@nebenlaeufig.example' });
  clients = [pair.local.client(), pair.remote.client()];
  const em = pair.local.orm.em.fork();
  const tenant = await em.findOneOrFail(Tenant, { id: pair.tenantId });
  tenant.applications = [{ id: 'pareva', type: 'locker', title: 'Pareva Schließfächer', active: true, serverUrl: '', apiKey: '', lockerId: 'RADSTATION', user: '', password: null }];
  await em.flush();
}, 120_000);
afterAll(async () => pair?.stop());

/** An object of plenty (its own amount never limits here) whose bookings each want one unit per piece of the group. */
const objectWithLockers = (title: string, unitId: string, units: number) =>
  storeBookable(pair.local, pair.tenantId, {
    title,
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    amount: 100,
    priceCategories: [],
    lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: unitId, amount: units }] },
  });

/** Units of the group held by bookings (not rejected, not released) overlapping the window, straight from PostgreSQL. */
async function heldUnits(unitId: string, window: { timeBegin: number; timeEnd: number }): Promise<{ units: number; bookings: string[] }> {
  const { rows } = await pair.sql.query<{ units: string | null; bookings: string[] | null }>(
    `select sum((unit->>'amount')::int) as units, array_agg(distinct b.number) as bookings
       from bookings b cross join lateral jsonb_array_elements(b.locker_info) unit
      where b.tenant_id = $1 and not b.is_rejected and unit->>'unitId' = $2 and unit->>'state' <> 'released'
        and b.time_begin < $4 and b.time_end > $3`,
    [pair.tenantId, unitId, new Date(window.timeBegin), new Date(window.timeEnd)],
  );
  return { units: Number(rows[0].units ?? 0), bookings: (rows[0].bookings ?? []).filter(Boolean).sort() };
}

const fireCheckouts = (bookings: { bookable: Bookable; amount: number; window: { timeBegin: number; timeEnd: number } }[]) =>
  fireAll(
    bookings.map(({ bookable, amount, window }, index) => ({
      via: index % 2 === 0 ? 'in-process' : 'child',
      send: () => clients[index % 2].post(`/api/${pair.tenantId}/checkout`, { ...window, bookableItems: [{ bookableId: bookable.id, amount }], ...customer, mail: `fach-${index}@example.com` }),
    })),
  );

describe('locker units across two server processes on one database', () => {
  it('40 parallel checkouts of two objects sharing a group of 3 units reserve exactly 3; the others answer 409', async () => {
    const cargo = await objectWithLockers('Lastenrad', 'FACH-RENNEN', 3);
    const trailer = await objectWithLockers('Anhänger', 'FACH-RENNEN', 3);
    // Different windows that all share the hour from 11:00 to 12:00 (Berlin), so any two overlap.
    const windows = [slot(10, '2027-01-12', 2), slot(11, '2027-01-12', 1), slot(11, '2027-01-12', 2)];
    const requests = Array.from({ length: 40 }, (_, n) => ({ bookable: n % 4 < 2 ? cargo : trailer, amount: 1, window: windows[n % 3] }));

    const outcomes = await fireCheckouts(requests);
    const context = JSON.stringify(tally(outcomes));
    const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && !(outcome.status === 409 && ['booking.lockers-unavailable', 'booking.busy'].includes(outcome.code ?? '')));
    expect(unexpected, context).toEqual([]);
    const accepted = outcomes.filter((outcome) => outcome.status === 200);
    // Three units in all, whichever windows won.
    expect(accepted.length, context).toBe(3);
    expect(new Set(outcomes.filter((outcome) => outcome.status === 200 || outcome.code === 'booking.lockers-unavailable').map((outcome) => outcome.via)).size, context).toBe(2);

    const held = await heldUnits('FACH-RENNEN', slot(11, '2027-01-12', 1));
    expect(held).toEqual({ units: 3, bookings: accepted.map((outcome) => outcome.id).sort() });
    expect(pair.remoteLogIsQuiet(), pair.remote.stderr()).toBe(true);
  }, 60_000);

  it('parallel checkouts of two units each never hold more than the group has', async () => {
    const bike = await objectWithLockers('Tandem', 'FACH-PAARE', 5);
    const window = slot(14, '2027-01-13');
    const outcomes = await fireCheckouts(Array.from({ length: 20 }, () => ({ bookable: bike, amount: 2, window })));
    const context = JSON.stringify(tally(outcomes));
    expect(outcomes.filter((outcome) => outcome.status === 200).length, context).toBe(2);
    expect(outcomes.filter((outcome) => outcome.status === 409).length, context).toBe(18);
    expect((await heldUnits('FACH-PAARE', window)).units).toBe(4);
  }, 60_000);
});
