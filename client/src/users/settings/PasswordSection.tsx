import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { minPasswordLength } from '../../shared/forms/passwordRules';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { TextField } from '../../shared/forms/TextField';
import type { SessionUser } from '../../shared/store';
import { compose, required, validationMessages } from '../../shared/validation';
import { type PasswordChangeValues, usePasswordChange } from '../usePasswordChange';

/** Security: the e-mail (user id) shown locked, and the password change (not for single sign-on accounts). */
export function PasswordSection({ user }: { user: SessionUser }) {
  const requestChange = usePasswordChange();
  const external = user.authType === 'keycloak';
  const passwordRequired = required(validationMessages.passwordRequired);
  const failedSave = useFailedSaveFeedback<PasswordChangeValues>();

  return (
    <>
      <FormGroup label="E-Mail" labelFor="settings-email" helperText="Die E-Mail-Adresse ist Ihre Kennung und kann nicht geändert werden.">
        <InputGroup id="settings-email" value={user.id} leftIcon="lock" disabled readOnly fill />
      </FormGroup>
      {external ? (
        <Callout icon="lock" intent="none" title="Passwort ändern nicht möglich">
          Ihr Konto wird über Single Sign-On verwaltet. Das Passwort ändern Sie dort.
        </Callout>
      ) : null}
      <Form<PasswordChangeValues>
        onSubmit={async (values, form) => {
          if (await requestChange(user.id, values)) setTimeout(() => form.restart());
        }}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate className="settings-password-form" ref={failedSave.formRef}>
            <TextField
              id="settings-password"
              name="password"
              label="Neues Passwort"
              type="password"
              autoComplete="new-password"
              disabled={external}
              leftIcon={external ? 'lock' : undefined}
              validate={external ? undefined : compose(passwordRequired, minPasswordLength)}
            />
            <TextField
              id="settings-password-repeat"
              name="passwordRepeat"
              label="Passwort wiederholen"
              type="password"
              autoComplete="new-password"
              disabled={external}
              leftIcon={external ? 'lock' : undefined}
              validate={external ? undefined : passwordRequired}
            />
            <Button type="submit" intent="primary" text="Passwort ändern" icon={external ? 'lock' : undefined} disabled={external} loading={submitting} />
          </form>
        )}
      />
    </>
  );
}
