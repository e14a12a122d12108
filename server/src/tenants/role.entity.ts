import { Index, Entity, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import type { AccessFlags, RoleGrant } from '../../../common/permissions/model.js';
import { Tenant } from './tenant.entity.js';

/**
 * A tenant's role: admin interfaces, per-area access flags and the free-bookings flag. The six flag
 * objects are resolved in RoleResolver (always all seven flags).
 */
@ObjectType({ description: "A tenant's role: admin areas, access flags per permission area and free bookings." })
@Entity({ tableName: 'roles' })
export class Role implements RoleGrant {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index()
  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => [String], { description: 'Admin interface names (roles, users, bookings, coupons, locations, rooms, resources, tickets, events, …).' })
  @Property({ type: 'text[]', default: '{}' })
  adminInterfaces: Opt<string[]> = [];

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  freeBookings: Opt<boolean> = false;

  @Property({ type: 'jsonb', default: '{}' })
  manageRoles: Opt<AccessFlags> = {};

  @Property({ type: 'jsonb', default: '{}' })
  manageUsers: Opt<AccessFlags> = {};

  @Property({ type: 'jsonb', default: '{}' })
  manageTenants: Opt<AccessFlags> = {};

  @Property({ type: 'jsonb', default: '{}' })
  manageBookings: Opt<AccessFlags> = {};

  @Property({ type: 'jsonb', default: '{}' })
  manageBookables: Opt<AccessFlags> = {};

  @Property({ type: 'jsonb', default: '{}' })
  manageCoupons: Opt<AccessFlags> = {};

  /** Who created the role; the "own" flags of manageRoles match on it. */
  @Field(() => String, { nullable: true, description: 'Who created the role; the "own" flags of manageRoles match on it.' })
  @Property({ type: 'text', nullable: true })
  ownerUserId?: string | null;

  @Property({ type: 'text', nullable: true })
  assignedUserId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
