import { Migration } from '@mikro-orm/migrations';

/**
 * Personal accesses end with their creator's rights (docs/security.md, "People leave"): a deleted
 * account's id (its mail address) is blanked in the API tokens, calendar feeds and webhook
 * endpoints it created, so the columns may be empty. Index: the accesses of one person are found
 * when their rights change. Accesses of accounts deleted before lose the id now.
 */
export class Migration20261209090000AccessCreators extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "api_tokens" alter column "created_by" drop not null;`);
    this.addSql(`alter table "calendar_feeds" alter column "created_by" drop not null;`);
    this.addSql(`alter table "webhook_endpoints" alter column "created_by" drop not null;`);
    // Accounts deleted before this change: their id (a mail address) leaves the accesses they made.
    for (const table of ['api_tokens', 'calendar_feeds', 'webhook_endpoints']) {
      this.addSql(`update "${table}" set "created_by" = null where "created_by" is not null and not exists (select 1 from "users" u where u."id" = "${table}"."created_by");`);
    }
    this.addSql(`create index "api_tokens_created_by_index" on "api_tokens" ("created_by");`);
    this.addSql(`create index "calendar_feeds_created_by_index" on "calendar_feeds" ("created_by");`);
    this.addSql(`create index "webhook_endpoints_created_by_index" on "webhook_endpoints" ("created_by");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "webhook_endpoints_created_by_index";`);
    this.addSql(`drop index if exists "calendar_feeds_created_by_index";`);
    this.addSql(`drop index if exists "api_tokens_created_by_index";`);
    this.addSql(`update "api_tokens" set "created_by" = '' where "created_by" is null;`);
    this.addSql(`update "calendar_feeds" set "created_by" = '' where "created_by" is null;`);
    this.addSql(`update "webhook_endpoints" set "created_by" = '' where "created_by" is null;`);
    this.addSql(`alter table "api_tokens" alter column "created_by" set not null;`);
    this.addSql(`alter table "calendar_feeds" alter column "created_by" set not null;`);
    this.addSql(`alter table "webhook_endpoints" alter column "created_by" set not null;`);
  }

}
