import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's change log names the role a person acted in (owner of the tenant, instance owner,
 * staff), as it was at the time: an owner is no "Mitarbeiter/in". Older entries keep none.
 */
export class Migration20261210090000ChangeLogActorRole extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenant_change_log" add column "actor_role" text null check ("actor_role" in ('tenant_owner', 'instance_owner', 'staff'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tenant_change_log" drop column "actor_role";`);
  }

}
