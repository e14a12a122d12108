import { Entity, Enum, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';

export enum AuthType {
  local = 'local',
  keycloak = 'keycloak',
}
registerEnumType(AuthType, { name: 'AuthType', description: 'How the account signs in.' });

/** A person's account. Users are global; tenants give them roles through memberships. */
@ObjectType({ description: 'A user account; the id is the e-mail address.' })
@Entity({ tableName: 'users' })
// The users list: its order (newest first) and its search (server/src/users/user-list.queries.ts).
@Index({ name: 'users_created_index', properties: ['created', 'id'] })
@Index({
  name: 'users_search_index',
  expression: `create index "users_search_index" on "users" using gin ((lower("id" || ' ' || "first_name" || ' ' || "last_name")) gin_trgm_ops)`,
})
export class User {
  @Field(() => String, { description: 'The e-mail address, which is also the sign-in name.' })
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** argon2id hash; never exposed through any API. */
  @Property({ type: 'text', hidden: true, lazy: true, nullable: true })
  passwordHash?: string | null;

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  firstName: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  lastName: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.CONTACT_READER)
  @Property({ type: 'text', default: '' })
  company: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.CONTACT_READER)
  @Property({ type: 'text', default: '' })
  phone: Opt<string> = '';

  @Field(() => String, { nullable: true, description: 'Street and house number.' })
  @Auth(AuthRule.CONTACT_READER)
  @Property({ type: 'text', default: '' })
  address: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.CONTACT_READER)
  @Property({ type: 'text', default: '' })
  zipCode: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.CONTACT_READER)
  @Property({ type: 'text', default: '' })
  city: Opt<string> = '';

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  isVerified: Opt<boolean> = false;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  isSuspended: Opt<boolean> = false;

  @Field(() => AuthType)
  @Enum({ items: () => AuthType, nativeEnumName: undefined, default: AuthType.local })
  authType: Opt<AuthType> = AuthType.local;

  @Field(() => Date, { description: 'When the account was created.' })
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  created: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** The public shape of a user: no hash, no hooks. */
export function publicUser(user: User) {
  return {
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
    authType: user.authType,
    created: user.created.getTime(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;
