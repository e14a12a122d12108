import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { TextField } from '../shared/forms/TextField';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { compose, email, required, validationMessages } from '../shared/validation';
import { usePasswordResetRequest } from './usePasswordResetRequest';

interface ResetRequestValues {
  email: string;
}

/** /password/reset: asks for the account's address only; the mailed link leads to the new password. */
export default function PasswordResetPage() {
  const requestReset = usePasswordResetRequest();
  const failedSave = useFailedSaveFeedback<ResetRequestValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <PublicPage title="Passwort vergessen">
      {sentTo ? (
        <Callout intent="success" icon="envelope" title={messages.passwordResetSent.title} className="public-callout" role="status">
          Wir haben einen Link an {sentTo} gesendet. Öffnen Sie ihn innerhalb von 60 Minuten und legen Sie dort Ihr neues Passwort fest.
        </Callout>
      ) : (
        <>
          <p>Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, über den Sie ein neues Passwort festlegen.</p>
          <Form<ResetRequestValues>
            onSubmit={async (values) => {
              if (await requestReset(values.email)) setSentTo(values.email.trim());
            }}
            decorators={failedSave.decorators}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
                <TextField
                  name="email"
                  label="E-Mail"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  validate={compose(required(validationMessages.emailRequired), email)}
                />
                <Button type="submit" intent="primary" text="Link senden" loading={submitting} fill />
              </form>
            )}
          />
        </>
      )}
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
