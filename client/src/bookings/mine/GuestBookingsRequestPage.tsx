import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { bookingsLinkMessages, bookingsLinkRequestedMessage } from '../../../../common/bookings/my-bookings.schema';
import { RequestMyBookingsLinkDocument } from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { TextField } from '../../shared/forms/TextField';
import { PublicPage } from '../../shared/PublicPage';
import { errorInfo, notifyError } from '../../shared/toast';
import { compose, email, required } from '../../shared/validation';

interface LinkRequestValues {
  mail: string;
}

const requestFailed = { title: 'Nicht gesendet', message: 'Der Link konnte nicht angefordert werden. Bitte versuchen Sie es erneut.' };

/**
 * /meine-buchungen: "Meine Buchungen" without an account. The guest names the address they booked
 * with; if any tenant holds a booking made with it, a link to the list is mailed. The page answers
 * the same for every address, as the server does, so it never tells whether an address booked.
 */
export default function GuestBookingsRequestPage() {
  const [requestLink] = useMutation(RequestMyBookingsLinkDocument);
  const failedSave = useFailedSaveFeedback<LinkRequestValues>();
  const [requested, setRequested] = useState(false);

  const onSubmit = async (values: LinkRequestValues) => {
    try {
      await requestLink({ variables: { mail: values.mail.trim() } });
      setRequested(true);
      return undefined;
    } catch (failure) {
      const { code, title, message } = errorInfo(failure);
      // Too many requests, or an address the server refuses: shown under the field, which gets the focus.
      if (code === 'AUTH_RATE_LIMITED' || code === 'GENERIC_VALIDATION') return { mail: message ?? bookingsLinkMessages.mailInvalid, [FORM_ERROR]: { title: title ?? requestFailed.title, message } };
      notifyError(failure, requestFailed);
      return undefined;
    }
  };

  return (
    <PublicPage title="Meine Buchungen">
      {requested ? (
        <Callout intent="success" icon="envelope" title="Anfrage erhalten" className="public-callout" role="status">
          {bookingsLinkRequestedMessage} Der Link ist 24 Stunden gültig.
        </Callout>
      ) : (
        <>
          <p>Sie haben ohne Benutzerkonto gebucht? Geben Sie die E-Mail-Adresse an, mit der Sie gebucht haben. Wir senden Ihnen einen Link zu einer Übersicht Ihrer Buchungen bei allen Stellen.</p>
          <Form<LinkRequestValues>
            onSubmit={onSubmit}
            decorators={failedSave.decorators}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
                <TextField name="mail" id="guest-bookings-mail" label="E-Mail" type="email" autoComplete="email" autoFocus validate={compose(required(bookingsLinkMessages.mailRequired), email)} />
                <Button type="submit" intent="primary" text="Link anfordern" loading={submitting} fill />
              </form>
            )}
          />
        </>
      )}
      <div className="public-links">
        <Link to="/login">Mit Benutzerkonto anmelden</Link>
      </div>
    </PublicPage>
  );
}
