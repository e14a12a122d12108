import { Migration } from '@mikro-orm/migrations';

/**
 * The bookings list's `refundedFrom`/`refundedTo` (the finance system's refunds of a month): the
 * refunds paid back, by tenant and the instant they were completed.
 */
export class Migration20261214160100RefundsByCompletion extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "booking_refunds_tenant_completed_index" on "booking_refunds" ("tenant_id", "completed_at") where "state" = 'COMPLETED';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "booking_refunds_tenant_completed_index";`);
  }

}
