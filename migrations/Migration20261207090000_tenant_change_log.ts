import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of a tenant's settings, roles, members, applications and workflow leaves one row
 * here, written in the change's own transaction: what was changed (subject and its name as it was
 * then), who did it, through which path, and the changed fields (a secret only as "changed", never
 * its value). The rows outlive their tenant (no foreign key: a deleted tenant's log ends with its
 * deletion), and a trigger refuses to change or remove them unless the transaction sets
 * `app.history_anonymise` (reserved for anonymising personal data after its retention period).
 */
export class Migration20261207090000TenantChangeLog extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "tenant_change_log" (
      "id" bigint generated always as identity primary key,
      "tenant_id" text not null,
      "at" timestamptz not null default now(),
      "subject" text not null check ("subject" in ('tenant_settings', 'role', 'membership', 'payment_application', 'locker_application', 'workflow')),
      "subject_id" text not null default '',
      "subject_label" text not null default '',
      "action" text not null,
      "actor_kind" text not null check ("actor_kind" in ('user', 'citizen', 'payment_provider', 'system', 'api_token')),
      "actor_id" text null,
      "actor_label" text not null default '',
      "via" text not null,
      "changes" jsonb not null default '[]'
    );`);
    this.addSql(`create index "tenant_change_log_tenant_at_index" on "tenant_change_log" ("tenant_id", "at" desc, "id" desc);`);
    this.addSql(`create function "tenant_change_log_append_only"() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('app.history_anonymise', true), '') = 'on' then
          if tg_op = 'DELETE' then return old; end if;
          return new;
        end if;
        raise exception 'tenant_change_log is append-only: % refused', tg_op using errcode = 'P0001';
      end
    $$;`);
    this.addSql(`create trigger "tenant_change_log_append_only" before update or delete on "tenant_change_log" for each row execute function "tenant_change_log_append_only"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tenant_change_log";`);
    this.addSql(`drop function if exists "tenant_change_log_append_only"();`);
  }

}
