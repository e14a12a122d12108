import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { emptyGrant, hasFullAccess } from '../../../common/permissions/permissions.js';
import type { Permissions, RoleGrant } from '../../../common/permissions/model.js';
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARS, apiTokenInputSchema, apiTokenMayBook, apiTokenMessages, apiTokenPermissions, presetGrant, type ApiTokenPreset } from '../../../common/tokens/api-token.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { pgTextArray } from '../shared/sql.js';
import { logger } from '../shared/logging.js';
import { publishInTransaction } from '../shared/pubsub.js';
import { parseInput } from '../shared/schema-input.js';
import { Role } from '../tenants/role.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { ApiTokenAuthenticator } from '../users/api-token-port.js';
import type { CreatedAccesses } from '../users/creator-rights.js';
import { User } from '../users/user.entity.js';
import type { Viewer, ViewerService } from '../users/viewer.service.js';
import { ApiToken } from './api-token.entity.js';

/** A token as the list shows it: never the secret, only its first characters. */
export interface ApiTokenView {
  id: string;
  tenantId: string | null;
  name: string;
  preset: ApiTokenPreset | null;
  roleId: string | null;
  roleName: string | null;
  prefix: string;
  /** Null once the creator's account was deleted (no mail address remains). */
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** `bpt_` and 32 random bytes in base64url: recognisable for secret scanners, unguessable. */
export const newSecret = (): string => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The use of a token is noted at most this often (one write per minute and token, not per request). */
const LAST_USED_RESOLUTION_MS = 60_000;

interface TokenRow {
  id: string;
  tenant_id: string | null;
  name: string;
  preset: ApiTokenPreset | null;
  created_by: string | null;
  expires_at: Date;
  last_used_at: Date | null;
  role: RoleGrant | null;
}

/** One query per request: the live token by its hash, with its role's grant. */
const TOKEN_BY_HASH_SQL = `
select t.id, t.tenant_id, t.name, t.preset, t.created_by, t.expires_at, t.last_used_at,
  case when r.id is null then null else json_build_object(
    'adminInterfaces', r.admin_interfaces, 'freeBookings', r.free_bookings,
    'manageRoles', r.manage_roles, 'manageUsers', r.manage_users, 'manageTenants', r.manage_tenants,
    'manageBookings', r.manage_bookings, 'manageBookables', r.manage_bookables, 'manageCoupons', r.manage_coupons) end as role
from api_tokens t left join roles r on r.id = t.role_id and r.tenant_id = t.tenant_id
where t.secret_hash = ? and t.revoked_at is null and t.expires_at > now()`;

/**
 * Whether the creator's rights (null: account gone or suspended) still carry a token: the right to
 * manage the tenant's tokens (its owners; instance tokens: the instance's owners), the same right
 * it took to create it. Checked at every use and when the creator's rights change.
 */
export function creatorKeepsToken(rights: Permissions | null, tenantId: string | null): boolean {
  if (!rights) return false;
  return tenantId === null ? rights.instanceOwner : hasFullAccess(rights, tenantId);
}

/** The stand-in user of a token's requests: its id is the token's, so nothing of a person is "own". */
function tokenUser(row: TokenRow): User {
  return Object.assign(new User(), { id: row.id, firstName: 'API-Zugang', lastName: row.name, isVerified: true });
}

/**
 * Integrators' API tokens: created, listed and revoked by the tenant's owners (instance tokens by
 * instance owners), never with a token; and the authentication of a request's secret.
 */
export class ApiTokenService implements ApiTokenAuthenticator, CreatedAccesses {
  constructor(
    private readonly orm: MikroORM,
    /** The creator's current rights, read at every use of a token. */
    private readonly viewers: Pick<ViewerService, 'rightsOf'>,
  ) {}

  /** Tokens are managed by people only: a token can never make or revoke tokens. */
  private refuseTokens(viewer: Viewer): void {
    if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Mit einem API-Schlüssel lassen sich keine API-Zugänge verwalten.' });
  }

  /** Owners of the tenant (instance owners for instance tokens), signed in in person. */
  private assertManager(viewer: Viewer, tenantId: string | null): void {
    this.refuseTokens(viewer);
    const allowed = tenantId === null ? viewer.permissions.instanceOwner : hasFullAccess(viewer.permissions, tenantId);
    if (!allowed) throw new AppError('auth.forbidden');
  }

  private async views(tokens: ApiToken[]): Promise<ApiTokenView[]> {
    const em = this.orm.em.fork();
    const creatorIds = [...new Set(tokens.flatMap((token) => (token.createdBy ? [token.createdBy] : [])))];
    const creators = creatorIds.length ? await em.find(User, { id: { $in: creatorIds } }) : [];
    const names = new Map(creators.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim() || user.id]));
    const roleIds = [...new Set(tokens.flatMap((token) => (token.role ? [token.role.id] : [])))];
    const roles = roleIds.length ? await em.find(Role, { id: { $in: roleIds } }) : [];
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    return tokens.map((token) => ({
      id: token.id,
      tenantId: token.tenant?.id ?? null,
      name: token.name,
      preset: token.preset ?? null,
      roleId: token.role?.id ?? null,
      roleName: token.role ? (roleNames.get(token.role.id) ?? null) : null,
      prefix: token.prefix,
      createdBy: token.createdBy ?? null,
      createdByName: token.createdBy ? (names.get(token.createdBy) ?? null) : null,
      createdAt: token.createdAt,
      expiresAt: token.expiresAt,
      lastUsedAt: token.lastUsedAt ?? null,
      revokedAt: token.revokedAt ?? null,
    }));
  }

  /** The tenant's tokens (null: the instance's), newest first, revoked and expired ones included. */
  async list(viewer: Viewer, tenantId: string | null): Promise<ApiTokenView[]> {
    this.assertManager(viewer, tenantId);
    const tokens = await this.orm.em.fork().find(ApiToken, { tenant: tenantId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return this.views(tokens);
  }

  /** Creates a token; the secret is returned this once and only its hash is kept. */
  async create(viewer: Viewer, tenantId: string | null, input: unknown): Promise<{ token: ApiTokenView; secret: string }> {
    this.assertManager(viewer, tenantId);
    const values = parseInput(apiTokenInputSchema(Date.now(), { instance: tenantId === null }), input);
    const em = this.orm.em.fork();
    if (tenantId !== null && !(await em.findOne(Tenant, { id: tenantId }))) throw new AppError('generic.not-found');
    let role: Role | null = null;
    if (values.roleId !== null) {
      role = isUuid(values.roleId) ? await em.findOne(Role, { id: values.roleId, tenant: tenantId }) : null;
      if (!role) throw new AppError('generic.validation', { fieldErrors: { roleId: apiTokenMessages.roleId } });
    }
    const secret = newSecret();
    const token = em.create(ApiToken, {
      tenant: tenantId === null ? null : em.getReference(Tenant, tenantId),
      name: values.name,
      preset: values.preset,
      role,
      secretHash: hashSecret(secret),
      prefix: secret.slice(0, API_TOKEN_SHOWN_CHARS),
      createdBy: viewer.user.id,
      expiresAt: values.expiresAt,
    });
    await em.flush();
    logger.info({ tokenId: token.id, tenantId, by: viewer.user.id }, 'API-Zugang erstellt');
    const [view] = await this.views([token]);
    return { token: view as ApiTokenView, secret };
  }

  /** Revokes a token at once: its next request answers 401. Revoking twice keeps the first date. */
  async revoke(viewer: Viewer, id: string, tenantId?: string): Promise<ApiTokenView> {
    this.refuseTokens(viewer);
    const em = this.orm.em.fork();
    const token = isUuid(id) ? await em.findOne(ApiToken, { id }) : null;
    // Under a tenant's path only that tenant's tokens exist.
    if (!token || (tenantId !== undefined && token.tenant?.id !== tenantId)) throw new AppError('token.not-found');
    try {
      this.assertManager(viewer, token.tenant?.id ?? null);
    } catch {
      // Outside the tenant the token is not found: its existence is nobody else's business.
      throw new AppError('token.not-found');
    }
    if (!token.revokedAt) {
      // One transaction: the token's open sockets on every process close with the commit.
      await em.transactional(async (tx) => {
        await tx.execute('update api_tokens set revoked_at = coalesce(revoked_at, now()) where id = ?', [token.id]);
        await publishInTransaction(tx, 'API_TOKEN_REVOKED', token.id, { tokenId: token.id });
      });
      await em.refresh(token);
    }
    logger.info({ tokenId: token.id, by: viewer.user.id }, 'API-Zugang widerrufen');
    const [view] = await this.views([token]);
    return view as ApiTokenView;
  }

  async viewerOfSecret(secret: string): Promise<Viewer | null> {
    if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return null;
    const connection = this.orm.em.getConnection();
    const [row] = await connection.execute<TokenRow[]>(TOKEN_BY_HASH_SQL, [hashSecret(secret)]);
    if (!row) return null;
    // The token lives on its creator's rights: gone, suspended or without the right, it acts as revoked.
    if (!row.created_by || !creatorKeepsToken(await this.viewers.rightsOf(this.orm.em.fork(), row.created_by), row.tenant_id)) return null;
    let grant: RoleGrant | null = null;
    if (row.tenant_id !== null) {
      grant = row.preset ? presetGrant(row.preset) : row.role;
      // A role token whose role is gone (or moved) has no rights at all: it acts as unknown.
      if (!grant) return null;
    }
    const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
    if (Date.now() - lastUsed >= LAST_USED_RESOLUTION_MS) {
      await connection.execute(`update api_tokens set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`, [row.id]);
    }
    return {
      user: tokenUser(row),
      permissions: apiTokenPermissions(row.tenant_id, grant ?? emptyGrant()),
      apiToken: { id: row.id, name: row.name, tenantId: row.tenant_id, createdBy: row.created_by, expiresAt: new Date(row.expires_at), mayBook: apiTokenMayBook(row.tenant_id, row.preset, grant ?? emptyGrant()) },
    };
  }

  /**
   * In the transaction of a role's change: the live tokens acting with the role are announced as
   * changed (their sockets read them again and apply the new rights to the next event) or, when the
   * role is being deleted and its tokens with it, as revoked (their sockets close).
   */
  async roleChanged(em: EntityManager, roleId: string, deleted: boolean): Promise<void> {
    const tokens = await em.execute<{ id: string }[]>('select id from api_tokens where role_id = ? and revoked_at is null', [roleId]);
    for (const { id } of tokens) await publishInTransaction(em, deleted ? 'API_TOKEN_REVOKED' : 'API_TOKEN_CHANGED', id, { tokenId: id });
  }

  /**
   * In the transaction of a change of the user's rights: revokes the live tokens the rights no
   * longer carry, and their sockets close with the commit; a deleted account's tokens lose its id.
   */
  async endLost(em: EntityManager, userId: string, rights: Permissions | null, accountDeleted: boolean): Promise<void> {
    const live = await em.execute<{ id: string; tenant_id: string | null }[]>('select id, tenant_id from api_tokens where created_by = ? and revoked_at is null for update', [userId]);
    const lost = live.filter((token) => !creatorKeepsToken(rights, token.tenant_id)).map((token) => token.id);
    if (lost.length > 0) {
      await em.execute('update api_tokens set revoked_at = now() where id = any(?::uuid[])', [pgTextArray(lost)]);
      for (const tokenId of lost) await publishInTransaction(em, 'API_TOKEN_REVOKED', tokenId, { tokenId });
      logger.info({ tokenIds: lost }, 'API-Zugänge widerrufen: Rechte der anlegenden Person entfallen');
    }
    if (accountDeleted) await em.execute('update api_tokens set created_by = null where created_by = ?', [userId]);
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    apiTokens: ApiTokenService;
  }
}
