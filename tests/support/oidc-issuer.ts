import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A tiny OpenID Connect provider on loopback, shaped like Keycloak ({url}/realms/{realm}): discovery,
 * JWKS with its own RSA key, an authorize endpoint that signs the next person in at once and
 * redirects back with a code, and a token endpoint for the authorization-code flow with PKCE and for
 * refreshing (each refresh token counts once and is replaced, as with Keycloak's rotation).
 * Tests also sign tokens directly (`sign`), with the right key or another one, hand out refresh
 * tokens (`issueRefreshToken`), revoke a person's sessions and make the provider unreachable.
 */
export interface TokenClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Client roles of the public client. */
  clientRoles?: string[];
  realmRoles?: string[];
  [claim: string]: unknown;
}

export interface SignOptions {
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  /** Sign with a key the provider does not publish. */
  foreignKey?: boolean;
}

interface PendingCode {
  claims: TokenClaims;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
}

export class TestOidcIssuer {
  readonly realm = 'buchung-test';
  readonly clientId: string;
  private server: Server | undefined;
  private port = 0;
  private key: { privateKey: CryptoKey; jwk: JWK } | undefined;
  private foreign: { privateKey: CryptoKey } | undefined;
  private readonly codes = new Map<string, PendingCode>();
  /** Live refresh tokens and whose session they stand for. */
  private readonly refreshTokens = new Map<string, { claims: TokenClaims; clientId: string }>();
  /** While true the token endpoint answers 503, as a provider under maintenance. */
  unavailable = false;
  /** Who the authorize endpoint signs in next. */
  nextLogin: TokenClaims | undefined;
  /** Every token endpoint request, for assertions. */
  readonly tokenRequests: URLSearchParams[] = [];

  constructor(clientId = 'buchungsplattform') {
    this.clientId = clientId;
  }

  /** The Keycloak-style server URL (what the instance's serverUrl field holds). */
  get serverUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get issuer(): string {
    return `${this.serverUrl}/realms/${this.realm}`;
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    this.key = { privateKey, jwk };
    // Same kid, different key: a forged token the provider's published key cannot verify.
    this.foreign = { privateKey: (await generateKeyPair('RS256')).privateKey };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async sign(claims: TokenClaims, options: SignOptions = {}): Promise<string> {
    const { clientRoles, realmRoles, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? 300;
    const payload = {
      email_verified: true,
      ...rest,
      ...(clientRoles ? { resource_access: { [this.clientId]: { roles: clientRoles } } } : {}),
      ...(realmRoles ? { realm_access: { roles: realmRoles } } : {}),
      azp: this.clientId,
      typ: 'ID',
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? this.clientId)
      .setSubject(randomUUID())
      .setIssuedAt(expiresIn < 0 ? now + expiresIn - 600 : now)
      .setExpirationTime(now + expiresIn)
      .sign(options.foreignKey ? this.foreign!.privateKey : this.key!.privateKey);
  }

  /** A refresh token for a session of this person, as a code exchange hands it out. */
  issueRefreshToken(claims: TokenClaims): string {
    const token = randomBytes(24).toString('base64url');
    this.refreshTokens.set(token, { claims, clientId: this.clientId });
    return token;
  }

  /** What an administrator's "sign out all sessions" of this person does in Keycloak. */
  revokeSessionsOf(email: string): void {
    for (const [token, session] of this.refreshTokens) if (session.claims.email === email) this.refreshTokens.delete(token);
  }

  /** Token endpoint requests that refreshed a session. */
  get refreshRequests(): URLSearchParams[] {
    return this.tokenRequests.filter((form) => form.get('grant_type') === 'refresh_token');
  }

  private cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization');
    }
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.cors(req, res);
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', this.serverUrl);
    const base = `/realms/${this.realm}`;
    if (url.pathname === `${base}/.well-known/openid-configuration`) {
      return this.json(res, 200, {
        issuer: this.issuer,
        jwks_uri: `${this.issuer}/protocol/openid-connect/certs`,
        authorization_endpoint: `${this.issuer}/protocol/openid-connect/auth`,
        token_endpoint: `${this.issuer}/protocol/openid-connect/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url.pathname === `${base}/protocol/openid-connect/certs`) return this.json(res, 200, { keys: [this.key!.jwk] });
    if (url.pathname === `${base}/protocol/openid-connect/auth`) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const challenge = url.searchParams.get('code_challenge') ?? '';
      if (!this.nextLogin || url.searchParams.get('client_id') !== this.clientId || url.searchParams.get('code_challenge_method') !== 'S256' || !challenge) {
        return this.json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { claims: this.nextLogin, clientId: this.clientId, redirectUri, challenge, nonce: url.searchParams.get('nonce') ?? undefined });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', target.toString());
      res.end();
      return;
    }
    if (url.pathname === `${base}/protocol/openid-connect/token` && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      if (this.unavailable) return this.json(res, 503, { error: 'temporarily_unavailable' });
      if (form.get('grant_type') === 'refresh_token') {
        const session = this.refreshTokens.get(form.get('refresh_token') ?? '');
        if (!session || form.get('client_id') !== session.clientId) return this.json(res, 400, { error: 'invalid_grant', error_description: 'Session not active' });
        this.refreshTokens.delete(form.get('refresh_token') ?? '');
        return this.json(res, 200, { id_token: await this.sign(session.claims), refresh_token: this.issueRefreshToken(session.claims), token_type: 'Bearer', expires_in: 300 });
      }
      const pending = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !pending ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== pending.clientId ||
        form.get('redirect_uri') !== pending.redirectUri ||
        challenge !== pending.challenge
      ) {
        return this.json(res, 400, { error: 'invalid_grant' });
      }
      const idToken = await this.sign({ ...pending.claims, ...(pending.nonce ? { nonce: pending.nonce } : {}) });
      return this.json(res, 200, { id_token: idToken, refresh_token: this.issueRefreshToken(pending.claims), access_token: 'opaque-test-token', token_type: 'Bearer', expires_in: 300 });
    }
    this.json(res, 404, { error: 'not_found' });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
