import { Migration } from '@mikro-orm/migrations';

/**
 * Integrators' API tokens (docs/integrators.md): per tenant (or the instance), with a preset or one
 * of the tenant's roles as rights. Only the secret's SHA-256 is stored, unique, so a request finds
 * its token by it.
 */
export class Migration20261207130000ApiTokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_tokens" ("id" uuid not null, "tenant_id" text null, "name" text not null, "preset" text null, "role_id" uuid null, "secret_hash" text not null, "prefix" text not null, "created_by" text not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, constraint "api_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "api_tokens_tenant_id_index" on "api_tokens" ("tenant_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_secret_hash_unique" unique ("secret_hash");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_role_id_foreign" foreign key ("role_id") references "roles" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_tokens" cascade;`);
  }

}
