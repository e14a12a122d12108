import './publicBooking.css';
import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ConfirmBookingCancellationDocument } from '../../gql/graphql';
import { PublicPage } from '../../shared/PublicPage';
import { IncompleteLinkPage } from '../../shared/IncompleteLinkPage';
import { errorInfo, notify } from '../../shared/toast';
import { parseCancellationConfirmation } from './bookingLinks';

const TITLE = 'Stornierung bestätigen';

type Outcome = { kind: 'asking' } | { kind: 'cancelled' } | { kind: 'refused'; title: string; message: string };

/**
 * /booking/verify-reject/{tenantId}?id=&hookId=: behind the mailed confirmation link. The booking is
 * cancelled only with the button, so a mail program that opens links on its own cancels nothing.
 */
export default function ConfirmCancellationPage() {
  const { tenantId } = useParams();
  const [search] = useSearchParams();
  const link = parseCancellationConfirmation(tenantId, search);
  const [confirm, { loading }] = useMutation(ConfirmBookingCancellationDocument);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'asking' });

  if (!link) {
    return <IncompleteLinkPage title={TITLE}>Der Link ist nicht vollständig. Bitte öffnen Sie ihn direkt aus der E-Mail oder kopieren Sie ihn ganz in die Adresszeile.</IncompleteLinkPage>;
  }

  const onConfirm = async () => {
    try {
      await confirm({ variables: { tenantId: link.tenantId, id: link.bookingId, hookId: link.hookId } });
      setOutcome({ kind: 'cancelled' });
      notify({ type: 'success', title: 'Buchung storniert', message: `Die Buchung ${link.bookingId} ist storniert.` });
    } catch (error) {
      const info = errorInfo(error);
      const refused = { title: info.title ?? 'Stornierung fehlgeschlagen', message: info.message ?? 'Bitte versuchen Sie es später erneut.' };
      setOutcome({ kind: 'refused', ...refused });
      notify({ type: 'danger', ...refused });
    }
  };

  if (outcome.kind === 'cancelled') {
    return (
      <PublicPage title="Buchung storniert">
        <Callout intent="success" title="Die Buchung ist storniert" className="public-callout">
          Ihre Buchung {link.bookingId} wurde storniert. Eine Bestätigung erhalten Sie per E-Mail.
        </Callout>
      </PublicPage>
    );
  }
  return (
    <PublicPage title={TITLE}>
      {outcome.kind === 'refused' ? (
        <Callout intent="warning" title={outcome.title} className="public-callout">
          {outcome.message}
        </Callout>
      ) : null}
      <p>
        Möchten Sie die Buchung <strong className="booking-number-inline">{link.bookingId}</strong> wirklich stornieren? Das lässt sich nicht rückgängig machen.
      </p>
      <Button intent="danger" text="Buchung jetzt stornieren" loading={loading} onClick={() => void onConfirm()} fill />
      <p className="bp6-text-muted keep-booking-note">Möchten Sie die Buchung behalten, schließen Sie diese Seite einfach.</p>
    </PublicPage>
  );
}
