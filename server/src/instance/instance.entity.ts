import { Check, Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export interface SsoRoleMapping {
  tenantId: string;
  keycloakRole: string;
  tenantRoleId: string;
}

/**
 * The single sign-on application (docs/security.md#single-sign-on-keycloak-or-another-openid-connect-provider);
 * privateClientSecret is write-only.
 */
export interface SsoApplication {
  id: 'keycloak';
  type: 'auth';
  title: string;
  active: boolean;
  serverUrl: string;
  realm: string;
  publicClient: string;
  privateClient: string;
  privateClientSecret: string | null;
  roleMapping: { active: boolean; roles: SsoRoleMapping[] };
}

export type InstanceApplication = SsoApplication | ({ id: string; type: string } & Record<string, unknown>);

/** The single instance above all tenants (row id 1). */
@Entity({ tableName: 'instance' })
@Check({ name: 'instance_single_row', expression: '"id" = 1' })
export class Instance {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: Opt<number> = 1;

  @Property({ type: 'text', default: '' })
  contactAddress: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  contactUrl: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  dataProtectionUrl: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  legalNoticeUrl: Opt<string> = '';

  /** System mail receiver (notices such as "new user"). */
  @Property({ type: 'text', default: '' })
  mailAddress: Opt<string> = '';

  /** Off: no mail leaves the instance (each is logged as suppressed instead). */
  @Property({ type: 'boolean', default: true })
  mailEnabled: Opt<boolean> = true;

  /** Send with the noreply settings below instead of the server's SMTP configuration. */
  @Property({ type: 'boolean', default: false })
  useOwnMailServer: Opt<boolean> = false;

  @Property({ type: 'text', default: '' })
  mailTemplate: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  noreplyMail: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  noreplyDisplayName: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  noreplyHost: Opt<string> = '';

  @Property({ type: 'integer', nullable: true })
  noreplyPort?: number | null;

  @Property({ type: 'text', default: '' })
  noreplyUser: Opt<string> = '';

  @Property({ type: 'text', nullable: true, hidden: true })
  noreplyPassword?: string | null;

  @Property({ type: 'boolean', default: false })
  noreplyStarttls: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  noreplyUseGraphApi: Opt<boolean> = false;

  @Property({ type: 'text', default: '' })
  noreplyGraphTenantId: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  noreplyGraphClientId: Opt<string> = '';

  @Property({ type: 'text', nullable: true, hidden: true })
  noreplyGraphClientSecret?: string | null;

  @Property({ type: 'text[]', default: '{}' })
  ownerUserIds: Opt<string[]> = [];

  @Property({ type: 'boolean', default: false })
  allowAllUsersToCreateTenant: Opt<boolean> = false;

  @Property({ type: 'text[]', default: '{}' })
  allowedUsersToCreateTenant: Opt<string[]> = [];

  /** Instance-level applications: the single sign-on application (id "keycloak", type "auth"). */
  @Property({ type: 'jsonb', default: '[]' })
  applications: Opt<InstanceApplication[]> = [];

  /** Quotas; null means unlimited. */
  @Property({ type: 'integer', nullable: true })
  maxTenants?: number | null;

  @Property({ type: 'integer', nullable: true })
  maxBookables?: number | null;

  @Property({ type: 'integer', nullable: true })
  maxEvents?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
