import { describe, expect, it } from 'vitest';
import { OTHER_OBJECTS_COLOR, OTHER_OBJECTS_KEY, SERIES_COLORS, occupancyOf } from './occupancy';

const hall = { bookableId: 'a1', title: 'Bürgerhaus Musterstadt' };
const projector = { bookableId: 'b2', title: 'Beamer' };
const week = (begin: string, objects: { bookableId: string | null; title: string; bookedHours: number }[]) => ({
  begin,
  end: begin,
  bookings: objects.length,
  bookedHours: objects.reduce((sum, object) => sum + object.bookedHours, 0),
  objects,
});

describe('occupancy chart and table data', () => {
  it('makes one series per object and one labelled week per bar, with the hours of each object and the week total', () => {
    const occupancy = occupancyOf([
      week('2026-11-22T23:00:00.000Z', [
        { ...hall, bookedHours: 4 },
        { ...projector, bookedHours: 1.5 },
      ]),
      week('2026-11-29T23:00:00.000Z', [
        { ...hall, bookedHours: 0 },
        { ...projector, bookedHours: 2 },
      ]),
    ]);
    expect(occupancy.series).toEqual([
      { key: 'a1', title: 'Bürgerhaus Musterstadt', color: SERIES_COLORS[0] },
      { key: 'b2', title: 'Beamer', color: SERIES_COLORS[1] },
    ]);
    expect(occupancy.weeks).toEqual([
      { label: 'Woche ab 23.11.', hours: { a1: 4, b2: 1.5 }, total: 5.5 },
      { label: 'Woche ab 30.11.', hours: { a1: 0, b2: 2 }, total: 2 },
    ]);
    expect(occupancy.hasBookedHours).toBe(true);
  });

  it('keeps the summed-up further objects last and grey, and fills an object a week does not list with 0', () => {
    const occupancy = occupancyOf([
      week('2026-11-22T23:00:00.000Z', [
        { bookableId: null, title: 'Weitere Objekte', bookedHours: 1 },
        { ...hall, bookedHours: 3 },
      ]),
      week('2026-11-29T23:00:00.000Z', [{ ...projector, bookedHours: 2 }]),
    ]);
    expect(occupancy.series.map((series) => [series.title, series.color])).toEqual([
      ['Bürgerhaus Musterstadt', SERIES_COLORS[0]],
      ['Beamer', SERIES_COLORS[1]],
      ['Weitere Objekte', OTHER_OBJECTS_COLOR],
    ]);
    expect(occupancy.weeks[1].hours).toEqual({ a1: 0, b2: 2, [OTHER_OBJECTS_KEY]: 0 });
  });

  it('tells weeks without any booked hour apart, so the chart can say so instead of drawing nothing', () => {
    const occupancy = occupancyOf([week('2026-11-22T23:00:00.000Z', []), week('2026-11-29T23:00:00.000Z', [])]);
    expect(occupancy.series).toEqual([]);
    expect(occupancy.weeks.map((entry) => entry.total)).toEqual([0, 0]);
    expect(occupancy.hasBookedHours).toBe(false);
  });
});
