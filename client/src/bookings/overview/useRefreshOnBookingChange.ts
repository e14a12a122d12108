import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { BookingOverviewChangedDocument } from '../../gql/graphql';
import { coalesce } from './coalesce';

/** Long enough to merge the events of one save (booking, items, status), short enough to feel live. */
export const REFRESH_DELAY_MS = 500;

/**
 * Reads the overview again while the page is open whenever a booking of the tenant changes. The
 * overview is an aggregate of many bookings, so one event cannot be applied to it: it is re-read, once
 * per burst of events.
 */
export function useRefreshOnBookingChange(tenantId: string, refresh: () => Promise<unknown>): void {
  const latestRefresh = useRef(refresh);
  useEffect(() => {
    latestRefresh.current = refresh;
  }, [refresh]);
  // A failed refresh shows as the query's error; nothing more to do here.
  const [refreshSoon] = useState(() => coalesce(() => void latestRefresh.current().catch(() => undefined), REFRESH_DELAY_MS));
  useEffect(() => () => refreshSoon.cancel(), [refreshSoon]);
  useSubscription(BookingOverviewChangedDocument, { variables: { tenantId }, onData: () => refreshSoon.trigger() });
}
