import { Migration } from '@mikro-orm/migrations';

/** The tenant's Steuernummer or USt-IdNr., which invoices (and receipts, when set) carry. */
export class Migration20261210100000TenantTaxId extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenants" add column "tax_id" text not null default '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tenants" drop column "tax_id";`);
  }

}
