import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022928Tenants extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workflows" ("id" uuid not null, "tenant_id" text not null, "name" text not null default '', "description" text not null default '', "active" boolean not null default false, "default_state" text not null default '', "states" jsonb not null default '[]', "archive" jsonb not null default '[]', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "workflows_pkey" primary key ("id"));`);
    this.addSql(`alter table "workflows" add constraint "workflows_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`alter table "workflows" add constraint "workflows_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "workflows" cascade;`);
  }

}
