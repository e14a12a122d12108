import { Classes, type Intent } from '@blueprintjs/core';
import type { BookingStatusLabel } from '../../../../common/bookings/labels';
import { cx } from '../../shared/cx';

const statusIntents: Record<BookingStatusLabel, Intent> = { ausstehend: 'warning', freigegeben: 'success', abgelehnt: 'danger', storniert: 'danger' };

/**
 * A tag's look without Blueprint's Tag component: that one measures its text after every render
 * (to offer a title when cut off), which forces the browser to lay out the page once per tag, and
 * the list re-renders its rows with every keystroke of the search.
 */
function PlainTag({ intent, minimal, children }: { intent: Intent; minimal?: boolean; children: string }) {
  return <span className={cx(Classes.TAG, Classes.intentClass(intent), minimal && Classes.MINIMAL)}>{children}</span>;
}

/** The status word, coloured: waiting, released, rejected or cancelled (filled: the light tints lack contrast). */
export function StatusTag({ status }: { status: BookingStatusLabel }) {
  return <PlainTag intent={statusIntents[status]}>{status}</PlainTag>;
}

export function PaymentTag({ payment }: { payment: 'bezahlt' | 'ausstehend' }) {
  return (
    <PlainTag minimal intent={payment === 'bezahlt' ? 'success' : 'none'}>
      {payment}
    </PlainTag>
  );
}
