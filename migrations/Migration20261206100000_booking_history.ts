import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of a booking leaves one row here, written in the change's own transaction: what
 * happened, who did it (kind, id and the name as it was then) and through which path. The rows
 * outlive their booking (no foreign key: a deleted booking's history is kept and ends with
 * `deleted`), and a trigger refuses to change or remove them unless the transaction sets
 * `app.history_anonymise` (reserved for anonymising personal data after its retention period).
 */
export class Migration20261206100000BookingHistory extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "booking_history" (
      "id" bigint generated always as identity primary key,
      "tenant_id" text not null,
      "booking_id" text not null,
      "at" timestamptz not null default now(),
      "action" text not null,
      "actor_kind" text not null check ("actor_kind" in ('user', 'citizen', 'payment_provider', 'system', 'api_token')),
      "actor_id" text null,
      "actor_label" text not null default '',
      "via" text not null,
      "changes" jsonb not null default '[]',
      "reason" text null
    );`);
    this.addSql(`create index "booking_history_tenant_booking_at_index" on "booking_history" ("tenant_id", "booking_id", "at" desc, "id" desc);`);
    this.addSql(`create function "booking_history_append_only"() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('app.history_anonymise', true), '') = 'on' then
          if tg_op = 'DELETE' then return old; end if;
          return new;
        end if;
        raise exception 'booking_history is append-only: % refused', tg_op using errcode = 'P0001';
      end
    $$;`);
    this.addSql(`create trigger "booking_history_append_only" before update or delete on "booking_history" for each row execute function "booking_history_append_only"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "booking_history";`);
    this.addSql(`drop function if exists "booking_history_append_only"();`);
  }

}
