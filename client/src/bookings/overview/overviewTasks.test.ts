import { describe, expect, it } from 'vitest';
import { type BookingOverview, overviewTasks } from './overviewTasks';

const overview: BookingOverview = {
  awaitingRelease: 3,
  unpaidReleased: 0,
  today: { begin: '2026-11-23T23:00:00.000Z', end: '2026-11-24T23:00:00.000Z', count: 2 },
  thisWeek: { begin: '2026-11-22T23:00:00.000Z', end: '2026-11-29T23:00:00.000Z', count: 5 },
  weeks: [],
};

describe('the start page cards', () => {
  it('show the four counts in a fixed order, each linking to the list filter that finds its bookings', () => {
    expect(overviewTasks(overview).map(({ label, count, link }) => ({ label, count, link }))).toEqual([
      { label: 'Buchungen warten auf Freigabe', count: 3, link: '/admin/buchungen?status=PENDING' },
      { label: 'Buchungen heute', count: 2, link: '/admin/buchungen?from=2026-11-23T23%3A00%3A00.000Z&to=2026-11-24T23%3A00%3A00.000Z' },
      { label: 'Buchungen diese Woche', count: 5, link: '/admin/buchungen?from=2026-11-22T23%3A00%3A00.000Z&to=2026-11-29T23%3A00%3A00.000Z' },
      { label: 'Freigegeben, nicht bezahlt', count: 0, link: '/admin/buchungen?status=RELEASED_UNPAID' },
    ]);
  });

  it('name the days of the time windows', () => {
    const [, today, thisWeek] = overviewTasks(overview);
    expect(today.detail).toBe('Dienstag, 24.11.2026');
    expect(thisWeek.detail).toBe('23.11.–29.11.2026');
  });

  it('ask for action only where open tasks are waiting', () => {
    expect(overviewTasks(overview).filter((task) => task.needsAction).map((task) => task.key)).toEqual(['awaitingRelease']);
    expect(overviewTasks({ ...overview, awaitingRelease: 0, unpaidReleased: 1 }).filter((task) => task.needsAction).map((task) => task.key)).toEqual([
      'unpaidReleased',
    ]);
  });
});
