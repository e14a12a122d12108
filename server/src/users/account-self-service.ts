import type { MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { viewerActor } from '../../../common/changes/actor.js';
import type { AppConfig } from '../config.js';
import { AppError } from '../shared/errors.js';
import { logger } from '../shared/logging.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { AccountBookings, PersonalAllocationApplication, PersonalBooking } from './account-bookings.js';
import type { ClientInfo } from './auth.service.js';
import { HookType, UserHook } from './user-hook.entity.js';
import { AuthType, User } from './user.entity.js';
import type { UserService } from './user.service.js';
import { requireAccountHolder, type Viewer } from './viewer.service.js';

/** How the account signs in, as the data download names it. */
export type LoginMethod = 'password' | 'sso';

/** A tenant the account belongs to or owns. */
export interface PersonalTenantMembership {
  tenantId: string;
  tenantName: string;
  isOwner: boolean;
  isMember: boolean;
  roles: string[];
  since: Date;
}

/** A mailed link not used yet: what it is for and how long it lasts, never its token. */
export interface PersonalPendingLink {
  type: 'verify' | 'reset-password';
  createdAt: Date;
  expiresAt: Date;
}

/**
 * What the platform keeps about the signed-in user (the settings' "Meine Daten herunterladen"):
 * the account without its password hash, the tenants with the roles, the bookings assigned to it
 * and the pending mailed links without their tokens.
 */
export interface PersonalData {
  exportedAt: Date;
  account: {
    id: string;
    firstName: string;
    lastName: string;
    company: string;
    phone: string;
    address: string;
    zipCode: string;
    city: string;
    isVerified: boolean;
    isSuspended: boolean;
    created: Date;
    updatedAt: Date;
    loginMethods: LoginMethod[];
    instanceOwner: boolean;
    allowCreateTenant: boolean;
  };
  tenants: PersonalTenantMembership[];
  bookings: PersonalBooking[];
  allocationApplications: PersonalAllocationApplication[];
  pendingLinks: PersonalPendingLink[];
}

/** What the holder confirms the deletion with: the password, or (accounts without one) the e-mail address. */
export interface DeletionConfirmation {
  password?: string | null;
  email?: string | null;
}

/**
 * A user's own data download and the deletion of the own account, from the settings. The deletion
 * itself (what goes, what stays, who may not leave) is UserService.removeAccount's; this checks that
 * the account's holder, not someone at an unattended screen, asks for it.
 */
export class AccountSelfService {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly users: UserService,
    private readonly bookings: AccountBookings,
  ) {}

  async personalData(viewer: Viewer): Promise<PersonalData> {
    requireAccountHolder(viewer);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: viewer.user.id });
    if (!user) throw new AppError('auth.session-expired');
    const [memberships, bookings, allocationApplications, hooks] = await Promise.all([
      em.execute<{ tenant_id: string; tenant_name: string; is_owner: boolean; is_member: boolean; created_at: Date; roles: string[] }[]>(
        `select t.id as tenant_id, t.name as tenant_name, m.is_owner, m.is_member, m.created_at,
                coalesce(array_agg(r.name order by r.name) filter (where r.id is not null), '{}') as roles
         from tenant_memberships m
         join tenants t on t.id = m.tenant_id
         left join tenant_membership_roles mr on mr.membership_id = m.id
         left join roles r on r.id = mr.role_id
         where m.user_id = ?
         group by t.id, t.name, m.is_owner, m.is_member, m.created_at
         order by t.name, t.id`,
        [user.id],
      ),
      this.bookings.assignedTo(em, user.id),
      this.bookings.allocationApplicationsOf(em, user.id),
      em.find(UserHook, { user: user.id }, { orderBy: { createdAt: 'asc' } }),
    ]);
    return {
      exportedAt: new Date(),
      account: {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        company: user.company,
        phone: user.phone,
        address: user.address,
        zipCode: user.zipCode,
        city: user.city,
        isVerified: user.isVerified,
        isSuspended: user.isSuspended,
        created: user.created,
        updatedAt: user.updatedAt,
        loginMethods: [user.authType === AuthType.keycloak ? 'sso' : 'password'],
        instanceOwner: viewer.permissions.instanceOwner,
        allowCreateTenant: viewer.permissions.allowCreateTenant,
      },
      tenants: memberships.map((row) => ({
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        isOwner: row.is_owner,
        isMember: row.is_member,
        roles: row.roles,
        since: new Date(row.created_at),
      })),
      bookings,
      allocationApplications,
      pendingLinks: hooks.map((hook) => ({ type: hook.type === HookType.verify ? 'verify' : 'reset-password', createdAt: hook.createdAt, expiresAt: hook.expiresAt })),
    };
  }

  /**
   * "Konto löschen": with the password (accounts with one) or the own e-mail address typed again
   * (single sign-on accounts), counted per address and account like sign-in attempts. A refusal
   * (wrong confirmation, last owner) changes nothing.
   */
  async deleteOwnAccount(viewer: Viewer, confirmation: DeletionConfirmation, client: ClientInfo, via: BookingHistoryVia): Promise<void> {
    requireAccountHolder(viewer);
    const id = viewer.user.id;
    const limitKey = `account-delete:${client.ip}:${id}`;
    await this.rateLimiter.limit(limitKey, this.config.rateLimit.signInPerWindow, this.config.rateLimit.windowSeconds);
    const user = await this.orm.em.fork().findOne(User, { id }, { populate: ['passwordHash'] });
    if (!user) throw new AppError('auth.session-expired');
    if (user.passwordHash) {
      const password = typeof confirmation.password === 'string' ? confirmation.password : '';
      const matches = password !== '' && (await argon2.verify(user.passwordHash, password).catch(() => false));
      if (!matches) throw new AppError('user.confirmation-failed', { detail: 'Das Passwort ist falsch.', fieldErrors: { password: 'Das Passwort ist falsch.' } });
    } else {
      const email = typeof confirmation.email === 'string' ? confirmation.email.trim().toLowerCase() : '';
      if (email !== id) {
        const message = 'Die E-Mail-Adresse stimmt nicht mit Ihrem Konto überein.';
        throw new AppError('user.confirmation-failed', { detail: message, fieldErrors: { email: message } });
      }
    }
    await this.rateLimiter.reset(limitKey);
    await this.orm.em.fork().transactional((em) => this.users.removeAccount(em, id, via, 'self', viewerActor(viewer)));
    logger.info({ userId: id, by: 'self' }, 'Benutzerkonto gelöscht');
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    account: AccountSelfService;
  }
}
