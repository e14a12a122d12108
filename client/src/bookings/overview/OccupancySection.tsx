import { Classes, H3 } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import type { BookingOverviewQuery } from '../../gql/graphql';
import { occupancyOf } from './occupancy';
import { OccupancyTable } from './OccupancyTable';

// The charting library is large: it loads after the numbers are on screen, never with the login page.
const OccupancyChart = lazy(() => import('./OccupancyChart'));

/** Booked hours per week and object: a stacked bar chart for the eye, the same numbers as a table for everyone. */
export function OccupancySection({ weeks }: { weeks: BookingOverviewQuery['bookingOverview']['weeks'] }) {
  const occupancy = useMemo(() => occupancyOf(weeks), [weeks]);
  return (
    <section className="occupancy" aria-labelledby="occupancy-title">
      <H3 id="occupancy-title">Belegung der kommenden Wochen</H3>
      {occupancy.hasBookedHours ? (
        <Suspense fallback={<div className="occupancy-chart" />}>
          <OccupancyChart occupancy={occupancy} />
        </Suspense>
      ) : (
        <p className={Classes.TEXT_MUTED}>In den kommenden Wochen ist nichts gebucht.</p>
      )}
      <OccupancyTable occupancy={occupancy} />
    </section>
  );
}
