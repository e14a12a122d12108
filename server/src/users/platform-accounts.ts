import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeActor } from '../../../common/changes/actor.js';
import type { TenantChangeVia } from '../../../common/tenants/change-log.js';

/** Who deletes an account (its holder or an instance owner) and through which path: the tenants' change logs name them. */
export interface AccountDeletionOrigin {
  actor: ChangeActor;
  via: TenantChangeVia;
}

/**
 * What the platform keeps about accounts outside this domain: the instance's owner and
 * tenant-creation lists and its mail address. The users domain asks through this port; the instance
 * domain, which sits above it, answers.
 */
export interface PlatformAccounts {
  /**
   * In the account deletion's transaction, under the instance's lock: refuses to remove the last
   * instance owner (user.last-instance-owner), takes the id off the instance's lists and records
   * in each tenant's change log that the account's membership ends with it.
   */
  releaseAccount(em: EntityManager, userId: string, origin: AccountDeletionOrigin): Promise<void>;
  /** Where a new registration is announced (the instance's mail address); null: nowhere. */
  newAccountNoticeAddress(em: EntityManager): Promise<string | null>;
}
