import { Migration } from '@mikro-orm/migrations';

/**
 * The staff's bookings list sorts by its columns and pages by keyset: each order reads through an
 * index on (tenant, column, key). The begin index gains the key and keeps bookings without times
 * first, as the orders count them; end, customer name (case-insensitive, its first 64 characters)
 * and price get one each. The number's order uses the unique index on (tenant, number).
 */
export class Migration20261214090000BookingSortIndexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_time_index";`);
    this.addSql(`create index "bookings_tenant_time_index" on "bookings" ("tenant_id", "time_begin" nulls first, "key");`);
    this.addSql(`create index "bookings_tenant_end_index" on "bookings" ("tenant_id", "time_end" nulls first, "key");`);
    this.addSql(`create index "bookings_tenant_customer_index" on "bookings" ("tenant_id", lower(left("name", 64)), "key");`);
    this.addSql(`create index "bookings_tenant_price_index" on "bookings" ("tenant_id", "price_eur", "key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_price_index";`);
    this.addSql(`drop index if exists "bookings_tenant_customer_index";`);
    this.addSql(`drop index if exists "bookings_tenant_end_index";`);
    this.addSql(`drop index if exists "bookings_tenant_time_index";`);
    this.addSql(`create index "bookings_tenant_time_index" on "bookings" ("tenant_id", "time_begin");`);
  }

}
