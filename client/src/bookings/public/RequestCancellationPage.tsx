import './publicBooking.css';
import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { RequestBookingCancellationDocument } from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { TextAreaField, TextField } from '../../shared/forms/TextField';
import { PublicPage } from '../../shared/PublicPage';
import { IncompleteLinkPage } from '../../shared/IncompleteLinkPage';
import { notifyError } from '../../shared/toast';
import { required } from '../../shared/validation';
import { normalizeBookingNumber, parseBookingLookup } from './bookingLinks';
import { publicErrorInfo, verifyBookingOwnership } from './publicBookingApi';

const TITLE = 'Stornierung anfragen';
const requestFailed = { title: 'Anfrage fehlgeschlagen', message: 'Die Stornierung konnte nicht angefragt werden. Bitte versuchen Sie es später erneut.' };

interface CancellationValues {
  bookingId: string;
  name: string;
  reason: string;
}

/**
 * /booking/request-reject/{tenantId}?id=: the customer asks to cancel. The name must be the
 * booking's; then a confirmation link goes to the booking's e-mail address, and nothing changes
 * until it is opened.
 */
export default function RequestCancellationPage() {
  const { tenantId } = useParams();
  const [search] = useSearchParams();
  const lookup = parseBookingLookup(tenantId, search);
  const [requestCancellation] = useMutation(RequestBookingCancellationDocument);
  const failedSave = useFailedSaveFeedback<CancellationValues>();
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  // Too many wrong names or requests: the server's message says when to try again; it stays on the page.
  const [tooMany, setTooMany] = useState<{ title: string; message: string } | null>(null);

  if (!lookup) {
    return <IncompleteLinkPage title={TITLE}>Der Link nennt keinen Mandanten. Bitte öffnen Sie den Link aus Ihrer Bestätigung per E-Mail.</IncompleteLinkPage>;
  }
  if (requestedFor) {
    return (
      <PublicPage title={TITLE}>
        <Callout intent="success" title="Bitte bestätigen Sie die Stornierung" className="public-callout">
          Wir haben eine E-Mail an die Adresse der Buchung {requestedFor} gesendet. Erst wenn Sie den Link darin öffnen und bestätigen, wird die Buchung storniert; ohne Bestätigung bleibt sie bestehen.
        </Callout>
      </PublicPage>
    );
  }

  const onSubmit = async (values: CancellationValues) => {
    const id = normalizeBookingNumber(values.bookingId);
    try {
      await verifyBookingOwnership(lookup.tenantId, id, values.name.trim());
      await requestCancellation({ variables: { tenantId: lookup.tenantId, id, reason: values.reason?.trim() || null } });
      setRequestedFor(id);
      return undefined;
    } catch (error) {
      const { code, title, message } = publicErrorInfo(error);
      const notice = { [FORM_ERROR]: { title: title ?? requestFailed.title, message } };
      if (code === 'AUTH_RATE_LIMITED') {
        setTooMany({ title: title ?? 'Zu viele Versuche', message: message ?? requestFailed.message });
        return notice;
      }
      setTooMany(null);
      if (code === 'BOOKING_NAME_MISMATCH') return { name: message, ...notice };
      if (code === 'GENERIC_NOT_FOUND') return { bookingId: 'Diese Buchungsnummer ist nicht bekannt.', ...notice };
      notifyError(error, requestFailed);
      return undefined;
    }
  };

  return (
    <PublicPage title={TITLE}>
      <p>Sie möchten Ihre Buchung stornieren? Zur Sicherheit schicken wir Ihnen danach einen Link zur Bestätigung an die E-Mail-Adresse der Buchung.</p>
      {tooMany ? (
        <Callout intent="warning" title={tooMany.title} className="public-callout" role="alert">
          {tooMany.message}
        </Callout>
      ) : null}
      <Form<CancellationValues>
        onSubmit={onSubmit}
        decorators={failedSave.decorators}
        initialValues={{ bookingId: lookup.bookingId, name: lookup.name, reason: '' }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField name="bookingId" id="cancel-booking-id" label="Buchungsnummer" autoComplete="off" validate={required()} autoFocus={!lookup.bookingId} />
            <TextField name="name" id="cancel-name" label="Name (wie bei der Buchung angegeben)" autoComplete="name" validate={required()} autoFocus={Boolean(lookup.bookingId) && !lookup.name} />
            <TextAreaField name="reason" id="cancel-reason" label="Grund der Stornierung" optional rows={4} hint="Die Verwaltung sieht den Grund mit Ihrer Anfrage." />
            <Button type="submit" intent="danger" text="Stornierung anfragen" loading={submitting} fill />
          </form>
        )}
      />
    </PublicPage>
  );
}
