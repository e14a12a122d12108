import { Migration } from '@mikro-orm/migrations';

/**
 * `mail_enabled` becomes the instance's switch for all outgoing mail (off: mails are logged and
 * dropped), so whether the instance sends with its own server moves to `use_own_mail_server`.
 * Existing instances keep what they did: their old flag chose their own server, and mail was sent
 * either way.
 */
export class Migration20261203090000InstanceMailSwitch extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "instance" add column "use_own_mail_server" boolean not null default false;`);
    this.addSql(`update "instance" set "use_own_mail_server" = "mail_enabled", "mail_enabled" = true;`);
    this.addSql(`alter table "instance" alter column "mail_enabled" set default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "instance" set "mail_enabled" = "use_own_mail_server";`);
    this.addSql(`alter table "instance" alter column "mail_enabled" set default false;`);
    this.addSql(`alter table "instance" drop column if exists "use_own_mail_server";`);
  }

}
