import { Migration } from '@mikro-orm/migrations';

/**
 * Events of a tenant, and tickets referencing them. Columns for what is filtered, sorted and
 * counted (start and end as instants, visibility, tags), jsonb for the form sections.
 *
 * Before this table existed a ticket's eventId could point nowhere; such ids are cleared so the
 * foreign key can be added (they could never be resolved). Deleting an event keeps its tickets and
 * clears their reference.
 */
export class Migration20261125100000Events extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "events" ("id" uuid not null, "tenant_id" text not null, "name" text not null default '', "starts_at" timestamptz null, "ends_at" timestamptz null, "is_public" boolean not null default false, "tags" text[] not null default '{}', "format" smallint not null default 0, "information" jsonb not null, "attendees" jsonb not null, "event_location" jsonb not null, "event_address" jsonb not null, "event_organizer" jsonb not null, "schedules" jsonb not null default '[]', "images" jsonb not null default '[]', "attachments" jsonb not null default '[]', "owner_user_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "events_pkey" primary key ("id"));`);
    this.addSql(`create index "events_tags_index" on "events" using gin ("tags");`);
    this.addSql(`create index "events_tenant_public_index" on "events" ("tenant_id", "is_public");`);
    this.addSql(`create index "events_tenant_starts_index" on "events" ("tenant_id", "starts_at");`);
    this.addSql(`alter table "events" add constraint "events_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);

    this.addSql(`update "bookables" set "event_id" = null where "event_id" is not null;`);
    this.addSql(`create index "bookables_event_index" on "bookables" ("event_id");`);
    this.addSql(`alter table "bookables" add constraint "bookables_event_id_foreign" foreign key ("event_id") references "events" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookables" drop constraint "bookables_event_id_foreign";`);
    this.addSql(`drop index "bookables_event_index";`);
    this.addSql(`drop table if exists "events" cascade;`);
  }

}
