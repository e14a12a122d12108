import { Migration } from '@mikro-orm/migrations';

/**
 * Allocation rounds ("Vergaberunde"): a season of objects handed out at once. Accounts apply with
 * wishes in the window, staff decide each wish, publishing books the grants as series. Every
 * decision leaves a row in allocation_history, append-only like booking_history (a trigger refuses
 * changes and removals; no foreign keys, so the record outlives a withdrawn application).
 */
export class Migration20261213090000AllocationRounds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "allocation_rounds" ("id" uuid not null, "tenant_id" text not null, "title" text not null, "season_begin" text not null, "season_end" text not null, "applications_from" timestamptz not null, "applications_until" timestamptz not null, "bookable_ids" text[] not null default '{}', "skip_holidays" boolean not null default true, "state" text not null default 'OPEN', "published_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "allocation_rounds_pkey" primary key ("id"));`);
    this.addSql(`create index "allocation_rounds_tenant_window_index" on "allocation_rounds" ("tenant_id", "applications_until");`);
    this.addSql(`create table "allocation_applications" ("id" uuid not null, "round_id" uuid not null, "user_id" text not null, "name" text not null, "contact_name" text not null default '', "mail" text not null default '', "phone" text not null default '', "registration" text not null default '', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "published_at" timestamptz null, constraint "allocation_applications_pkey" primary key ("id"));`);
    this.addSql(`alter table "allocation_applications" add constraint "allocation_applications_round_user_unique" unique ("round_id", "user_id");`);
    this.addSql(`create table "allocation_wishes" ("id" uuid not null, "application_id" uuid not null, "round_id" uuid not null, "bookable_id" text null, "bookable_type" text null, "weekday" text not null, "time_begin" text not null, "time_end" text not null, "interval" int not null default 1, "participants" int not null default 0, "priority" int not null, "comment" text not null default '', "decision" text null, "grant_bookable_id" text null, "grant_weekday" text null, "grant_time_begin" text null, "grant_time_end" text null, "reason" text not null default '', "decided_at" timestamptz null, "series_id" uuid null, "left_out_dates" jsonb not null default '[]', constraint "allocation_wishes_pkey" primary key ("id"));`);
    this.addSql(`create index "allocation_wishes_round_index" on "allocation_wishes" ("round_id");`);
    this.addSql(`alter table "allocation_rounds" add constraint "allocation_rounds_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "allocation_applications" add constraint "allocation_applications_round_id_foreign" foreign key ("round_id") references "allocation_rounds" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "allocation_wishes" add constraint "allocation_wishes_application_id_foreign" foreign key ("application_id") references "allocation_applications" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "allocation_wishes" add constraint "allocation_wishes_round_id_foreign" foreign key ("round_id") references "allocation_rounds" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "allocation_history" (
      "id" bigint generated always as identity primary key,
      "tenant_id" text not null,
      "round_id" uuid not null,
      "wish_id" uuid null,
      "at" timestamptz not null default now(),
      "action" text not null,
      "actor_id" text null,
      "actor_label" text not null default '',
      "before" jsonb null,
      "after" jsonb null
    );`);
    this.addSql(`create index "allocation_history_round_at_index" on "allocation_history" ("round_id", "at", "id");`);
    this.addSql(`create function "allocation_history_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'allocation_history is append-only';
      end;
    $$;`);
    this.addSql(`create trigger "allocation_history_append_only" before update or delete on "allocation_history" for each row execute function "allocation_history_append_only"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "allocation_history";`);
    this.addSql(`drop function "allocation_history_append_only"();`);
    this.addSql(`drop table "allocation_wishes";`);
    this.addSql(`drop table "allocation_applications";`);
    this.addSql(`drop table "allocation_rounds";`);
  }

}
