import { Migration } from '@mikro-orm/migrations';

/**
 * The booking horizon of every tenant: bookings end at most 730 days ahead and last at most 31
 * days unless an object allows more. Existing tenants get the defaults; stored bookings stay.
 */
export class Migration20261126120000BookingHorizon extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tenants" add column "booking_horizon_days" int not null default 730, add column "max_booking_days" int not null default 31;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tenants" drop column "booking_horizon_days", drop column "max_booking_days";`);
  }

}
