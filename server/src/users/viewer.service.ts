import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Permissions, RoleGrant } from '../../../common/permissions/model.js';
import { computePermissions, type InstancePolicy } from '../../../common/permissions/permissions.js';
import { AppError } from '../shared/errors.js';
import { type AuthType, User } from './user.entity.js';

/** An integrator's API token a request came with (users/api-token-port.ts). */
export interface ApiTokenIdentity {
  id: string;
  name: string;
  /** Null: an instance token. */
  tenantId: string | null;
  /** The person whose rights the token lives on; null once that account was deleted. */
  createdBy: string | null;
  /** The socket of the token closes at this moment. */
  expiresAt: Date;
  /** Whether it may book through the checkout (common/tokens/api-token.ts, apiTokenMayBook). */
  mayBook: boolean;
}

/**
 * The signed-in user with freshly computed permissions. A request with an API token has the
 * token's permissions and a stand-in user whose id is the token's (so "own" means what the token
 * created), and names the token in `apiToken`.
 */
export interface Viewer {
  user: User;
  permissions: Permissions;
  apiToken?: ApiTokenIdentity;
}

/**
 * Everything a request needs to know about its user in one round trip: the account, the instance
 * policy and the memberships with their roles. This runs on every authenticated request, so it is
 * plain SQL rather than several ORM queries (see `npm run bench`).
 */
function viewerSql(userIdExpression: string): string {
  return `
select u.id, u.first_name, u.last_name, u.company, u.phone, u.address, u.zip_code, u.city,
  u.is_verified, u.is_suspended, u.auth_type, u.created, u.updated_at,
  (select json_build_object('ownerUserIds', i.owner_user_ids,
     'allowAllUsersToCreateTenant', i.allow_all_users_to_create_tenant,
     'allowedUsersToCreateTenant', i.allowed_users_to_create_tenant)
   from instance i where i.id = 1) as instance,
  coalesce((select json_agg(json_build_object(
      'tenantId', m.tenant_id, 'isOwner', m.is_owner, 'isMember', m.is_member,
      'roles', coalesce((select json_agg(json_build_object(
          'adminInterfaces', r.admin_interfaces, 'freeBookings', r.free_bookings,
          'manageRoles', r.manage_roles, 'manageUsers', r.manage_users, 'manageTenants', r.manage_tenants,
          'manageBookings', r.manage_bookings, 'manageBookables', r.manage_bookables, 'manageCoupons', r.manage_coupons))
        from tenant_membership_roles mr join roles r on r.id = mr.role_id where mr.membership_id = m.id), '[]'::json)
    ) order by t.name)
    from tenant_memberships m join tenants t on t.id = m.tenant_id where m.user_id = u.id), '[]'::json) as memberships
from users u where u.id = ${userIdExpression}`;
}

export const VIEWER_SQL = viewerSql('?');

/**
 * A session and its user's viewer row in one round trip: every authenticated request reads both,
 * so reading them together halves the queries spent on authentication.
 */
const SESSION_WITH_VIEWER_SQL = `
select s.sess, v.* from sessions s
left join lateral (${viewerSql("s.sess->>'userId'")}) v on true
where s.sid = ? and s.expire >= now()`;

/** A viewer row read with the session lives only this long: it belongs to the request that read it. */
const PREFETCH_MAX_AGE_MS = 1000;
const PREFETCH_MAX_ENTRIES = 1000;

interface ViewerRow {
  id: string;
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  address: string;
  zip_code: string;
  city: string;
  is_verified: boolean;
  is_suspended: boolean;
  auth_type: AuthType;
  created: Date;
  updated_at: Date;
  instance: InstancePolicy | null;
  memberships: { tenantId: string; isOwner: boolean; isMember: boolean; roles: RoleGrant[] }[];
}

type SessionWithViewerRow = { sess: string | Record<string, unknown> } & (ViewerRow | { [K in keyof ViewerRow]: null });

interface PrefetchedViewer {
  userId: string;
  row: ViewerRow | undefined;
  readAt: number;
}

const noInstance: InstancePolicy = { ownerUserIds: [], allowAllUsersToCreateTenant: false, allowedUsersToCreateTenant: [] };

function userFromRow(row: ViewerRow): User {
  return Object.assign(new User(), {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    phone: row.phone,
    address: row.address,
    zipCode: row.zip_code,
    city: row.city,
    isVerified: row.is_verified,
    isSuspended: row.is_suspended,
    authType: row.auth_type,
    created: new Date(row.created),
    updatedAt: new Date(row.updated_at),
  });
}

/**
 * The own account's paths (profile, data download, deletion) belong to a person: a request with an
 * API token has no account of its own there and is refused.
 */
export function requireAccountHolder(viewer: Viewer): void {
  if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Mit einem API-Schlüssel ist das nicht möglich: Dieser Bereich gehört zu einem Benutzerkonto.' });
}

/** Loads who is asking: the account (unless missing or suspended) and its permissions. */
export class ViewerService {
  /** Viewer rows read together with their session, by session id, until the request takes them. */
  private readonly prefetched = new Map<string, PrefetchedViewer>();

  constructor(private readonly orm: MikroORM) {}

  /**
   * The session store's read: the session data, and its user's viewer row kept for `load` of the
   * same request. Null when the session is missing or expired.
   */
  async readSession(sessionId: string): Promise<Record<string, unknown> | null> {
    const rows = await this.orm.em.getConnection().execute<SessionWithViewerRow[]>(SESSION_WITH_VIEWER_SQL, [sessionId]);
    const found = rows[0];
    if (!found) return null;
    let data: Record<string, unknown>;
    try {
      data = typeof found.sess === 'string' ? (JSON.parse(found.sess) as Record<string, unknown>) : found.sess;
    } catch {
      return null;
    }
    if (typeof data.userId === 'string') {
      this.prefetched.delete(sessionId);
      if (this.prefetched.size >= PREFETCH_MAX_ENTRIES) this.prefetched.delete(this.prefetched.keys().next().value as string);
      this.prefetched.set(sessionId, { userId: data.userId, row: found.id === null ? undefined : (found as ViewerRow), readAt: Date.now() });
    }
    return data;
  }

  /** The viewer row its session read brought along, if it is this user's and still fresh. */
  private takePrefetched(sessionId: string | undefined, userId: string): { row: ViewerRow | undefined } | undefined {
    if (!sessionId) return undefined;
    const entry = this.prefetched.get(sessionId);
    if (!entry) return undefined;
    this.prefetched.delete(sessionId);
    if (entry.userId !== userId || Date.now() - entry.readAt > PREFETCH_MAX_AGE_MS) return undefined;
    return { row: entry.row };
  }

  private async row(userId: string): Promise<ViewerRow | undefined> {
    const rows = await this.orm.em.getConnection().execute<ViewerRow[]>(VIEWER_SQL, [userId]);
    return rows[0];
  }

  /**
   * The user's current rights as the given entity manager sees them (inside a transaction: with its
   * uncommitted changes); null when the account no longer exists or is suspended.
   */
  async rightsOf(em: EntityManager, userId: string): Promise<Permissions | null> {
    const [row] = await em.execute<ViewerRow[]>(VIEWER_SQL, [userId]);
    if (!row || row.is_suspended) return null;
    return this.permissionsFromRow(userId, row);
  }

  async permissionsOf(userId: string): Promise<Permissions> {
    const row = await this.row(userId);
    return this.permissionsFromRow(userId, row);
  }

  private permissionsFromRow(userId: string, row: ViewerRow | undefined): Permissions {
    const memberships = (row?.memberships ?? []).map((membership) => ({
      tenantId: membership.tenantId,
      isOwner: membership.isOwner,
      // Roles count only for listed members; an owner without membership has none.
      roles: membership.isMember ? membership.roles : [],
    }));
    return computePermissions(userId, row?.instance ?? noInstance, memberships);
  }

  /**
   * Null when the account no longer exists or is suspended: its sessions stop working at once.
   * With the request's session id, the row read together with the session is used when there is one.
   */
  async load(userId: string, sessionId?: string): Promise<Viewer | null> {
    const prefetched = this.takePrefetched(sessionId, userId);
    const row = prefetched ? prefetched.row : await this.row(userId);
    if (!row || row.is_suspended) return null;
    return { user: userFromRow(row), permissions: this.permissionsFromRow(userId, row) };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    viewers: ViewerService;
  }
  interface RequestViewerRegistry {
    viewer: Viewer;
  }
}
