import { Migration } from '@mikro-orm/migrations';

export class Migration20261123025153Bookables extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "bookables" ("id" uuid not null, "tenant_id" text not null, "type" text check ("type" in ('event-location', 'room', 'resource', 'ticket')) not null, "title" text not null, "description" text not null default '', "location" text not null default '', "img_url" text not null default '', "tags" text[] not null default '{}', "flags" text[] not null default '{}', "parent_id" uuid null, "event_id" uuid null, "price_type" text check ("price_type" in ('per-item', 'per-hour', 'per-day', 'per-square-meter')) not null default 'per-item', "price_value_added_tax" numeric(5,2) not null default 0, "amount" int null, "price_categories" jsonb not null default '[]', "auto_commit_booking" boolean not null default false, "is_bookable" boolean not null default false, "is_public" boolean not null default false, "is_schedule_related" boolean not null default false, "min_booking_duration" numeric(8,2) null, "max_booking_duration" numeric(8,2) null, "is_time_period_related" boolean not null default false, "time_periods" jsonb not null default '[]', "is_opening_hours_related" boolean not null default false, "opening_hours" jsonb not null default '[]', "is_special_opening_hours_related" boolean not null default false, "special_opening_hours" jsonb not null default '[]', "is_long_range" boolean not null default false, "long_range_options" jsonb null, "locker_details" jsonb not null default '{"active":false,"units":[]}', "attachments" jsonb not null default '[]', "permitted_users" text[] not null default '{}', "permitted_roles" text[] not null default '{}', "free_booking_users" text[] not null default '{}', "free_booking_roles" text[] not null default '{}', "related_bookable_ids" text[] not null default '{}', "checkout_bookable_ids" jsonb not null default '[]', "required_fields" text[] not null default '{}', "booking_notes" text not null default '', "owner_user_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "bookables_pkey" primary key ("id"));`);
    this.addSql(`create index "bookables_related_index" on "bookables" using gin ("related_bookable_ids");`);
    this.addSql(`create index "bookables_tags_index" on "bookables" using gin ("tags");`);
    this.addSql(`create index "bookables_tenant_public_index" on "bookables" ("tenant_id", "is_public");`);
    this.addSql(`create index "bookables_tenant_created_index" on "bookables" ("tenant_id", "created_at");`);

    this.addSql(`alter table "bookables" add constraint "bookables_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bookables" add constraint "bookables_parent_id_foreign" foreign key ("parent_id") references "bookables" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {

    this.addSql(`drop table if exists "bookables" cascade;`);
  }

}
