import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the platform keeps about accounts outside this domain: the instance's owner and
 * tenant-creation lists and its mail address. The users domain asks through this port; the instance
 * domain, which sits above it, answers.
 */
export interface PlatformAccounts {
  /**
   * In the account deletion's transaction, under the instance's lock: refuses to remove the last
   * instance owner (user.last-instance-owner) and takes the id off the instance's lists.
   */
  releaseAccount(em: EntityManager, userId: string): Promise<void>;
  /** Where a new registration is announced (the instance's mail address); null: nowhere. */
  newAccountNoticeAddress(em: EntityManager): Promise<string | null>;
}
