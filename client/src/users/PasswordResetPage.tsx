import { Button } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { minPasswordLength } from '../shared/forms/passwordRules';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { TextField } from '../shared/forms/TextField';
import { PublicPage } from '../shared/PublicPage';
import { compose, email, required, validationMessages } from '../shared/validation';
import { type PasswordChangeValues, usePasswordChange } from './usePasswordChange';

interface ResetValues extends PasswordChangeValues {
  email: string;
}

export default function PasswordResetPage() {
  const requestChange = usePasswordChange();
  const passwordRequired = required(validationMessages.passwordRequired);
  const failedSave = useFailedSaveFeedback<ResetValues>();

  return (
    <PublicPage title="Passwort vergessen">
      <p>Geben Sie Ihre E-Mail-Adresse und ein neues Passwort ein. Das neue Passwort gilt, sobald Sie den Link in der E-Mail öffnen, die wir Ihnen senden.</p>
      <Form<ResetValues>
        onSubmit={async (values, form) => {
          if (await requestChange(values.email, values)) setTimeout(() => form.restart());
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
            <TextField name="password" label="Neues Passwort" type="password" autoComplete="new-password" validate={compose(passwordRequired, minPasswordLength)} />
            <TextField name="passwordRepeat" label="Passwort wiederholen" type="password" autoComplete="new-password" validate={passwordRequired} />
            <Button type="submit" intent="primary" text="Passwort zurücksetzen" loading={submitting} fill />
          </form>
        )}
      />
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
