import { Migration } from '@mikro-orm/migrations';

export class Migration20261122023143Coupons extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "coupons" ("key" uuid not null, "tenant_id" text not null, "code" text not null, "description" text not null default '', "type" text check ("type" in ('percentage', 'fixed')) not null default 'fixed', "discount" numeric(12,2) not null default 0, "max_amount" int null, "used_amount" int not null default 0, "valid_from" timestamptz null, "valid_to" timestamptz null, "owner_user_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "coupons_pkey" primary key ("key"));`);
    this.addSql(`alter table "coupons" add constraint "coupons_tenant_id_code_unique" unique ("tenant_id", "code");`);

    this.addSql(`alter table "coupons" add constraint "coupons_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "coupons" cascade;`);
  }

}
