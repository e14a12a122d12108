import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds of citizens' cancellations (docs/bookings.md, "Cancellation policy and refunds"). One per
 * cancellation: the cancellation's instant is part of its key, so a booking released again and
 * cancelled again gets a new one. The table lives outside the ORM (read and written in SQL by
 * bookings/booking-refunds.ts).
 */
export class Migration20261214150100BookingRefunds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "booking_refunds" (
      "id" uuid primary key default gen_random_uuid(),
      "tenant_id" text not null references "tenants" ("id") on delete cascade,
      "booking_key" uuid not null references "bookings" ("key") on delete cascade,
      "booking_number" text not null,
      "cancelled_at" timestamptz not null,
      "amount_cents" integer not null check ("amount_cents" > 0),
      "reason" text not null default '',
      "way" text not null,
      "online" boolean not null default false,
      "state" text not null default 'OPEN' check ("state" in ('OPEN', 'COMPLETED', 'FAILED')),
      "failure" text null,
      "created_at" timestamptz not null default now(),
      "completed_at" timestamptz null,
      "completed_by" text null
    );`);
    this.addSql(`create unique index "booking_refunds_cancellation_unique" on "booking_refunds" ("booking_key", "cancelled_at");`);
    this.addSql(`create index "booking_refunds_tenant_booking_index" on "booking_refunds" ("tenant_id", "booking_number");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "booking_refunds";`);
  }

}
