import type { BookingOverviewQuery } from '../../gql/graphql';
import { bookingListLink } from './bookingListLinks';
import { dayWindowLabel, daysWindowLabel } from './overviewFormat';

export type BookingOverview = BookingOverviewQuery['bookingOverview'];

/** One card of the start page: a count and where the bookings behind it are listed. */
export interface OverviewTask {
  key: 'awaitingRelease' | 'today' | 'thisWeek' | 'unpaidReleased';
  label: string;
  count: number;
  /** What the count covers or what to do about it. */
  detail: string;
  /** The bookings list with the filter that finds these bookings. */
  link: string;
  /** Bookings someone has to act on (release, payment), as opposed to the calendar's. */
  needsAction: boolean;
}

export function overviewTasks(overview: BookingOverview): OverviewTask[] {
  const { awaitingRelease, unpaidReleased, today, thisWeek } = overview;
  return [
    {
      key: 'awaitingRelease',
      label: 'Buchungen warten auf Freigabe',
      count: awaitingRelease,
      detail: 'Freigeben oder ablehnen',
      link: bookingListLink({ status: 'PENDING' }),
      needsAction: awaitingRelease > 0,
    },
    {
      key: 'today',
      label: 'Buchungen heute',
      count: today.count,
      detail: dayWindowLabel(today.begin),
      link: bookingListLink({ from: today.begin, to: today.end }),
      needsAction: false,
    },
    {
      key: 'thisWeek',
      label: 'Buchungen diese Woche',
      count: thisWeek.count,
      detail: daysWindowLabel(thisWeek.begin, thisWeek.end),
      link: bookingListLink({ from: thisWeek.begin, to: thisWeek.end }),
      needsAction: false,
    },
    {
      key: 'unpaidReleased',
      label: 'Freigegeben, nicht bezahlt',
      count: unpaidReleased,
      detail: 'Zahlungseingang prüfen',
      link: bookingListLink({ status: 'RELEASED_UNPAID' }),
      needsAction: unpaidReleased > 0,
    },
  ];
}
