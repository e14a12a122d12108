import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ApiTokenPreset } from '../../../common/tokens/api-token.js';
import { Role } from '../tenants/role.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';

/**
 * An integrator's named API token (docs/integrators.md). Its secret is never stored: only its
 * SHA-256, found by the hash when a request brings it, and its first characters for the list.
 * The rights are a preset or one of the tenant's roles; an instance token has no tenant.
 */
@Entity({ tableName: 'api_tokens' })
export class ApiToken {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index()
  @ManyToOne(() => Tenant, { nullable: true, deleteRule: 'cascade' })
  tenant?: Rel<Tenant> | null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  preset?: ApiTokenPreset | null;

  /** Deleting the role deletes its tokens: they would have no rights left. */
  @ManyToOne(() => Role, { nullable: true, deleteRule: 'cascade' })
  role?: Rel<Role> | null;

  @Property({ type: 'text', unique: true })
  secretHash!: string;

  @Property({ type: 'text' })
  prefix!: string;

  /** The user who created it (text, no foreign key); null once that account was deleted, so no mail address remains. */
  @Index()
  @Property({ type: 'text', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
