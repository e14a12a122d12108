import { useQuery } from '@apollo/client/react';
import { Button, Callout, Classes, H2, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { BookingOverviewDocument } from '../../gql/graphql';
import { cx } from '../../shared/cx';
import { OccupancySection } from './OccupancySection';
import { formatCount } from './overviewFormat';
import { type OverviewTask, overviewTasks } from './overviewTasks';
import { useRefreshOnBookingChange } from './useRefreshOnBookingChange';
import './overview.css';

/** This week and the five after it: about the horizon of a room's booking requests. */
export const OVERVIEW_WEEKS = 6;

function TaskCard({ task }: { task: OverviewTask }) {
  return (
    <li>
      <Link to={task.link} className={cx(Classes.CARD, Classes.INTERACTIVE, 'overview-task', task.needsAction && 'overview-task-needs-action')}>
        <span className="overview-task-label">{task.label}</span>
        <span className="overview-task-count">{formatCount(task.count)}</span>
        <span className={cx(Classes.TEXT_MUTED, 'overview-task-detail')}>{task.detail}</span>
      </Link>
    </li>
  );
}

/**
 * The staff's start page for one tenant: what waits for release, today's and this week's bookings,
 * unpaid released ones (each linking to the bookings list with that filter) and the occupancy of the
 * coming weeks. Kept up to date while open. Only for people who may read the tenant's bookings.
 */
export function BookingOverviewPanel({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const { data, error, refetch } = useQuery(BookingOverviewDocument, { variables: { tenantId, weeks: OVERVIEW_WEEKS }, fetchPolicy: 'cache-and-network' });
  useRefreshOnBookingChange(tenantId, refetch);
  const overview = data?.bookingOverview;
  if (error) console.error('Übersicht nicht geladen:', error);

  return (
    <section className="booking-overview" aria-labelledby="booking-overview-title">
      <H2 id="booking-overview-title">Übersicht</H2>
      <p className={Classes.TEXT_MUTED}>{tenantName}</p>
      {overview ? (
        <>
          <ul className="overview-tasks" aria-label="Buchungen nach Stand">
            {overviewTasks(overview).map((task) => (
              <TaskCard key={task.key} task={task} />
            ))}
          </ul>
          <OccupancySection weeks={overview.weeks} />
        </>
      ) : error ? (
        <Callout intent="danger" title="Die Übersicht konnte nicht geladen werden.">
          <Button text="Erneut versuchen" onClick={() => void refetch().catch(() => undefined)} />
        </Callout>
      ) : (
        <Spinner aria-label="Daten werden geladen..." />
      )}
    </section>
  );
}
