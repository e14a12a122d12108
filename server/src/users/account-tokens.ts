import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { HookType, UserHook } from './user-hook.entity.js';
import type { User } from './user.entity.js';

/** How long a mailed link works. */
export const TOKEN_LIFETIME_MS: Record<HookType, number> = {
  [HookType.verify]: 48 * 60 * 60 * 1000,
  [HookType.resetPassword]: 60 * 60 * 1000,
};

/**
 * What a token may look like: ours are 43 characters of base64url (256 random bits); links mailed
 * before tokens were hashed carry the hook's UUID, which the migration hashed in the same way.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The one place that issues and redeems the tokens of mailed links: random (256 bits), stored only
 * as SHA-256, expiring, single-use. A new password-reset token voids the account's earlier ones.
 */
export class AccountTokens {
  /** Stores a fresh token for the account inside the caller's transaction and returns it (for the mail only). */
  async issue(em: EntityManager, user: User, type: HookType): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await em.nativeDelete(UserHook, {
      user,
      $or: [{ expiresAt: { $lt: new Date() } }, ...(type === HookType.resetPassword ? [{ type: HookType.resetPassword }] : [])],
    });
    em.create(UserHook, { user, type, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[type]) });
    await em.flush();
    return token;
  }

  /** Withdraws an issued token that was never delivered (its mail could not be sent). */
  async withdraw(em: EntityManager, token: string): Promise<void> {
    await em.nativeDelete(UserHook, { tokenHash: hashToken(token) });
  }

  /**
   * Uses the token up, inside the caller's transaction: one statement deletes it, so of two
   * requests with the same token only one gets the account. Null for an unknown, used or expired token.
   */
  async redeem(em: EntityManager, token: string, type: HookType): Promise<string | null> {
    if (!isWellFormedToken(token)) return null;
    const rows = await em.execute<{ user_id: string; valid: boolean }[]>(
      'delete from user_hooks where token_hash = ? and type = ? returning user_id, expires_at > now() as valid',
      [hashToken(token), type],
    );
    const row = rows[0];
    return row?.valid ? row.user_id : null;
  }
}
