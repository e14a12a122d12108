import { Migration } from '@mikro-orm/migrations';

/**
 * Several status tokens per booking (docs/integrators.md, "Booking status for websites"): a repeated
 * idempotent checkout adds a token and leaves the earlier ones valid. The hashes move into a list,
 * found by a GIN index; the 256 random bits of each token keep them distinct.
 */
export class Migration20261209100000BookingStatusTokenList extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "status_token_hashes" text[] not null default '{}';`);
    this.addSql(`update "bookings" set "status_token_hashes" = array["status_token_hash"] where "status_token_hash" is not null;`);
    this.addSql(`drop index if exists "bookings_status_token_hash_unique";`);
    this.addSql(`alter table "bookings" drop column "status_token_hash";`);
    this.addSql(`create index "bookings_status_token_hashes_index" on "bookings" using gin ("status_token_hashes");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_status_token_hashes_index";`);
    this.addSql(`alter table "bookings" add column "status_token_hash" text null;`);
    this.addSql(`update "bookings" set "status_token_hash" = "status_token_hashes"[array_length("status_token_hashes", 1)] where cardinality("status_token_hashes") > 0;`);
    this.addSql(`alter table "bookings" drop column "status_token_hashes";`);
    this.addSql(`create unique index "bookings_status_token_hash_unique" on "bookings" ("status_token_hash") where "status_token_hash" is not null;`);
  }

}
