import { Migration } from '@mikro-orm/migrations';

/**
 * A session started with single sign-on keeps the provider's refresh token (encrypted) and when the
 * provider last confirmed it, so the product can end the session once the provider revokes it. The
 * row belongs to its session: sign-out, expiry and revocation remove both.
 */
export class Migration20261205090000SsoSessions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sso_sessions" (
      "session_id" varchar not null primary key references "sessions" ("sid") on delete cascade,
      "user_id" varchar(255) not null,
      "refresh_token" text not null,
      "confirmed_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sso_sessions";`);
  }

}
