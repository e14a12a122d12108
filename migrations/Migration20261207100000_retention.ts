import { Migration } from '@mikro-orm/migrations';

/**
 * Retention of customer data (docs/privacy.md): each tenant says how many months the customer data
 * of finished bookings is kept (12 by default), and a booking records when and how it was
 * anonymised ("full", or "keep-accounting" while a receipt must still be kept), so the daily job
 * and an erasure request never anonymise it twice.
 */
export class Migration20261207100000Retention extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenants" add column "retention_months" int not null default 12;`);
    this.addSql(`alter table "bookings" add column "anonymised_at" timestamptz null, add column "anonymised_mode" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookings" drop column if exists "anonymised_at", drop column if exists "anonymised_mode";`);
    this.addSql(`alter table "tenants" drop column if exists "retention_months";`);
  }

}
