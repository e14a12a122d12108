import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
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

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [signIn] = useMutation(SignInDocument);
  const linkInvalid = searchParams.get('linkInvalid') === '1';
  const ssoActive = useAppState((state) => Boolean(state.instance?.sso));
  const failedSave = useFailedSaveFeedback<LoginValues>();

  const onSubmit = async (values: LoginValues) => {
    try {
      const { data } = await signIn({ variables: { id: values.email.trim(), password: values.password } });
      if (!data) return;
      // A previous user's cached answers must not leak into this session.
      await client.clearStore();
      setSession(data.signIn);
      const nextUrl = takeNextUrl();
      navigate(safeInternalPath(searchParams.get('redirectUrl')) ?? safeInternalPath(nextUrl) ?? DEFAULT_AFTER_LOGIN, { replace: true });
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
            <TextField name="password" label="Passwort" type="password" autoComplete="current-password" validate={required(validationMessages.passwordRequired)} />
            <Button type="submit" intent="primary" text="Anmelden" loading={submitting} fill />
          </form>
        )}
      />
      {ssoActive ? (
        <Button
          style={{ marginTop: 12 }}
          icon="key"
          text="Mit Single Sign-on anmelden"
          fill
          onClick={() => {
            const redirectUrl = searchParams.get('redirectUrl');
            navigate(redirectUrl ? `/login/sso?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/login/sso');
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
