import { Migration } from '@mikro-orm/migrations';

/**
 * Series bookings: the rule a checkout booked several dates by, each date a booking linked by
 * series_id; objects allow the public to book series only when switched on (allow_series).
 */
export class Migration20261212100000BookingSeries extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "booking_series" ("id" uuid not null, "tenant_id" text not null, "rrule" text not null, "frequency" text not null, "interval" int not null, "weekdays" text[] not null default '{}', "until" text null, "count" int null, "skip_holidays" boolean not null default false, "exclude_dates" text[] not null default '{}', "first_begin" timestamptz not null, "first_end" timestamptz not null, "name" text not null default '', "mail" text not null default '', "created_at" timestamptz not null default now(), constraint "booking_series_pkey" primary key ("id"));`);
    this.addSql(`create index "booking_series_tenant_created_index" on "booking_series" ("tenant_id", "created_at");`);
    this.addSql(`alter table "booking_series" add constraint "booking_series_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bookings" add column "series_id" uuid null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_series_id_foreign" foreign key ("series_id") references "booking_series" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "bookings_tenant_series_index" on "bookings" ("tenant_id", "series_id", "time_begin") where "series_id" is not null;`);
    this.addSql(`alter table "bookables" add column "allow_series" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookables" drop column "allow_series";`);
    this.addSql(`drop index "bookings_tenant_series_index";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_series_id_foreign";`);
    this.addSql(`alter table "bookings" drop column "series_id";`);
    this.addSql(`drop table "booking_series";`);
  }

}
