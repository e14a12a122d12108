import type { BookingOverviewQuery } from '../../gql/graphql';
import { weekLabel } from './overviewFormat';

type OverviewWeek = BookingOverviewQuery['bookingOverview']['weeks'][number];

/** The key of the sum of the objects beyond the named ones (the server sends them without id). */
export const OTHER_OBJECTS_KEY = 'weitere-objekte';

/** One object of the chart: a stacked bar segment and a table row. */
export interface OccupancySeries {
  key: string;
  title: string;
  color: string;
}

/** One week: a bar of the chart and a table column. */
export interface OccupancyWeek {
  label: string;
  /** Booked hours by series key. */
  hours: Record<string, number>;
  total: number;
}

/** The same numbers for the chart and the table beside it. */
export interface Occupancy {
  series: OccupancySeries[];
  weeks: OccupancyWeek[];
  hasBookedHours: boolean;
}

/**
 * Colours of the named objects in chart order (Blueprint's palette, distinguishable on light and
 * dark backgrounds); the summed-up rest is grey so it does not look like one more object.
 */
export const SERIES_COLORS = ['#2d72d2', '#238551', '#c87619', '#9d3f9d', '#00a396', '#cd4246', '#d1980b', '#147eb3', '#7961db'];
export const OTHER_OBJECTS_COLOR = '#8f99a8';

/**
 * The overview's weeks as chart and table data. The server lists the same objects in the same order
 * every week; they are still collected across all weeks, so a week missing one shows 0 rather than
 * losing the object.
 */
export function occupancyOf(weeks: readonly OverviewWeek[]): Occupancy {
  const seriesByKey = new Map<string, OccupancySeries>();
  for (const week of weeks) {
    for (const object of week.objects) {
      const key = object.bookableId ?? OTHER_OBJECTS_KEY;
      if (!seriesByKey.has(key)) seriesByKey.set(key, { key, title: object.title, color: '' });
    }
  }
  // The rest goes last, whatever order it arrived in.
  const ordered = [...seriesByKey.values()].sort((a, b) => Number(a.key === OTHER_OBJECTS_KEY) - Number(b.key === OTHER_OBJECTS_KEY));
  let named = 0;
  const series = ordered.map((entry) => ({
    ...entry,
    color: entry.key === OTHER_OBJECTS_KEY ? OTHER_OBJECTS_COLOR : SERIES_COLORS[named++ % SERIES_COLORS.length],
  }));
  const occupancyWeeks = weeks.map((week) => {
    const hours = Object.fromEntries(series.map((entry) => [entry.key, 0]));
    for (const object of week.objects) hours[object.bookableId ?? OTHER_OBJECTS_KEY] = object.bookedHours;
    return { label: weekLabel(week.begin), hours, total: week.bookedHours };
  });
  return { series, weeks: occupancyWeeks, hasBookedHours: occupancyWeeks.some((week) => week.total > 0) };
}
