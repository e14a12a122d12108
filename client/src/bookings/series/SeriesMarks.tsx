import { useQuery } from '@apollo/client/react';
import { Classes, Icon } from '@blueprintjs/core';
import { StaffBookingSeriesDocument } from '../../gql/graphql';
import { cx } from '../../shared/cx';
import { SERIES_MARK, seriesTagName } from './seriesText';
import './series.css';

/**
 * The list's tag of a booking that belongs to a series: "Serie", with the rule's German description
 * as tooltip and for screen readers. The series is read once for all its dates (Apollo's cache
 * answers the other rows); until then the tag says "Serie" alone.
 */
export function SeriesTag({ tenantId, seriesId }: { tenantId: string; seriesId: string }) {
  const { data } = useQuery(StaffBookingSeriesDocument, { variables: { tenantId, id: seriesId }, fetchPolicy: 'cache-first' });
  const description = data?.bookingSeries.rule.description;
  return (
    <span className={cx(Classes.TAG, Classes.MINIMAL, Classes.intentClass('primary'), 'series-tag')} title={seriesTagName(description)}>
      Serie
      {description && <span className="sr-only">: {description}</span>}
    </span>
  );
}

/** The board's and the calendar's small mark of a series booking, read as "Teil einer Serie". */
export function SeriesMarker() {
  return (
    <span className="series-marker" title={SERIES_MARK}>
      <Icon icon="repeat" size={12} aria-hidden />
      <span className="sr-only">{SERIES_MARK}</span>
    </span>
  );
}
