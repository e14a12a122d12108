import { Index, Collection, Entity, ManyToMany, ManyToOne, PrimaryKey, Property, Unique, type Opt , type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Role } from './role.entity.js';
import { User } from '../users/user.entity.js';
import { Tenant } from './tenant.entity.js';

/**
 * A user's place in a tenant. Ownership and membership are separate lists in the REST tenant
 * (`ownerUserIds`, `users`; an owner needs no membership entry), so one row carries both flags.
 */
@Entity({ tableName: 'tenant_memberships' })
@Unique({ properties: ['tenant', 'user'] })
export class TenantMembership {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Index()
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** Listed among the tenant's users (with roles). */
  @Property({ type: 'boolean', default: true })
  isMember: Opt<boolean> = true;

  /** Listed among the tenant's owners. */
  @Property({ type: 'boolean', default: false })
  isOwner: Opt<boolean> = false;

  @ManyToMany(() => Role, undefined, { pivotTable: 'tenant_membership_roles', joinColumn: 'membership_id', inverseJoinColumn: 'role_id' })
  roles = new Collection<Role>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
