import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SignInDocument } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { TextField } from '../shared/forms/TextField';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { DEFAULT_AFTER_LOGIN, safeInternalPath } from '../shared/safeRedirect';
import { setSession, takeNextUrl, useAppState } from '../shared/store';
import { notifyError } from '../shared/toast';
import { compose, email, required, validationMessages } from '../shared/validation';
import { ResendVerification } from './ResendVerification';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * `onSigningIn` starts downloading what the first screen after the sign-in needs; the routes hand it
 * in (adminScreens.ts), as the users' screens sit below the screens they lead to.
 */
export function LoginPage({ onSigningIn }: { onSigningIn?: () => void }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [signIn] = useMutation(SignInDocument);
  const linkInvalid = searchParams.get('linkInvalid') === '1';
  const ssoActive = useAppState((state) => Boolean(state.instance?.sso));
  const failedSave = useFailedSaveFeedback<LoginValues>();
  /** The address to send the verification mail again to, once asked for (prefilled from the form). */
  const [resendFor, setResendFor] = useState<string | null>(null);

  const onSubmit = async (values: LoginValues) => {
    try {
      const signingIn = signIn({ variables: { id: values.email.trim(), password: values.password } });
      // The admin frame and the start page download while the server checks the password.
      onSigningIn?.();
      const { data } = await signingIn;
      if (!data) return;
      // A previous user's cached answers must not leak into this session.
      await client.clearStore();
      setSession(data.signIn);
      const nextUrl = takeNextUrl();
      // The button keeps spinning until the next screen has everything it shows.
      await navigate(safeInternalPath(searchParams.get('redirectUrl')) ?? safeInternalPath(nextUrl) ?? DEFAULT_AFTER_LOGIN, { replace: true });
    } catch (error) {
      notifyError(error, messages.loginFailed);
    }
  };

  return (
    <PublicPage title="Anmelden">
      {linkInvalid ? (
        <Callout intent="warning" title="Link ungültig" className="public-callout">
          Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.
        </Callout>
      ) : null}
      <Form<LoginValues>
        onSubmit={onSubmit}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField
              name="email"
              label="E-Mail"
              type="email"
              autoComplete="username"
              autoFocus
              validate={compose(required(validationMessages.emailRequired), email)}
            />
            <TextField name="password" label="Passwort" type="password" autoComplete="current-password" validate={required(validationMessages.passwordRequired)} />
            <Button type="submit" intent="primary" text="Anmelden" loading={submitting} fill />
            {resendFor === null ? (
              <Button
                className="resend-verification-toggle"
                variant="minimal"
                size="small"
                text="Bestätigungs-E-Mail erneut senden"
                onClick={() => setResendFor(values.email?.trim() ?? '')}
              />
            ) : null}
          </form>
        )}
      />
      {resendFor !== null ? <ResendVerification initialEmail={resendFor} /> : null}
      {ssoActive ? (
        <Button
          style={{ marginTop: 12 }}
          icon="key"
          text="Mit Single Sign-on anmelden"
          fill
          onClick={() => {
            const redirectUrl = searchParams.get('redirectUrl');
            void navigate(redirectUrl ? `/login/sso?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/login/sso');
          }}
        />
      ) : null}
      <div className="public-links">
        <Link to="/registrieren">Registrieren</Link>
        <Link to="/password/reset">Passwort vergessen?</Link>
      </div>
    </PublicPage>
  );
}
