import { Migration } from '@mikro-orm/migrations';

/**
 * Status tokens of checkouts (docs/integrators.md, "Booking status for websites"): only the SHA-256
 * of the token is kept on the booking, unique, so a status request finds its booking by it.
 */
export class Migration20261208120000BookingStatusTokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "status_token_hash" text null;`);
    this.addSql(`create unique index "bookings_status_token_hash_unique" on "bookings" ("status_token_hash") where "status_token_hash" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_status_token_hash_unique";`);
    this.addSql(`alter table "bookings" drop column if exists "status_token_hash";`);
  }

}
