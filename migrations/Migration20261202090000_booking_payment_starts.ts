import { Migration } from '@mikro-orm/migrations';

/**
 * The online payment a booking has under way (provider, amount in cents, the provider's page, when
 * it was started): a second visit of the payment page resumes it instead of opening another.
 */
export class Migration20261202090000BookingPaymentStarts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "payment_start" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookings" drop column if exists "payment_start";`);
  }

}
