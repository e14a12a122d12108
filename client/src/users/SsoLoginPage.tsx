import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SsoConfigurationDocument, SsoSignInDocument, SsoSignUpDocument } from '../gql/graphql';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { DEFAULT_AFTER_LOGIN, safeInternalPath } from '../shared/safeRedirect';
import { setSession, takeNextUrl } from '../shared/store';
import { errorInfo, notify, notifyError } from '../shared/toast';
import { finishSsoLogin, type SsoTokens, startSsoLogin } from './sso';

type Phase = { kind: 'working'; text: string } | { kind: 'error'; text: string } | ({ kind: 'no-account' } & SsoTokens);

/**
 * /login/sso: starts the provider's login (authorization code with PKCE) and, back with the code,
 * signs in with the ID token. Without an account it offers to create one from the provider's data.
 */
export default function SsoLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const configuration = useQuery(SsoConfigurationDocument, { fetchPolicy: 'network-only' });
  const [ssoSignIn] = useMutation(SsoSignInDocument);
  const [ssoSignUp] = useMutation(SsoSignUpDocument);
  const [phase, setPhase] = useState<Phase>({ kind: 'working', text: 'Weiterleitung zum Anmeldedienst...' });
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const providerError = searchParams.get('error');
  const endpoints = configuration.data?.ssoConfiguration;

  const signInWith = async ({ idToken, refreshToken, redirectUrl }: SsoTokens) => {
    const { data } = await ssoSignIn({ variables: { token: idToken, refreshToken } });
    if (!data) return;
    await apollo.clearStore();
    setSession(data.ssoSignIn);
    void navigate(safeInternalPath(redirectUrl) ?? safeInternalPath(takeNextUrl()) ?? DEFAULT_AFTER_LOGIN, { replace: true });
  };

  useEffect(() => {
    if (configuration.error) {
      const info = errorInfo(configuration.error);
      setPhase({ kind: 'error', text: info.message ?? 'Single Sign-on ist nicht verfügbar.' });
      return;
    }
    if (!endpoints) return;
    if (providerError) {
      setPhase({ kind: 'error', text: `Der Anmeldedienst meldet: ${searchParams.get('error_description') ?? providerError}` });
      return;
    }
    if (!code) {
      void startSsoLogin(endpoints, searchParams.get('redirectUrl'));
      return;
    }
    setPhase({ kind: 'working', text: 'Anmeldung wird abgeschlossen...' });
    finishSsoLogin(endpoints, code, state)
      .then(async (tokens) => {
        try {
          await signInWith(tokens);
        } catch (error) {
          if (errorInfo(error).code === 'SSO_USER_NOT_FOUND') setPhase({ kind: 'no-account', ...tokens });
          else {
            notifyError(error, messages.loginFailed);
            setPhase({ kind: 'error', text: errorInfo(error).message ?? messages.loginFailed.message });
          }
        }
      })
      .catch((error: Error) => setPhase({ kind: 'error', text: error.message }));
    // Runs once per code; signInWith is stable enough for this page's single pass.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoints, configuration.error, code, state, providerError]);

  const signUp = async (tokens: SsoTokens) => {
    setPhase({ kind: 'working', text: 'Konto wird angelegt...' });
    try {
      await ssoSignUp({ variables: { token: tokens.idToken } });
      notify({ type: 'success', title: 'Konto angelegt', message: 'Ihr Konto wurde mit den Daten des Anmeldedienstes angelegt.' });
      await signInWith(tokens);
    } catch (error) {
      notifyError(error, messages.registerFailed);
      setPhase({ kind: 'error', text: errorInfo(error).message ?? messages.registerFailed.message });
    }
  };

  return (
    <PublicPage title="Single Sign-on">
      {phase.kind === 'working' ? <NonIdealState icon={<Spinner size={32} />} title={phase.text} /> : null}
      {phase.kind === 'error' ? (
        <Callout intent="danger" title="Anmeldung fehlgeschlagen" className="public-callout">
          {phase.text}
        </Callout>
      ) : null}
      {phase.kind === 'no-account' ? (
        <Callout intent="primary" title="Kein Konto gefunden" className="public-callout">
          <p>Für Ihre E-Mail-Adresse gibt es noch kein Konto. Möchten Sie eines mit den Daten des Anmeldedienstes anlegen?</p>
          <Button intent="primary" text="Konto anlegen" onClick={() => void signUp(phase)} />
        </Callout>
      ) : null}
      <div className="public-links">
        <Link to="/login">Zurück zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
