import { Migration } from '@mikro-orm/migrations';

export class Migration20261123212234Bookings extends Migration {

  override async up(): Promise<void> {
    // btree_gist: uuid equality inside the occupancy GiST index; pg_trgm: the staff's substring search.
    // Both are trusted extensions, so the database owner may create them.
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create table "bookings" ("key" uuid not null, "tenant_id" text not null, "number" text not null, "assigned_user_id" text null, "time_begin" timestamptz null, "time_end" timestamptz null, "name" text not null default '', "company" text not null default '', "street" text not null default '', "zip_code" text not null default '', "location" text not null default '', "mail" text not null default '', "phone" text not null default '', "comment" text not null default '', "coupon_code" text null, "coupon_used" jsonb null, "price_eur" numeric(12,2) not null default 0, "vat_included_eur" numeric(12,2) not null default 0, "is_committed" boolean not null default false, "is_payed" boolean not null default false, "is_rejected" boolean not null default false, "payment_provider" text null, "payment_method" text not null default '', "attachments" jsonb not null default '[]', "locker_info" jsonb not null default '[]', "hooks" jsonb not null default '[]', "search_text" text not null default '', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "bookings_pkey" primary key ("key"));`);
    this.addSql(`create index "bookings_search_index" on "bookings" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create index "bookings_tenant_assigned_index" on "bookings" ("tenant_id", "assigned_user_id");`);
    this.addSql(`create index "bookings_tenant_time_index" on "bookings" ("tenant_id", "time_begin");`);
    this.addSql(`create index "bookings_tenant_created_index" on "bookings" ("tenant_id", "created_at");`);
    this.addSql(`alter table "bookings" add constraint "bookings_tenant_number_unique" unique ("tenant_id", "number");`);

    this.addSql(`create table "booking_items" ("id" uuid not null, "booking_key" uuid not null, "position" smallint not null, "bookable_id" uuid not null, "amount" int not null, "regular_price_eur" numeric(12,2) not null, "regular_gross_price_eur" numeric(12,2) not null, "user_price_eur" numeric(12,2) not null, "user_gross_price_eur" numeric(12,2) not null, "bookable_used" jsonb not null, "time_begin" timestamptz null, "time_end" timestamptz null, constraint "booking_items_pkey" primary key ("id"));`);
    this.addSql(`create index "booking_items_booking_index" on "booking_items" ("booking_key");`);
    this.addSql(`create index "booking_items_bookable_index" on "booking_items" ("bookable_id");`);
    this.addSql(`create index "booking_items_occupancy_index" on "booking_items" using gist ("bookable_id", tstzrange("time_begin", "time_end", '[)')) where "time_begin" is not null and "time_end" is not null;`);

    this.addSql(`alter table "bookings" add constraint "bookings_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "booking_items" add constraint "booking_items_booking_key_foreign" foreign key ("booking_key") references "bookings" ("key") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "booking_items" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
    this.addSql(`drop extension if exists pg_trgm;`);
    this.addSql(`drop extension if exists btree_gist;`);
  }

}
