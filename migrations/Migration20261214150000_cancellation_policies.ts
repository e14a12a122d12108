import { Migration } from '@mikro-orm/migrations';

/**
 * Every object gets its cancellation policy ("Stornobedingungen", docs/bookings.md, "Cancellation
 * policy and refunds"); the default is what all objects did before: citizens ask, the staff decide.
 */
export class Migration20261214150000CancellationPolicies extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "bookables" add column "cancellation_policy" jsonb not null default '{"citizenMayCancel":false,"tiers":[],"feeEur":0}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookables" drop column "cancellation_policy";`);
  }

}
