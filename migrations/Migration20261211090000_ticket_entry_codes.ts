import { Migration } from '@mikro-orm/migrations';

/**
 * Entry codes of released ticket bookings: whether an event issues one code per person or one per
 * order, and the codes themselves, kept only as their SHA-256 (the plain code is derived again
 * from the booking when the ticket PDF is rendered). `used_at` is set once, at the door.
 */
export class Migration20261211090000TicketEntryCodes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "events" add column "ticket_code_per" text not null default 'person';`);
    this.addSql(`create table "ticket_entry_codes" (
      "code_hash" text primary key,
      "tenant_id" text not null references "tenants" ("id") on delete cascade,
      "booking_key" uuid not null references "bookings" ("key") on delete cascade,
      "event_id" uuid null,
      "bookable_id" uuid not null,
      "position" integer not null,
      "of_count" integer not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "ticket_entry_codes_booking_position_unique" unique ("booking_key", "position")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ticket_entry_codes";`);
    this.addSql(`alter table "events" drop column if exists "ticket_code_per";`);
  }

}
