import { Migration } from '@mikro-orm/migrations';

/**
 * The staff's bookings list also sorts by status, payment and payment way, each read through an
 * index on (tenant, sort key, key) like the other columns. The expressions are those of the orders
 * in booking.queries.ts, so the planner matches them.
 */
export class Migration20261214130000BookingStateSortIndexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "bookings_tenant_status_index" on "bookings" ("tenant_id", ("is_rejected"::int * 2 + "is_committed"::int), "key");`);
    this.addSql(`create index "bookings_tenant_payment_index" on "bookings" ("tenant_id", ("is_payed"::int), "key");`);
    this.addSql(`create index "bookings_tenant_payment_way_index" on "bookings" ("tenant_id", coalesce(nullif("payment_method", ''), "payment_provider", ''), "key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_payment_way_index";`);
    this.addSql(`drop index if exists "bookings_tenant_payment_index";`);
    this.addSql(`drop index if exists "bookings_tenant_status_index";`);
  }

}
