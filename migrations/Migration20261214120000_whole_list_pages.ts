import { Migration } from '@mikro-orm/migrations';

/**
 * The tenants and the bookables lists page by keyset and search substrings
 * (server/src/tenants/tenant-list.queries.ts, server/src/bookables/bookable-list.queries.ts): a
 * B-tree on each order, ending in the id that breaks ties (the objects' old index lacked it; one
 * type's list has its own), and a trigram index on the text each search reads.
 */
export class Migration20261214120000WholeListPages extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "tenants_name_index" on "tenants" ("name", "id");`);
    this.addSql(`create index "tenants_search_index" on "tenants" using gin ((lower("id" || ' ' || "name" || ' ' || "contact_name" || ' ' || "location" || ' ' || "mail" || ' ' || "phone")) gin_trgm_ops);`);
    this.addSql(`drop index if exists "bookables_tenant_created_index";`);
    this.addSql(`create index "bookables_tenant_created_index" on "bookables" ("tenant_id", "created_at", "id");`);
    this.addSql(`create index "bookables_tenant_type_created_index" on "bookables" ("tenant_id", "type", "created_at", "id");`);
    this.addSql(`create index "bookables_search_index" on "bookables" using gin ((lower("title" || ' ' || "location")) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookables_search_index";`);
    this.addSql(`drop index if exists "bookables_tenant_type_created_index";`);
    this.addSql(`drop index if exists "bookables_tenant_created_index";`);
    this.addSql(`create index "bookables_tenant_created_index" on "bookables" ("tenant_id", "created_at");`);
    this.addSql(`drop index if exists "tenants_search_index";`);
    this.addSql(`drop index if exists "tenants_name_index";`);
  }

}
