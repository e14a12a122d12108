import { useQuery } from '@apollo/client/react';
import { Button, H5 } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { StaffBookingHistoryDocument } from '../../gql/graphql';
import { historyLine } from './bookingHistory';

const PAGE = 20;

/**
 * "Verlauf": what happened to the booking, newest first, 20 at a time ("Mehr laden" appends the
 * next page in the cache, bookingCachePolicy.ts). Read again whenever the booking in the dialog
 * changes (`version`), so a release or payment made in the dialog shows up at once. Works for a
 * deleted booking too: its history outlives it.
 */
export function BookingHistory({ tenantId, bookingId, version }: { tenantId: string; bookingId: string; version?: unknown }) {
  const { data, error, refetch, fetchMore } = useQuery(StaffBookingHistoryDocument, { variables: { tenantId, id: bookingId, first: PAGE }, fetchPolicy: 'network-only' });
  const [loadingMore, setLoadingMore] = useState(false);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void refetch();
  }, [version, refetch]);

  const first = data?.bookingHistory;
  const entries = first?.entries ?? [];
  const nextCursor = first?.nextCursor ?? null;

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: nextCursor } });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section aria-labelledby="booking-history-heading">
      <H5 id="booking-history-heading">Verlauf</H5>
      {error ? (
        <p className="bp6-text-muted">Der Verlauf konnte nicht geladen werden.</p>
      ) : !first ? (
        <p className="bp6-text-muted">Verlauf wird geladen …</p>
      ) : entries.length === 0 ? (
        <p className="bp6-text-muted">Noch keine Einträge.</p>
      ) : (
        <ol className="booking-history" aria-label="Verlauf">
          {entries.map(historyLine).map((line) => (
            <li key={line.id}>
              <div>
                <time dateTime={line.at}>{line.when}</time> · <strong>{line.action}</strong> · <span>{line.actor}</span>
              </div>
              {line.changes.length > 0 && (
                <ul className="booking-history-changes">
                  {line.changes.map((change, index) => (
                    <li key={index}>{change}</li>
                  ))}
                </ul>
              )}
              {line.reason && <div className="bp6-text-muted">Grund: {line.reason}</div>}
            </li>
          ))}
        </ol>
      )}
      {nextCursor && <Button text="Mehr laden" loading={loadingMore} onClick={() => void loadMore()} />}
    </section>
  );
}
