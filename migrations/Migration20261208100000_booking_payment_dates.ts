import { Migration } from '@mikro-orm/migrations';

/**
 * When a booking was paid and when it was rejected or cancelled (docs/integrators.md, "Money and
 * payment dates"), with a partial index so a finance export reads a month's payments without the
 * unpaid bookings. Existing bookings learn their instants from the append-only history (read
 * only): the newest entry that set the flag, or, for a booking whose history knows no such
 * transition but its creation, the creation (created paid: free, or by staff; created rejected by
 * staff). A booking older than the history keeps null: its instant is unknown.
 */
export class Migration20261208100000BookingPaymentDates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "paid_at" timestamptz null, add column "cancelled_at" timestamptz null;`);
    this.addSql(`create index "bookings_tenant_paid_at_index" on "bookings" ("tenant_id", "paid_at") where "paid_at" is not null;`);
    for (const [column, flag, field] of [['paid_at', 'is_payed', 'isPayed'], ['cancelled_at', 'is_rejected', 'isRejected']] as const) {
      this.addSql(`update "bookings" b set "${column}" = coalesce(
          (select h.at from "booking_history" h
            where h.tenant_id = b.tenant_id and h.booking_id = b.number and h.changes @> '[{"field": "${field}", "after": true}]'::jsonb
            order by h.at desc, h.id desc limit 1),
          (select b.created_at from "booking_history" h
            where h.tenant_id = b.tenant_id and h.booking_id = b.number and h.action = 'created' limit 1))
        where b."${flag}";`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_paid_at_index";`);
    this.addSql(`alter table "bookings" drop column "paid_at", drop column "cancelled_at";`);
  }

}
