import { ReasonDialog } from '../staff/ReasonDialog';
import { datesText } from './seriesText';

/** FOLLOWING: the given date and every later one; ALL: the whole series. */
export type SeriesCancelScope = 'FOLLOWING' | 'ALL';

export const seriesCancelTitles: Record<SeriesCancelScope, string> = {
  FOLLOWING: 'Diesen und alle folgenden Termine stornieren',
  ALL: 'Ganze Serie stornieren',
};

/**
 * Cancelling several dates of a series at once, after asking, with an optional reason mailed to the
 * customer, like the single booking's cancel dialog; 800 px wide. `onConfirm` runs the cancellation
 * and tells whether it worked (its toast is its own); the dialog stays open when it did not.
 */
export function SeriesCancelDialog({ scope, description, customer, dayFrom, count, onConfirm, onClose }: {
  scope: SeriesCancelScope;
  description: string;
  customer: string;
  /** The first date cancelled ("Di, 03.11.2027") when cancelling from a date on. */
  dayFrom: string | null;
  /** How many dates are not yet cancelled or rejected in the scope. */
  count: number;
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const title = seriesCancelTitles[scope];
  const which = scope === 'ALL' || !dayFrom ? 'alle offenen Termine' : `den Termin am ${dayFrom} und alle folgenden`;
  const submit = async (reason: string) => {
    if (await onConfirm(reason)) onClose();
  };
  return (
    <ReasonDialog
      title={title}
      question={`Möchten Sie ${which} (${datesText(count)}) der Serie „${description}“ von ${customer || 'unbekannt'} wirklich stornieren?`}
      submitText={title}
      reasonId="series-cancel-reason"
      reasonHint="(optional, wird der Kundin oder dem Kunden mitgeteilt)"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
