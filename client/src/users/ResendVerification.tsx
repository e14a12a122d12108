import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { ResendVerificationMailDocument } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { TextField } from '../shared/forms/TextField';
import { messages } from '../shared/messages';
import { notifyError } from '../shared/toast';
import { compose, email, required, validationMessages } from '../shared/validation';

/**
 * "Bestätigungs-E-Mail erneut senden" on the login page, for someone who signs in before opening the
 * mailed link. The answer never says whether an account exists: the server answers alike for every
 * address, and so does this confirmation.
 */
export function ResendVerification({ initialEmail }: { initialEmail: string }) {
  const [resend] = useMutation(ResendVerificationMailDocument);
  const [sent, setSent] = useState(false);
  const failedSave = useFailedSaveFeedback<{ email: string }>();
  // Kept stable: a new object on each render would reset what was typed.
  const [initialValues] = useState({ email: initialEmail });

  if (sent) {
    return (
      <Callout intent="success" title={messages.verificationResent.title} className="public-callout" role="status">
        {messages.verificationResent.message}
      </Callout>
    );
  }

  return (
    <Form<{ email: string }>
      initialValues={initialValues}
      decorators={failedSave.decorators}
      onSubmit={async (values) => {
        try {
          await resend({ variables: { email: values.email.trim() } });
          setSent(true);
        } catch (error) {
          notifyError(error, messages.genericError);
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef} aria-label="Bestätigungs-E-Mail erneut senden" className="resend-verification">
          <p>Sie haben sich registriert, aber den Link in der Bestätigungs-E-Mail noch nicht geöffnet? Wir senden Ihnen einen neuen.</p>
          <TextField
            name="email"
            id="resend-email"
            label="E-Mail-Adresse Ihres Kontos"
            type="email"
            autoComplete="username"
            autoFocus
            validate={compose(required(validationMessages.emailRequired), email)}
          />
          <Button type="submit" text="Bestätigungs-E-Mail senden" loading={submitting} fill />
        </form>
      )}
    />
  );
}
