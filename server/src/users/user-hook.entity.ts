import { Index, Entity, Enum, ManyToOne, PrimaryKey, Property, type Opt , type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity.js';

export enum HookType {
  verify = 'verify',
  resetPassword = 'reset-password',
}

/** A pending action confirmed by a mailed link: e-mail verification or a password change. */
@Entity({ tableName: 'user_hooks' })
export class UserHook {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index()
  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @Enum({ items: () => HookType, nativeEnumName: undefined })
  type!: HookType;

  /** For a password change: the argon2id hash of the new password. Never exposed. */
  @Property({ type: 'text', nullable: true, hidden: true })
  payload?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;
}
