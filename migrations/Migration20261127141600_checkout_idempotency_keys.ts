import { Migration } from '@mikro-orm/migrations';

/**
 * The idempotency keys of checkouts (server/src/bookings/checkout/checkout-idempotency.ts): per
 * tenant and signed-in user ('' for none) the key, the SHA-256 of the request it came with and the
 * booking it made, remembered for 24 hours. The primary key makes two checkouts with one key one booking.
 */
export class Migration20261127141600CheckoutIdempotencyKeys extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "checkout_idempotency_keys" (
      "tenant_id" text not null references "tenants" ("id") on update cascade on delete cascade,
      "user_id" text not null default '',
      "key" text not null,
      "fingerprint" text not null,
      "booking_key" uuid null references "bookings" ("key") on update cascade on delete set null,
      "created_at" timestamptz not null default now(),
      constraint "checkout_idempotency_keys_pkey" primary key ("tenant_id", "user_id", "key"),
      constraint "checkout_idempotency_keys_key_length" check (char_length("key") between 1 and 255)
    );`);
    this.addSql(`create index "checkout_idempotency_keys_created_index" on "checkout_idempotency_keys" ("created_at");`);
    this.addSql(`create index "checkout_idempotency_keys_booking_index" on "checkout_idempotency_keys" ("booking_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "checkout_idempotency_keys" cascade;`);
  }

}
