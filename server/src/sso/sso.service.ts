import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { SsoApplication } from '../instance/instance.entity.js';
import type { InstanceSsoConfig } from '../instance/instance-sso.js';
import { Role } from '../tenants/role.entity.js';
import { AppError } from '../shared/errors.js';
import type { CreatorRights } from '../users/creator-rights.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { membershipSnapshot, recordMembershipChange, systemChangeOrigin, userLabel, type MembershipSnapshot } from '../tenants/tenant-change-log.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { AuthType, User } from '../users/user.entity.js';
import { isEmail, normaliseEmail } from '../users/validation.js';
import type { Viewer, ViewerService } from '../users/viewer.service.js';
import { logger } from '../shared/logging.js';

/** The parts of the provider's discovery document the product uses. */
export interface OidcDiscovery {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

/** What the browser needs for the authorization-code flow with PKCE (public client). */
export interface SsoConfiguration {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
}

interface SsoClaims extends JWTPayload {
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  resource_access?: Record<string, { roles?: unknown } | undefined>;
  realm_access?: { roles?: unknown };
}

const DISCOVERY_TTL_MS = 5 * 60 * 1000;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Keycloak's issuer is {serverUrl}/realms/{realm}; other providers are configured by their issuer URL alone. */
export function issuerOf(sso: Pick<SsoApplication, 'serverUrl' | 'realm'>): string {
  const base = sso.serverUrl.replace(/\/+$/, '');
  return sso.realm ? `${base}/realms/${encodeURIComponent(sso.realm)}` : base;
}

/** What the provider said about a session's refresh token. */
export type ProviderSessionState =
  | { state: 'standing'; refreshToken: string }
  /** Revoked, signed out there, the account disabled, or single sign-on switched off here. */
  | { state: 'ended' }
  /** No answer that says either: the provider is away or answers with an error of its own. */
  | { state: 'unknown' };

const PROVIDER_TIMEOUT_MS = 5000;

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Single sign-on with Keycloak or any OpenID Connect provider. The ID token the
 * browser obtained is verified here against the provider's published keys (signature, issuer,
 * audience = the public client, expiry); the account is found by the token's e-mail address and
 * the role mapping grants or withdraws tenant roles from the provider's roles.
 */
export class SsoService {
  private readonly discoveries = new Map<string, { value: OidcDiscovery; until: number }>();
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly orm: MikroORM,
    private readonly ssoConfig: Pick<InstanceSsoConfig, 'ssoApplication'>,
    private readonly viewers: ViewerService,
    /** Announces the change and ends the accesses it takes the right of (users/creator-rights.ts). */
    private readonly creatorRights: Pick<CreatorRights, 'changed'>,
  ) {}

  private async activeApplication(): Promise<SsoApplication> {
    const sso = await this.ssoConfig.ssoApplication();
    if (!sso.active || !sso.serverUrl || !sso.publicClient) throw new AppError('sso.inactive');
    return sso;
  }

  private async discover(sso: SsoApplication): Promise<OidcDiscovery> {
    const issuer = issuerOf(sso);
    const cached = this.discoveries.get(issuer);
    if (cached && cached.until > Date.now()) return cached.value;
    let document: Partial<OidcDiscovery>;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = (await response.json()) as Partial<OidcDiscovery>;
    } catch (error) {
      logger.error({ err: error }, '[sso] discovery failed');
      throw new AppError('sso.provider-unreachable');
    }
    const complete = ['issuer', 'jwks_uri', 'authorization_endpoint', 'token_endpoint'].every((key) => typeof document[key as keyof OidcDiscovery] === 'string');
    // OpenID Connect Discovery: the document's issuer must be the one it was fetched for.
    if (!complete || document.issuer!.replace(/\/+$/, '') !== issuer) {
      logger.error(`[sso] discovery document incomplete or for another issuer: ${String(document.issuer)}`);
      throw new AppError('sso.provider-unreachable');
    }
    const value = document as OidcDiscovery;
    this.discoveries.set(issuer, { value, until: Date.now() + DISCOVERY_TTL_MS });
    return value;
  }

  /** The endpoints for the browser's authorization-code flow; public. */
  async configuration(): Promise<SsoConfiguration> {
    const sso = await this.activeApplication();
    const discovery = await this.discover(sso);
    return {
      issuer: discovery.issuer,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      clientId: sso.publicClient,
    };
  }

  /** Verifies the token; every failure is a 401 problem whose code names the reason. */
  async verify(token: unknown): Promise<{ sso: SsoApplication; claims: SsoClaims; email: string }> {
    const sso = await this.activeApplication();
    if (typeof token !== 'string' || token.split('.').length !== 3) throw new AppError('sso.token-invalid');
    const discovery = await this.discover(sso);
    let keySet = this.keySets.get(discovery.jwks_uri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 10_000 });
      this.keySets.set(discovery.jwks_uri, keySet);
    }
    let claims: SsoClaims;
    try {
      ({ payload: claims } = await jwtVerify<SsoClaims>(token, keySet, {
        issuer: discovery.issuer,
        audience: sso.publicClient,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat'],
        clockTolerance: 5,
      }));
    } catch (error) {
      throw this.tokenError(error);
    }
    const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
    // An address the provider has not verified must not open someone else's account.
    if (!email || !isEmail(email) || claims.email_verified === false) throw new AppError('sso.email-missing');
    return { sso, claims, email };
  }

  private tokenError(error: unknown): AppError {
    if (error instanceof errors.JWTExpired) return new AppError('sso.token-expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'iss') return new AppError('sso.token-issuer');
      if (error.claim === 'aud') return new AppError('sso.token-audience');
      return new AppError('sso.token-invalid');
    }
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return new AppError('sso.token-signature');
    if (error instanceof errors.JWKSTimeout) return new AppError('sso.provider-unreachable');
    if (error instanceof errors.JOSEError) return new AppError('sso.token-invalid');
    logger.error({ err: error }, '[sso] key set unavailable');
    return new AppError('sso.provider-unreachable');
  }

  /**
   * Asks the provider whether the session behind a refresh token still stands, by refreshing it
   * with the public client (the grant the browser would use). This also keeps the provider's
   * session alive while the person works here, which an introspection of the token would not.
   */
  async refreshSession(refreshToken: string): Promise<ProviderSessionState> {
    let sso: SsoApplication;
    try {
      sso = await this.activeApplication();
    } catch (error) {
      if (error instanceof AppError && error.code === 'sso.inactive') return { state: 'ended' };
      throw error;
    }
    let response: Response;
    try {
      const discovery = await this.discover(sso);
      response = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: sso.publicClient }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      logger.warn(`[sso] session check: provider unreachable: ${(error as Error).message}`);
      return { state: 'unknown' };
    }
    const body = (await response.json().catch(() => ({}))) as { refresh_token?: unknown; error?: unknown };
    if (response.ok) return { state: 'standing', refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken };
    // RFC 6749 5.2: invalid_grant is the provider's word for a refresh token that no longer counts.
    if (body.error === 'invalid_grant') return { state: 'ended' };
    logger.warn(`[sso] session check: provider answered HTTP ${response.status} (${String(body.error ?? 'no error code')})`);
    return { state: 'unknown' };
  }

  /** Signs in the account with the token's e-mail address and applies the role mapping. */
  async signIn(token: unknown): Promise<Viewer> {
    const { sso, claims, email } = await this.verify(token);
    await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: email });
      if (!user) throw new AppError('sso.user-not-found');
      if (user.isSuspended) throw new AppError('auth.login-failed');
      // The provider vouches for the address.
      if (!user.isVerified) user.isVerified = true;
      const changed = await this.applyRoleMapping(em, email, sso, claims);
      if (changed) await this.creatorRights.changed(em, [email], 'sso-roles');
    });
    const viewer = await this.viewers.load(email);
    if (!viewer) throw new AppError('auth.login-failed');
    return viewer;
  }

  /** Creates a verified keycloak account from the token (409 when it exists) with the mapped roles. */
  async signUp(token: unknown): Promise<User> {
    const { sso, claims, email } = await this.verify(token);
    const em = this.orm.em.fork();
    try {
      return await em.transactional(async (tx) => {
        if (await tx.findOne(User, { id: email })) throw new AppError('register.user-exists');
        const user = tx.create(User, {
          id: email,
          passwordHash: null,
          firstName: typeof claims.given_name === 'string' ? claims.given_name.trim().slice(0, 200) : '',
          lastName: typeof claims.family_name === 'string' ? claims.family_name.trim().slice(0, 200) : '',
          isVerified: true,
          authType: AuthType.keycloak,
        });
        await tx.flush();
        await this.applyRoleMapping(tx, email, sso, claims);
        return user;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new AppError('register.user-exists');
      throw error;
    }
  }

  /**
   * For each mapping row: the provider role present in the token (client roles of the public
   * client, realm roles) grants the tenant role; a mapped role no longer present is withdrawn.
   * Returns whether anything changed.
   */
  private async applyRoleMapping(em: EntityManager, userId: string, sso: SsoApplication, claims: SsoClaims): Promise<boolean> {
    if (!sso.roleMapping.active || sso.roleMapping.roles.length === 0) return false;
    const tokenRoles = new Set([...stringList(claims.resource_access?.[sso.publicClient]?.roles), ...stringList(claims.realm_access?.roles)]);
    let changed = false;
    // The membership changes for the tenants' change logs, written once the changes are stored.
    const logged: { tenantId: string; before: MembershipSnapshot | null; after: MembershipSnapshot | null }[] = [];
    const tenantIds = [...new Set(sso.roleMapping.roles.map((row) => row.tenantId))];
    for (const tenantId of tenantIds) {
      const rows = sso.roleMapping.roles.filter((row) => row.tenantId === tenantId);
      const granted = new Set(rows.filter((row) => tokenRoles.has(row.keycloakRole)).map((row) => row.tenantRoleId));
      const withdrawn = new Set(rows.map((row) => row.tenantRoleId).filter((roleId) => !granted.has(roleId)));
      const tenant = await em.findOne(Tenant, { id: tenantId });
      if (!tenant) continue;
      let membership: TenantMembership | null = await em.findOne(TenantMembership, { tenant, user: userId }, { populate: ['roles'] });
      if (!membership && granted.size === 0) continue;
      const before = membershipSnapshot(membership);
      if (!membership) {
        membership = em.create(TenantMembership, { tenant, user: em.getReference(User, userId), isMember: true, isOwner: false });
        changed = true;
      } else if (!membership.isMember && granted.size > 0) {
        membership.isMember = true;
        changed = true;
      }
      const roles = await em.find(Role, { id: { $in: [...granted, ...withdrawn] }, tenant });
      const member = membership;
      for (const role of roles) {
        const holds = member.roles.contains(role, false);
        if (granted.has(role.id) && !holds) {
          member.roles.add(role);
          changed = true;
        } else if (withdrawn.has(role.id) && holds) {
          member.roles.remove(role);
          changed = true;
        }
      }
      logged.push({ tenantId, before, after: membershipSnapshot(member) });
    }
    await em.flush();
    if (logged.length > 0) {
      const user = await em.findOne(User, { id: userId });
      const origin = systemChangeOrigin('sso', 'Single Sign-on');
      for (const entry of logged) await recordMembershipChange(em, entry.tenantId, { id: userId, label: user ? userLabel(user) : userId }, entry.before, entry.after, origin);
    }
    return changed;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    sso: SsoService;
  }
}
