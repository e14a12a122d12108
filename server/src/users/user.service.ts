import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { viewerActor, type ChangeActor } from '../../../common/changes/actor.js';
import { logger } from '../shared/logging.js';
import { AppError } from '../shared/errors.js';
import { endAllSessionsOf } from '../shared/http/session.js';
import { canReadTenantMembers, hasFlag } from '../../../common/permissions/permissions.js';
import type { AppPubSub } from '../shared/pubsub.js';
import type { CreatorRights } from './creator-rights.js';
import { hashPassword } from './auth.service.js';
import { AuthType, User } from './user.entity.js';
import { accountMessages } from '../../../common/users/account.js';
import { invisibleControlsError, invisibleControlsMessage } from '../../../common/validation/text.js';
import { isEmail, normaliseEmail, validatePassword } from './validation.js';
import type { AccountBookings } from './account-bookings.js';
import type { PlatformAccounts } from './platform-accounts.js';
import { requireAccountHolder, type Viewer } from './viewer.service.js';
import { UNPAGED_LIST_CAP, type Paging } from '../../../common/validation/paging.js';
import { userSearchTerms } from '../../../common/users/user-list.js';
import type { PageInfo } from '../shared/keyset.js';
import { readUserIdPage, type UserScope } from './user-list.queries.js';

/** A role a user holds in a tenant (the users list shows and searches the names). */
export interface UserTenantRole {
  tenantId: string;
  tenantName: string;
  roleId: string;
  name: string;
}

/**
 * A user with the roles the viewer may see (tenants the viewer has full access to) and whether the
 * viewer may see the contact details (`contactDetailsShown`, decided by `contactDetailsVisible`).
 */
export type UserWithRoles = User & { tenantRoles: UserTenantRole[]; contactDetailsShown: boolean };

/** A page of the users list: the accounts, where it goes on, and how many match in all. */
export interface UserPage {
  users: UserWithRoles[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** What an instance owner may change on any account (PUT api/users, updateUser): the profile fields and the two flags. */
export interface AdminUserUpdate extends ProfileUpdate {
  id: string;
  isVerified?: boolean | null;
  isSuspended?: boolean | null;
}
export interface NewUser extends AdminUserUpdate {
  password: string;
}

/** The fields a user may change on their own profile (PUT api/user). */
export const profileFields = ['firstName', 'lastName', 'company', 'phone', 'address', 'zipCode', 'city'] as const;
/** The fields the admin lists show as the user's name: no invisible controls (common/validation/text.ts). */
const nameFields: ReadonlySet<string> = new Set(['firstName', 'lastName', 'company']);
export type ProfileField = (typeof profileFields)[number];
export type ProfileUpdate = Partial<Record<ProfileField, string | null>>;

const MAX_FIELD_LENGTH = 200;

/** "„A“", "„A“ und „B“", "„A“, „B“ und „C“". */
function germanList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;
}

export class UserService {
  constructor(
    private readonly orm: MikroORM,
    private readonly pubSub: AppPubSub,
    private readonly platform: PlatformAccounts,
    private readonly bookings: AccountBookings,
    /** Ends the accesses (tokens, feeds, webhooks) a suspended or deleted account created (creator-rights.ts). */
    private readonly creatorRights: Pick<CreatorRights, 'changed' | 'endLostAccesses'>,
  ) {}

  async get(id: string): Promise<User> {
    const user = await this.orm.em.fork().findOne(User, { id });
    if (!user) throw new AppError('generic.not-found');
    return user;
  }

  /** Instance owners and owners of any tenant see every account; everyone else only their own. */
  /** The tenants whose people the viewer sees as accounts: the owned ones. */
  private ownedTenantIds(viewer: Viewer): string[] {
    return viewer.permissions.tenants.filter((entry) => entry.isOwner).map((entry) => entry.tenantId);
  }

  /**
   * The users among `userIds` whose contact details (company, phone, address) the viewer may see:
   * his own; every account for instance owners; for the staff of a tenant (its owners and members)
   * the people of that tenant (members and owners) and, where the viewer may read all of its
   * bookings, those who booked there signed in (a booking's assigned user). Nobody else: an account
   * alone does not open other people's addresses.
   */
  async contactDetailsVisible(viewer: Viewer, userIds: string[]): Promise<Set<string>> {
    if (viewer.permissions.instanceOwner) return new Set(userIds);
    const visible = new Set(userIds.filter((id) => id === viewer.user.id));
    const others = userIds.filter((id) => !visible.has(id));
    const staffTenants = viewer.permissions.tenants.map((entry) => entry.tenantId);
    if (others.length === 0 || staffTenants.length === 0) return visible;
    const bookingTenants = staffTenants.filter((tenantId) => hasFlag(viewer.permissions, tenantId, 'manageBookings', 'readAny'));
    const rows = await this.orm.em.getConnection().execute<{ user_id: string }[]>(
      `select m.user_id from tenant_memberships m where m.tenant_id in (?) and m.user_id in (?)
       ${bookingTenants.length > 0 ? 'union select b.assigned_user_id from bookings b where b.tenant_id in (?) and b.assigned_user_id in (?)' : ''}`,
      bookingTenants.length > 0 ? [staffTenants, others, bookingTenants, others] : [staffTenants, others],
    );
    for (const row of rows) visible.add(row.user_id);
    return visible;
  }

  /** The roles and the contact-details decision for users the viewer reads. */
  private async withViewerDetails(viewer: Viewer, users: User[]): Promise<UserWithRoles[]> {
    const ids = users.map((user) => user.id);
    const [roles, contactDetails] = await Promise.all([this.rolesOf(viewer, ids), this.contactDetailsVisible(viewer, ids)]);
    return users.map((user) => Object.assign(user, { tenantRoles: roles.get(user.id) ?? [], contactDetailsShown: contactDetails.has(user.id) }));
  }

  /** The tenants whose role assignments the viewer may see: all for instance owners, else the owned ones. */
  private visibleTenantIds(viewer: Viewer): string[] | 'all' {
    if (viewer.permissions.instanceOwner) return 'all';
    return viewer.permissions.tenants.filter((entry) => entry.isOwner).map((entry) => entry.tenantId);
  }

  /** The roles of the given users in the tenants the viewer may see. */
  async rolesOf(viewer: Viewer, userIds: string[]): Promise<Map<string, UserTenantRole[]>> {
    const result = new Map<string, UserTenantRole[]>(userIds.map((id) => [id, []]));
    const tenants = this.visibleTenantIds(viewer);
    if (userIds.length === 0 || (tenants !== 'all' && tenants.length === 0)) return result;
    const rows = await this.orm.em.getConnection().execute<{ user_id: string; tenant_id: string; tenant_name: string; role_id: string; role_name: string }[]>(
      `select m.user_id, t.id as tenant_id, t.name as tenant_name, r.id as role_id, r.name as role_name
       from tenant_memberships m
       join tenants t on t.id = m.tenant_id
       join tenant_membership_roles mr on mr.membership_id = m.id
       join roles r on r.id = mr.role_id
       where m.is_member and m.user_id in (?) ${tenants === 'all' ? '' : 'and m.tenant_id in (?)'}
       order by t.name, r.name`,
      tenants === 'all' ? [userIds] : [userIds, tenants],
    );
    for (const row of rows) {
      result.get(row.user_id)?.push({ tenantId: row.tenant_id, tenantName: row.tenant_name, roleId: row.role_id, name: row.role_name });
    }
    return result;
  }

  /**
   * The accounts the viewer may see, newest first, one page at a time, with the roles the viewer
   * may see: every account for instance owners; for the owners of tenants the accounts that belong
   * to one of those tenants, and their own; for everyone else their own account (the same accounts
   * getForViewer shows). `search`: every word (userSearchTerms) occurs in the e-mail address, the
   * first or the last name, in any case. A cursor of another list is a validation error.
   */
  async page(viewer: Viewer, query: { search?: string | null; paging: Paging }, options: { count: boolean } = { count: true }): Promise<UserPage> {
    const em = this.orm.em.fork();
    const scope: UserScope = viewer.permissions.instanceOwner ? { all: true } : { all: false, ownId: viewer.user.id, tenantIds: this.ownedTenantIds(viewer) };
    const { ids, pageInfo, totalCount } = await readUserIdPage(em, scope, userSearchTerms(query.search), query.paging, options);
    const found = new Map((await em.find(User, { id: { $in: ids } })).map((user) => [user.id, user]));
    const users = ids.map((id) => found.get(id)).filter((user): user is User => user !== undefined);
    return { users: await this.withViewerDetails(viewer, users), pageInfo, totalCount: totalCount ?? users.length };
  }

  /** The first UNPAGED_LIST_CAP accounts of page (the deprecated GraphQL `users`). */
  async list(viewer: Viewer): Promise<UserWithRoles[]> {
    const { users } = await this.page(viewer, { paging: { size: UNPAGED_LIST_CAP, offset: 0, after: null, cursorField: 'after' } }, { count: false });
    return users;
  }

  /**
   * One account, for the account itself, instance owners and the owners of a tenant it belongs to.
   * Everyone else gets the answer of an unknown address, so accounts cannot be enumerated.
   */
  async getForViewer(viewer: Viewer, id: string): Promise<UserWithRoles> {
    const user = await this.orm.em.fork().findOne(User, { id: normaliseEmail(id) });
    if (!user || !(await this.accountVisible(viewer, user.id))) throw new AppError('user.not-found');
    const [withDetails] = await this.withViewerDetails(viewer, [user]);
    return withDetails;
  }

  private async accountVisible(viewer: Viewer, userId: string): Promise<boolean> {
    if (viewer.permissions.instanceOwner || viewer.user.id === userId) return true;
    const owned = this.ownedTenantIds(viewer);
    if (owned.length === 0) return false;
    const rows = await this.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from tenant_memberships where user_id = ? and tenant_id in (?)', [userId, owned]);
    return Number(rows[0]?.n ?? 0) > 0;
  }

  /**
   * GET api/users/ids: the ids of the accounts whose membership the viewer may see: every account
   * for instance owners, otherwise the members of the tenants whose member list the viewer reads
   * (manageUsers readAny or updateAny), and the viewer. Role filters count only in those tenants.
   * Without such a right (a citizen, an occupancy token) it is refused. At most the first
   * UNPAGED_LIST_CAP ids in alphabetical order: larger lists page through userPage (GET api/users).
   */
  async ids(viewer: Viewer, roleIds: string[] | undefined): Promise<string[]> {
    const sql = this.orm.em.getConnection();
    const all = viewer.permissions.instanceOwner;
    const readable = viewer.permissions.tenants.filter((entry) => canReadTenantMembers(viewer.permissions, entry.tenantId)).map((entry) => entry.tenantId);
    if (!all && readable.length === 0) throw new AppError('auth.forbidden');
    if (roleIds && roleIds.length > 0) {
      const rows = await sql.execute<{ user_id: string }[]>(
        `select distinct m.user_id from tenant_memberships m
         join tenant_membership_roles mr on mr.membership_id = m.id
         where m.is_member and mr.role_id::text in (?) ${all ? '' : 'and m.tenant_id in (?)'}
         order by m.user_id limit ?`,
        all ? [roleIds, UNPAGED_LIST_CAP] : [roleIds, readable, UNPAGED_LIST_CAP],
      );
      return rows.map((row) => row.user_id);
    }
    if (all) {
      const rows = await sql.execute<{ id: string }[]>('select id from users order by id limit ?', [UNPAGED_LIST_CAP]);
      return rows.map((row) => row.id);
    }
    const rows = await sql.execute<{ id: string }[]>(
      `select m.user_id as id from tenant_memberships m where m.tenant_id in (?)
       union select ? as id order by id limit ?`,
      [readable, viewer.user.id, UNPAGED_LIST_CAP],
    );
    return rows.map((row) => row.id);
  }

  private validateAdminFields(update: Partial<AdminUserUpdate>): Record<string, string> {
    const fieldErrors: Record<string, string> = {};
    for (const field of profileFields) {
      const value = update[field];
      if (value === undefined) continue;
      if (value !== null && typeof value !== 'string') fieldErrors[field] = 'Ungültiger Wert';
      else if ((value ?? '').length > MAX_FIELD_LENGTH) fieldErrors[field] = `Maximal ${MAX_FIELD_LENGTH} Zeichen erlaubt.`;
      else if (nameFields.has(field) && invisibleControlsError(value)) fieldErrors[field] = invisibleControlsMessage;
    }
    for (const field of ['isVerified', 'isSuspended'] as const) {
      const value = update[field];
      if (value !== undefined && value !== null && typeof value !== 'boolean') fieldErrors[field] = 'Ungültiger Wert';
    }
    return fieldErrors;
  }

  /** PUT api/users for an existing account: the whitelisted fields, by an instance owner. */
  async adminUpdate(viewer: Viewer, update: AdminUserUpdate): Promise<User> {
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    const id = normaliseEmail(typeof update.id === 'string' ? update.id : '');
    const fieldErrors = this.validateAdminFields(update);
    if (update.isSuspended === true && id === viewer.user.id) fieldErrors.isSuspended = 'Sie können Ihr eigenes Konto nicht sperren.';
    if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
    const user = await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id });
      if (!user) throw new AppError('user.not-found');
      const wasSuspended = user.isSuspended;
      for (const field of profileFields) {
        const value = update[field];
        if (value !== undefined) user[field] = (value ?? '').trim();
      }
      if (update.isVerified !== undefined && update.isVerified !== null) user.isVerified = update.isVerified;
      if (update.isSuspended !== undefined && update.isSuspended !== null) user.isSuspended = update.isSuspended;
      await em.flush();
      const suspended = user.isSuspended && !wasSuspended;
      if (suspended) {
        await endAllSessionsOf(em, user.id, 'suspended');
        await this.creatorRights.endLostAccesses(em, [user.id]);
      }
      // With the commit: an updated account's open sockets read their rights again before any later event.
      else await this.creatorRights.changed(em, [user.id], 'profile');
      return user;
    });
    return user;
  }

  /** PUT api/users for a new id: an instance owner creates an account with a password (hashed). */
  async adminCreate(viewer: Viewer, input: NewUser): Promise<User> {
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    const id = normaliseEmail(typeof input.id === 'string' ? input.id : '');
    const fieldErrors = this.validateAdminFields(input);
    if (!id) fieldErrors.id = accountMessages.emailRequired;
    else if (!isEmail(id)) fieldErrors.id = accountMessages.emailInvalid;
    if (typeof input.password !== 'string' || !input.password) fieldErrors.password = accountMessages.passwordRequired;
    if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
    validatePassword(input.password);
    const em = this.orm.em.fork();
    if (await em.findOne(User, { id })) throw new AppError('register.user-exists');
    const user = em.create(User, {
      id,
      passwordHash: await hashPassword(input.password),
      firstName: (input.firstName ?? '').trim(),
      lastName: (input.lastName ?? '').trim(),
      company: (input.company ?? '').trim(),
      phone: (input.phone ?? '').trim(),
      address: (input.address ?? '').trim(),
      zipCode: (input.zipCode ?? '').trim(),
      city: (input.city ?? '').trim(),
      isVerified: input.isVerified === true,
      isSuspended: input.isSuspended === true,
      authType: AuthType.local,
    });
    await em.flush();
    return user;
  }

  /**
   * DELETE api/users/{id}: an instance owner, or the user themself (the settings' "Konto löschen"
   * goes through AccountSelfService, which asks for the password first). See removeAccount.
   */
  async delete(viewer: Viewer, idInput: string, via: BookingHistoryVia = 'rest'): Promise<void> {
    const id = normaliseEmail(idInput ?? '');
    if (!viewer.permissions.instanceOwner && viewer.user.id !== id) throw new AppError('auth.forbidden');
    await this.orm.em.fork().transactional((em) => this.removeAccount(em, id, via, viewer.user.id === id ? 'self' : 'other', viewerActor(viewer)));
    logger.info({ userId: id, by: viewer.user.id === id ? 'self' : 'instance-owner' }, 'Benutzerkonto gelöscht');
  }

  /**
   * Removes the account in the caller's transaction. Memberships and ownerships go with it (foreign
   * keys cascade), and so do its pending mailed links; the id leaves the instance's owner and
   * tenant-creation lists; the bookings assigned to it stay with their tenants without the link;
   * every session of the account ends. Refused: the only instance owner
   * (user.last-instance-owner) and the last owner of a tenant (user.last-tenant-owner, naming the
   * tenants), so no tenant is left without someone who may manage it. `who` words the refusal for
   * the account's holder ("Sie sind …") or for an instance owner deleting someone else; `actor`
   * is who asked, as the tenants' change logs name them.
   */
  async removeAccount(em: EntityManager, id: string, via: BookingHistoryVia, who: 'self' | 'other', actor: ChangeActor): Promise<void> {
    const user = await em.findOne(User, { id });
    if (!user) throw new AppError('user.not-found');
    try {
      await this.platform.releaseAccount(em, id, { actor, via: via === 'graphql' || via === 'rest' ? via : 'job' });
    } catch (error) {
      if (who === 'self' && error instanceof AppError && error.code === 'user.last-instance-owner') {
        throw new AppError('user.last-instance-owner', { detail: 'Sie sind der einzige Inhaber dieser Instanz. Bestimmen Sie zuerst einen weiteren Instanz-Inhaber.' });
      }
      throw error;
    }
    // The owned tenants' rows stay locked until the commit: two owners of one tenant deleting
    // themselves at once see each other, and the second is refused.
    await em.execute(
      `select t.id from tenants t join tenant_memberships m on m.tenant_id = t.id where m.user_id = ? and m.is_owner order by t.id for update of t`,
      [id],
    );
    const lastOwned = await em.execute<{ name: string }[]>(
      `select t.name from tenant_memberships m join tenants t on t.id = m.tenant_id
       where m.user_id = ? and m.is_owner
         and not exists (select 1 from tenant_memberships o where o.tenant_id = m.tenant_id and o.is_owner and o.user_id <> m.user_id)
       order by t.name`,
      [id],
    );
    if (lastOwned.length > 0) {
      const names = germanList(lastOwned.map((row) => `„${row.name}“`));
      throw new AppError('user.last-tenant-owner', {
        detail:
          who === 'self'
            ? `Sie sind der letzte Inhaber von ${names}. Bestimmen Sie zuerst einen anderen Inhaber.`
            : `Der Benutzer ist der letzte Inhaber von ${names}. Bestimmen Sie zuerst einen anderen Inhaber.`,
      });
    }
    await this.bookings.unlinkAccount(em, id, via);
    em.remove(user);
    await em.flush();
    await endAllSessionsOf(em, id, 'deleted');
    await this.creatorRights.endLostAccesses(em, [id], { accountDeleted: true });
  }

  /** Changes only the profile fields present in the update; the e-mail (id) cannot change here. */
  /** The viewer's own profile (a person's: an API token has none). */
  async updateOwnProfile(viewer: Viewer, update: ProfileUpdate): Promise<User> {
    requireAccountHolder(viewer);
    return this.updateProfile(viewer.user.id, update);
  }

  async updateProfile(userId: string, update: ProfileUpdate): Promise<User> {
    const fieldErrors: Record<string, string> = {};
    for (const field of profileFields) {
      const value = update[field];
      if (value === undefined) continue;
      if (value !== null && typeof value !== 'string') fieldErrors[field] = 'Ungültiger Wert';
      else if ((value ?? '').length > MAX_FIELD_LENGTH) fieldErrors[field] = `Maximal ${MAX_FIELD_LENGTH} Zeichen erlaubt.`;
      else if (nameFields.has(field) && invisibleControlsError(value)) fieldErrors[field] = invisibleControlsMessage;
    }
    // Names are required; a value of the wrong type already has its message.
    for (const field of ['firstName', 'lastName'] as const) {
      const value = update[field];
      if (value !== undefined && !fieldErrors[field] && !value?.trim()) fieldErrors[field] = 'Pflichtfeld';
    }
    if (Object.keys(fieldErrors).length > 0) throw new AppError('profile.update-error', { fieldErrors });

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw new AppError('generic.not-found');
    for (const field of profileFields) {
      const value = update[field];
      if (value !== undefined) user[field] = (value ?? '').trim();
    }
    await em.flush();
    this.pubSub.publish('SESSION_CHANGED', userId, { userId, reason: 'profile' });
    return user;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    users: UserService;
  }
}
