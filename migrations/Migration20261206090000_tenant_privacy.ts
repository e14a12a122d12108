import { Migration } from '@mikro-orm/migrations';

/**
 * A tenant's privacy notice (a short plain text for citizens) and the link to its privacy statement:
 * the booking page and the customers' mails show them. Empty for existing tenants, so nothing
 * changes until a tenant sets them.
 */
export class Migration20261206090000TenantPrivacy extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenants" add column "privacy_notice" text not null default '', add column "privacy_policy_link" text not null default '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tenants" drop column if exists "privacy_notice", drop column if exists "privacy_policy_link";`);
  }

}
