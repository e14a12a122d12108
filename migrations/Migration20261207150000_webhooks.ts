import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks of integrators (docs/integrators.md): the endpoints a tenant's owners register and the
 * deliveries to them, each kept with its last attempt for the log. The signing secret is kept as
 * is (a signature needs it) and never answered after the creation. Deliveries of an endpoint are
 * sent in the order of `seq`; a redelivery waits at most once per original (partial unique index).
 */
export class Migration20261207150000Webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" ("id" uuid not null, "tenant_id" text not null, "url" text not null, "events" text[] not null, "secret" text not null, "description" text not null default '', "include_personal_data" boolean not null default false, "created_by" text not null, "created_at" timestamptz not null default now(), "disabled_at" timestamptz null, "disabled_reason" text null, "failing_since" timestamptz null, constraint "webhook_endpoints_pkey" primary key ("id"), constraint "webhook_endpoints_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade);`);
    this.addSql(`create index "webhook_endpoints_tenant_id_index" on "webhook_endpoints" ("tenant_id");`);
    this.addSql(`create table "webhook_deliveries" ("id" uuid not null, "seq" bigserial not null, "endpoint_id" uuid not null, "event_id" text not null, "event_type" text not null, "payload" jsonb not null, "status" text not null default 'pending', "attempts" int not null default 0, "last_status_code" int null, "last_duration_ms" int null, "last_error" text null, "next_attempt_at" timestamptz null default now(), "created_at" timestamptz not null default now(), "delivered_at" timestamptz null, "redelivery_of" uuid null, constraint "webhook_deliveries_pkey" primary key ("id"), constraint "webhook_deliveries_status_check" check ("status" in ('pending', 'succeeded', 'failed')), constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade);`);
    // The log of an endpoint, newest first, and its queue, oldest first.
    this.addSql(`create index "webhook_deliveries_endpoint_log_index" on "webhook_deliveries" ("endpoint_id", "seq" desc);`);
    this.addSql(`create index "webhook_deliveries_endpoint_pending_index" on "webhook_deliveries" ("endpoint_id", "seq") where "status" = 'pending';`);
    this.addSql(`create unique index "webhook_deliveries_redelivery_pending_unique" on "webhook_deliveries" ("redelivery_of") where "status" = 'pending' and "redelivery_of" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }

}
