import { type Intent, Tag } from '@blueprintjs/core';
import type { BookingStatusLabel } from '../../../../common/bookings/labels';

const statusIntents: Record<BookingStatusLabel, Intent> = { ausstehend: 'warning', freigegeben: 'success', abgelehnt: 'danger', storniert: 'danger' };

/** The status word, coloured: waiting, released, rejected or cancelled (filled: the light tints lack contrast). */
export function StatusTag({ status }: { status: BookingStatusLabel }) {
  return (
    <Tag intent={statusIntents[status]}>
      {status}
    </Tag>
  );
}

export function PaymentTag({ payment }: { payment: 'bezahlt' | 'ausstehend' }) {
  return (
    <Tag minimal intent={payment === 'bezahlt' ? 'success' : 'none'}>
      {payment}
    </Tag>
  );
}
