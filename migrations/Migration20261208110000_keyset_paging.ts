import { Migration } from '@mikro-orm/migrations';

/**
 * Keyset paging (docs/api.md, "Paging"): the bookings lists read newest first by (created_at, key),
 * so the creation index gains the key that breaks ties; synchronisation (updatedSince) reads
 * bookings and events by (updated_at, key or id) from an instant on, each through an index of its own.
 */
export class Migration20261208110000KeysetPaging extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "bookings_tenant_created_index";`);
    this.addSql(`create index "bookings_tenant_created_index" on "bookings" ("tenant_id", "created_at", "key");`);
    this.addSql(`create index "bookings_tenant_updated_index" on "bookings" ("tenant_id", "updated_at", "key");`);
    this.addSql(`create index "events_tenant_updated_index" on "events" ("tenant_id", "updated_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "events_tenant_updated_index";`);
    this.addSql(`drop index if exists "bookings_tenant_updated_index";`);
    this.addSql(`drop index if exists "bookings_tenant_created_index";`);
    this.addSql(`create index "bookings_tenant_created_index" on "bookings" ("tenant_id", "created_at");`);
  }

}
