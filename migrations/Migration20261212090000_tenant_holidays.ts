import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's holidays, which a series booking may skip: the Bundesland whose public holidays
 * count (empty: none) and the school holiday periods staff enter each year.
 */
export class Migration20261212090000TenantHolidays extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenants" add column "holiday_region" text not null default '', add column "school_holidays" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tenants" drop column "holiday_region", drop column "school_holidays";`);
  }

}
