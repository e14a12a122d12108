import { useMutation } from '@apollo/client/react';
import { Button, H5 } from '@blueprintjs/core';
import { CompleteBookingRefundDocument, type StaffBookingRefundFragment } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';
import { awaitsStaff, refundLine } from './bookingRefunds';

/**
 * The money given back after the customer's cancellations: each refund with amount, way and state.
 * One the staff pay back themselves (cash, bank transfer, a failed online one) is marked as paid
 * back here ("Als erstattet markieren") by those who may change the booking; the answer updates
 * the refund in Apollo's cache.
 */
export function BookingRefunds({ tenantId, refunds, mayComplete }: { tenantId: string; refunds: readonly StaffBookingRefundFragment[]; mayComplete: boolean }) {
  const [complete, { loading }] = useMutation(CompleteBookingRefundDocument);
  if (refunds.length === 0) return null;
  const markCompleted = async (refund: StaffBookingRefundFragment) => {
    try {
      await complete({ variables: { tenantId, refundId: refund.id } });
      notify({ type: 'success', title: 'Erstattung erledigt', message: refundLine({ ...refund, state: 'COMPLETED', completedAt: null }) });
    } catch (error) {
      console.error('Erstattung nicht abgeschlossen:', error);
      notifyError(error, { title: 'Erstattung nicht abgeschlossen', message: 'Bitte versuchen Sie es erneut.' });
    }
  };
  return (
    <>
      <H5>Erstattungen</H5>
      <ul className="booking-refunds" aria-label="Erstattungen">
        {refunds.map((refund) => (
          <li key={refund.id}>
            {refundLine(refund)}
            {refund.reason && <span className="bp6-text-muted"> – Grund: {refund.reason}</span>}
            {refund.state === 'FAILED' && refund.failure && <span className="bp6-text-muted"> ({refund.failure})</span>}
            {mayComplete && awaitsStaff(refund) && (
              <Button size="small" variant="outlined" icon="tick" text="Als erstattet markieren" loading={loading} onClick={() => void markCompleted(refund)} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
