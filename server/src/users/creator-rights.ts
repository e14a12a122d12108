import type { EntityManager } from '@mikro-orm/postgresql';
import type { Permissions } from '../../../common/permissions/model.js';
import { publishInTransaction } from '../shared/pubsub.js';
import type { ViewerService } from './viewer.service.js';

/**
 * A kind of personal access a person creates for their tenant (API tokens, calendar feeds, webhook
 * endpoints): it lives only as long as its creator's rights carry it (docs/security.md, "People
 * leave"). Answered by the domains above (tokens, webhooks, feeds), handed in by the composition root.
 */
export interface CreatedAccesses {
  /**
   * In the caller's transaction: ends (revokes, disables) the user's accesses that `rights` no longer
   * carry (null: the account is gone or suspended); `accountDeleted` also blanks the creator, so no
   * mail address remains.
   */
  endLost(em: EntityManager, userId: string, rights: Permissions | null, accountDeleted: boolean): Promise<void>;
  /**
   * In the caller's transaction: a role of the tenant changed (`deleted`: is being deleted, before
   * its rows go): accesses whose rights are that role announce it, so their open sockets read them
   * again (or close) with the commit.
   */
  roleChanged?(em: EntityManager, roleId: string, deleted: boolean): Promise<void>;
}

export type RightsChangeReason = string;

/**
 * The one place every change of a person's rights goes through (membership added or removed, roles
 * or ownership changed, role edited or deleted, instance ownership, account suspended or deleted):
 * in the change's own transaction it announces the change to the person's sockets and ends the
 * accesses whose creator lost the right they need.
 */
export class CreatorRights {
  private readonly kinds: CreatedAccesses[] = [];

  constructor(private readonly viewers: Pick<ViewerService, 'rightsOf'>) {}

  /** Registers a kind of access (the composition root, once per domain). */
  register(kind: CreatedAccesses): void {
    this.kinds.push(kind);
  }

  /** Ends what the users' rights, as this transaction sees them, no longer carry. */
  async endLostAccesses(em: EntityManager, userIds: Iterable<string>, options: { accountDeleted?: boolean } = {}): Promise<void> {
    for (const userId of new Set(userIds)) {
      const rights = options.accountDeleted ? null : await this.viewers.rightsOf(em, userId);
      for (const kind of this.kinds) await kind.endLost(em, userId, rights, options.accountDeleted ?? false);
    }
  }

  /** A role was edited or is being deleted in this transaction: the accesses acting with it hear of it at the commit. */
  async roleChanged(em: EntityManager, roleId: string, options: { deleted: boolean }): Promise<void> {
    for (const kind of this.kinds) await kind.roleChanged?.(em, roleId, options.deleted);
  }

  /**
   * The users' rights changed in this transaction: their open sockets read them again with the
   * commit (SESSION_CHANGED), and their accesses that lost their right end in the same commit.
   */
  async changed(em: EntityManager, userIds: Iterable<string>, reason: RightsChangeReason): Promise<void> {
    const unique = [...new Set(userIds)];
    for (const userId of unique) await publishInTransaction(em, 'SESSION_CHANGED', userId, { userId, reason });
    await this.endLostAccesses(em, unique);
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    creatorRights: CreatorRights;
  }
}
