import { Migration } from '@mikro-orm/migrations';

/**
 * The links of account mails carry a random token of which only the SHA-256 is stored. A password
 * reset no longer keeps a chosen password until its link is opened: pending reset requests are
 * dropped (whoever asked may have chosen someone else's next password). Pending verification links
 * keep working: their id, which the mailed link carries, becomes the token (stored hashed) and the
 * row gets a new id.
 */
export class Migration20261127094512HashedAccountTokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`delete from "user_hooks" where "type" = 'reset-password';`);
    this.addSql(`alter table "user_hooks" add column "token_hash" text null;`);
    this.addSql(`update "user_hooks" set "token_hash" = encode(sha256(convert_to("id"::text, 'UTF8')), 'hex'), "id" = gen_random_uuid();`);
    this.addSql(`alter table "user_hooks" alter column "token_hash" set not null;`);
    this.addSql(`alter table "user_hooks" add constraint "user_hooks_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "user_hooks" drop column "payload";`);
  }

  override async down(): Promise<void> {
    // Hashed tokens cannot become links again: the pending ones are given up.
    this.addSql(`delete from "user_hooks";`);
    this.addSql(`alter table "user_hooks" drop constraint "user_hooks_token_hash_unique";`);
    this.addSql(`alter table "user_hooks" drop column "token_hash";`);
    this.addSql(`alter table "user_hooks" add column "payload" text null;`);
  }

}
