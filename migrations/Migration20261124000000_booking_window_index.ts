import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's bookings by time window through one GiST index on (tenant, time range): the staff's
 * list filtered by a window and the start page's counts read what overlaps the window, not every
 * booking that began before its end. The bookings waiting for release and the unpaid released ones
 * (the start page's open tasks, and list filters) through partial indexes, whatever the history.
 */
export class Migration20261124000000BookingWindowIndex extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "bookings_tenant_window_index" on "bookings" using gist ("tenant_id", tstzrange("time_begin", "time_end", '[)')) where "time_begin" is not null and "time_end" is not null;`);
    this.addSql(`create index "bookings_tenant_pending_index" on "bookings" ("tenant_id", "created_at") where not "is_committed" and not "is_rejected";`);
    this.addSql(`create index "bookings_tenant_unpaid_index" on "bookings" ("tenant_id", "created_at") where "is_committed" and not "is_rejected" and not "is_payed";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_window_index";`);
    this.addSql(`drop index if exists "bookings_tenant_pending_index";`);
    this.addSql(`drop index if exists "bookings_tenant_unpaid_index";`);
  }

}
