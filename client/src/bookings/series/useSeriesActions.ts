import { useMutation } from '@apollo/client/react';
import { type BookingSeriesChangeInput, CancelStaffBookingSeriesDocument, ChangeStaffBookingSeriesDocument, CommitStaffBookingSeriesDocument, MarkStaffBookingSeriesPaidDocument } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';
import type { SeriesCancelScope } from './SeriesCancelDialog';
import { applySeriesAnswer } from './seriesCache';
import { seriesMessages } from './seriesMessages';
import type { SeriesActionRunners } from './SeriesSection';

/**
 * The series-wide actions for the details dialog's series section: each tells how it went in a
 * toast, and its answer, the series with every date's new state, lands in Apollo's cache: the
 * series itself (normalized) and each date's booking wherever it is loaded (applySeriesAnswer),
 * so list, board, calendar and the dialog show it without reading again. The change of a series
 * answers (or throws) to its dialog, which shows the outcome at its fields.
 */
export function useSeriesActions(tenantId: string): SeriesActionRunners {
  const [commit, { loading: releasing }] = useMutation(CommitStaffBookingSeriesDocument, {
    update: (cache, { data }) => {
      if (data) applySeriesAnswer(cache, data.commitBookingSeries);
    },
  });
  const [cancelMutation] = useMutation(CancelStaffBookingSeriesDocument, {
    update: (cache, { data }) => {
      if (data) applySeriesAnswer(cache, data.cancelBookingSeries);
    },
  });

  const [markPaidMutation] = useMutation(MarkStaffBookingSeriesPaidDocument, {
    update: (cache, { data }) => {
      if (data) applySeriesAnswer(cache, data.markBookingSeriesPaid);
    },
  });

  const [changeMutation] = useMutation(ChangeStaffBookingSeriesDocument, {
    // A simulation changes nothing; a change's series (normalized, with its new dates) is in the
    // cache by its answer, and the cancelled dates' states go into their loaded bookings.
    update: (cache, { data }) => {
      if (data && !data.changeBookingSeries.simulated) applySeriesAnswer(cache, data.changeBookingSeries.series);
    },
  });

  const change = async (seriesId: string, input: BookingSeriesChangeInput, simulate: boolean) => {
    const { data } = await changeMutation({ variables: { tenantId, id: seriesId, input, simulate } });
    if (!data) throw new Error('Keine Antwort auf changeBookingSeries');
    return data.changeBookingSeries;
  };

  const releaseAll = async (seriesId: string) => {
    try {
      const { data } = await commit({ variables: { tenantId, id: seriesId } });
      if (!data) throw new Error('Keine Antwort auf commitBookingSeries');
      notify({ type: 'success', ...seriesMessages.released });
      return true;
    } catch (error) {
      console.error('Serie nicht freigegeben:', error);
      notifyError(error, seriesMessages.releaseError);
      return false;
    }
  };

  const cancel = async (seriesId: string, scope: SeriesCancelScope, fromBookingId: string | null, reason: string) => {
    try {
      const { data } = await cancelMutation({ variables: { tenantId, id: seriesId, scope, fromBookingId, reason } });
      if (!data) throw new Error('Keine Antwort auf cancelBookingSeries');
      notify({ type: 'success', ...seriesMessages.cancelled });
      return true;
    } catch (error) {
      console.error('Serie nicht storniert:', error);
      notifyError(error, seriesMessages.cancelError);
      return false;
    }
  };

  const markPaid = async (seriesId: string, paymentMethod: string) => {
    try {
      const { data } = await markPaidMutation({ variables: { tenantId, id: seriesId, paymentMethod } });
      if (!data) throw new Error('Keine Antwort auf markBookingSeriesPaid');
      notify({ type: 'success', ...seriesMessages.markedPaid });
      return true;
    } catch (error) {
      console.error('Serie nicht als bezahlt markiert:', error);
      notifyError(error, seriesMessages.markPaidError);
      return false;
    }
  };

  return { releaseAll, cancel, change, markPaid, releasing };
}
