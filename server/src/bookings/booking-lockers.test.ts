import { describe, expect, it } from 'vitest';
import { activeLockerSystems, freeUnits, lockerActivationJobs, lockerDemands, lockerGroupKey, lockerReleaseJobs, lockerShortage, type LockerBooking } from './booking-lockers.js';
import type { LockerReservation } from './booking.model.js';

const bike = { id: 'bike', lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'P-1', amount: 4 }] } };
const helmet = { id: 'helmet', lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'P-1', amount: 3 }, { lockerSystem: 'pareva', id: 'P-2', amount: 1 }] } };

describe('free locker units', () => {
  it('are the configured amount less what others hold, never below zero', () => {
    expect(freeUnits(4, 0)).toBe(4);
    expect(freeUnits(4, 3)).toBe(1);
    expect(freeUnits(4, 6)).toBe(0);
  });

  it('are asked for by objects with active locker details in active locker applications, one unit per booked piece', () => {
    expect(lockerDemands([{ record: bike, amount: 2 }], ['pareva'])).toEqual([{ lockerSystem: 'pareva', unitId: 'P-1', bookableId: 'bike', amount: 2, capacity: 4 }]);
    expect(lockerDemands([{ record: bike, amount: 2 }], [])).toEqual([]);
    expect(lockerDemands([{ record: { ...bike, lockerDetails: { ...bike.lockerDetails, active: false } }, amount: 2 }], ['pareva'])).toEqual([]);
  });

  it('run short when a group is asked for more than is free; objects sharing a group add up and the smallest amount counts', () => {
    const demands = lockerDemands([{ record: bike, amount: 1 }, { record: helmet, amount: 1 }], ['pareva']);
    expect(lockerShortage(demands, new Map())).toBeNull();
    expect(lockerShortage(demands, new Map([[lockerGroupKey('pareva', 'P-1'), 1]]))).toBeNull();
    expect(lockerShortage(demands, new Map([[lockerGroupKey('pareva', 'P-1'), 2]]))).toEqual({ lockerSystem: 'pareva', unitId: 'P-1', wanted: 2, free: 1 });
    expect(lockerShortage(demands, new Map([[lockerGroupKey('pareva', 'P-2'), 1]]))).toEqual({ lockerSystem: 'pareva', unitId: 'P-2', wanted: 1, free: 0 });
  });

  it('come from the active locker applications only', () => {
    expect(
      activeLockerSystems([
        { id: 'pareva', type: 'locker', active: true },
        { id: 'giroCockpit', type: 'payment', active: true },
        { id: 'other', type: 'locker', active: false },
      ]),
    ).toEqual(['pareva']);
  });
});

describe('locker jobs of a booking', () => {
  const unit = (id: string, state: LockerReservation['state']): LockerReservation => ({ id, lockerSystem: 'pareva', unitId: 'P-1', bookableId: 'bike', amount: 1, state });
  const booking = (units: LockerReservation[]): LockerBooking => ({
    key: 'k',
    number: 'ABCD-EFGH',
    tenant: { id: 't' },
    timeBegin: new Date('2026-12-01T09:00:00Z'),
    timeEnd: new Date('2026-12-01T10:00:00Z'),
    lockerInfo: units,
  });

  it('activate the units the locker system does not know yet', () => {
    const jobs = lockerActivationJobs(booking([unit('a', 'reserved'), unit('b', 'active'), unit('c', 'failed')]));
    expect(jobs).toHaveLength(1);
    expect((jobs[0].payload.units as { id: string }[]).map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(jobs[0].payload).toMatchObject({ action: 'activate', timeBegin: Date.parse('2026-12-01T09:00:00Z'), timeEnd: Date.parse('2026-12-01T10:00:00Z') });
    expect(lockerActivationJobs(booking([unit('b', 'active')]))).toEqual([]);
  });

  it('release reserved units at once and the others through the locker system', () => {
    const held = booking([unit('a', 'reserved'), unit('b', 'active'), unit('c', 'failed')]);
    const jobs = lockerReleaseJobs(held);
    expect(held.lockerInfo.map((entry) => entry.state)).toEqual(['released', 'active', 'failed']);
    expect((jobs[0].payload.units as { id: string }[]).map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(lockerReleaseJobs(booking([unit('a', 'reserved')]))).toEqual([]);
  });

  it('release only the chosen units when told which', () => {
    const held = booking([unit('a', 'reserved'), { ...unit('b', 'active'), bookableId: 'helmet' }, unit('c', 'active')]);
    const jobs = lockerReleaseJobs(held, (entry) => entry.id !== 'b');
    expect(held.lockerInfo.map((entry) => entry.state)).toEqual(['released', 'active', 'active']);
    expect((jobs[0].payload.units as { id: string }[]).map((entry) => entry.id)).toEqual(['c']);
  });

  it('need a period', () => {
    expect(lockerActivationJobs({ ...booking([unit('a', 'reserved')]), timeBegin: null })).toEqual([]);
  });
});
