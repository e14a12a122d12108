import { Index, Entity, Enum, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity.js';

export enum HookType {
  verify = 'verify',
  resetPassword = 'reset-password',
}

/**
 * A pending action confirmed through a mailed link: e-mail verification or a password reset. The
 * link carries a random token; only its SHA-256 is stored, so a copy of the table opens no account.
 */
@Entity({ tableName: 'user_hooks' })
export class UserHook {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index()
  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @Enum({ items: () => HookType, nativeEnumName: undefined })
  type!: HookType;

  /** Hex SHA-256 of the token in the mailed link. Never exposed. */
  @Unique()
  @Property({ type: 'text', hidden: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;
}
