import { Migration } from '@mikro-orm/migrations';

/**
 * What a receipt or invoice prints, as a digest: "Zahlungsbeleg erstellen" returns the newest one
 * instead of a new revision when the booking would print the same. Documents issued before have
 * none and count as different.
 */
export class Migration20261211100000ReceiptContentDigest extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "receipts" add column "content_digest" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "receipts" drop column "content_digest";`);
  }

}
