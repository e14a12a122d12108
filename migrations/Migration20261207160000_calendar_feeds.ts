import { Migration } from '@mikro-orm/migrations';

/**
 * Calendar feeds (docs/integrators.md, "Kalender-Abos"): a secret URL per feed, of one object or of
 * the whole tenant. Only the SHA-256 of the URL's token is stored, unique, so a request finds its
 * feed by it; the token itself is shown once at creation.
 */
export class Migration20261207160000CalendarFeeds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "calendar_feeds" ("id" uuid not null, "tenant_id" text not null, "bookable_id" uuid null, "kind" text not null, "name" text not null, "token_hash" text not null, "prefix" text not null, "created_by" text not null, "created_at" timestamptz not null default now(), "revoked_at" timestamptz null, "last_polled_at" timestamptz null, constraint "calendar_feeds_pkey" primary key ("id"));`);
    this.addSql(`create index "calendar_feeds_tenant_id_index" on "calendar_feeds" ("tenant_id");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }

}
