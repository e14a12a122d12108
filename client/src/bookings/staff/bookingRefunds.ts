import { paymentMethodLabels, paymentProviderLabel } from '../../../../common/bookings/labels';
import type { StaffBookingRefundFragment } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';

const stateTexts: Record<StaffBookingRefundFragment['state'], string> = {
  OPEN: 'offen',
  COMPLETED: 'erstattet',
  FAILED: 'fehlgeschlagen',
};

/** How the money goes back, in German: a payment method ("Überweisung") or the provider ("Testzahlung"). */
export function refundWayText(way: string): string {
  return Object.hasOwn(paymentMethodLabels, way) ? paymentMethodLabels[way as keyof typeof paymentMethodLabels] : (paymentProviderLabel(way) ?? way);
}

/** One refund in a line: "95,00 € per Überweisung – offen seit 03.05.2027, 10:00" or "… – erstattet am … von …". */
export function refundLine(refund: Pick<StaffBookingRefundFragment, 'amountCents' | 'way' | 'state' | 'createdAt' | 'completedAt' | 'completedBy'>): string {
  const head = `${formatCurrency(refund.amountCents / 100)} per ${refundWayText(refund.way)}`;
  if (refund.state === 'COMPLETED' && refund.completedAt) {
    return `${head} – ${stateTexts.COMPLETED} am ${formatDateTime(refund.completedAt)}${refund.completedBy ? ` von ${refund.completedBy}` : ''}`;
  }
  return `${head} – ${stateTexts[refund.state]} seit ${formatDateTime(refund.createdAt)}`;
}

/** Whether the staff still have to pay it back (and may mark it so): open, or failed online. */
export const awaitsStaff = (refund: Pick<StaffBookingRefundFragment, 'state'>) => refund.state !== 'COMPLETED';
