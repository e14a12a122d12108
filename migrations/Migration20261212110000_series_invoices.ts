import { Migration } from '@mikro-orm/migrations';

/**
 * One invoice for a series: such an invoice is kept with the series' first invoiced date and names
 * its series (series_id), so its numbering and revisions are the series' own, apart from any
 * invoice of that date alone.
 */
export class Migration20261212110000SeriesInvoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "receipts" add column "series_id" uuid null;`);
    this.addSql(`alter table "receipts" add constraint "receipts_series_id_foreign" foreign key ("series_id") references "booking_series" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "receipts_series_index" on "receipts" ("series_id", "kind", "revision") where "series_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "receipts_series_index";`);
    this.addSql(`alter table "receipts" drop column "series_id";`);
  }
}
