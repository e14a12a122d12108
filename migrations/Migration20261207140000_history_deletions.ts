import { Migration } from '@mikro-orm/migrations';

/**
 * The `deleted` entries of the booking history, by tenant and booking: the retention job and the
 * erasure find the histories of deleted bookings through them without reading every entry.
 */
export class Migration20261207140000HistoryDeletions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "booking_history_deletions_index" on "booking_history" ("tenant_id", "booking_id", "at") where "action" = 'deleted';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "booking_history_deletions_index";`);
  }

}
