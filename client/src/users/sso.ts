/**
 * The browser's half of single sign-on: the OpenID Connect authorization-code flow with PKCE for a
 * public client. The provider's ID token is handed to the server, which verifies it against the
 * provider's published keys.
 */
export interface SsoEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
}

const PENDING_KEY = 'ssoPending';

interface PendingLogin {
  state: string;
  verifier: string;
  nonce: string;
  redirectUrl: string | null;
}

function randomText(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(data);
}

function base64Url(data: Uint8Array): string {
  let binary = '';
  data.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function ssoRedirectUri(): string {
  return `${window.location.origin}/login/sso`;
}

let starting: Promise<void> | undefined;

/** Sends the browser to the provider's login (once per page, also under React's double effects); it comes back to /login/sso with a code. */
export function startSsoLogin(endpoints: SsoEndpoints, redirectUrl: string | null): Promise<void> {
  starting ??= redirectToProvider(endpoints, redirectUrl);
  return starting;
}

async function redirectToProvider(endpoints: SsoEndpoints, redirectUrl: string | null): Promise<void> {
  const pending: PendingLogin = { state: randomText(16), verifier: randomText(48), nonce: randomText(16), redirectUrl };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier))));
  const url = new URL(endpoints.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', ssoRedirectUri());
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  window.location.assign(url.toString());
}

function decodePayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(decodeURIComponent(escape(json))) as Record<string, unknown>;
}

/** What the code exchange yields: the ID token to sign in with, and the refresh token that ties the session to the provider's. */
export interface SsoTokens {
  idToken: string;
  refreshToken: string | null;
  redirectUrl: string | null;
}

const exchanges = new Map<string, Promise<SsoTokens>>();

/**
 * Exchanges the returned code for the tokens (once per code, also under React's double effects).
 * Checks the state and the nonce against what this tab sent.
 */
export function finishSsoLogin(endpoints: SsoEndpoints, code: string, state: string | null): Promise<SsoTokens> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = (async () => {
      const stored = sessionStorage.getItem(PENDING_KEY);
      sessionStorage.removeItem(PENDING_KEY);
      const login = stored ? (JSON.parse(stored) as PendingLogin) : null;
      if (!login || login.state !== state) throw new Error('Die Anmeldung wurde nicht in diesem Fenster begonnen.');
      const response = await fetch(endpoints.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: ssoRedirectUri(),
          client_id: endpoints.clientId,
          code_verifier: login.verifier,
        }),
      });
      if (!response.ok) throw new Error(`Der Anmeldedienst hat den Code abgelehnt (HTTP ${response.status}).`);
      const body = (await response.json()) as { id_token?: string; refresh_token?: string };
      if (!body.id_token) throw new Error('Der Anmeldedienst hat kein ID-Token geliefert.');
      const nonce = decodePayload(body.id_token).nonce;
      if (nonce !== undefined && nonce !== login.nonce) throw new Error('Das ID-Token gehört nicht zu dieser Anmeldung.');
      return { idToken: body.id_token, refreshToken: body.refresh_token ?? null, redirectUrl: login.redirectUrl };
    })();
    exchanges.set(code, pending);
  }
  return pending;
}
