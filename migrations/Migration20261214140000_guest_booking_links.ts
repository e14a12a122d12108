import { Migration } from '@mikro-orm/migrations';

/**
 * "Meine Buchungen" for guests: the links mailed to an address that booked without an account.
 * Only the token's SHA-256 is kept, with the address it shows and when it expires. The guests'
 * bookings are read by their address across every tenant, and a verified account takes over those
 * of its own address: both look the address up without regard to case.
 */
export class Migration20261214140000GuestBookingLinks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "guest_booking_links" ("token_hash" text not null, "mail" text not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, constraint "guest_booking_links_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "guest_booking_links_expires_at_index" on "guest_booking_links" ("expires_at");`);
    this.addSql(`create index "bookings_mail_lower_index" on "bookings" (lower("mail"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_mail_lower_index";`);
    this.addSql(`drop table if exists "guest_booking_links";`);
  }

}
