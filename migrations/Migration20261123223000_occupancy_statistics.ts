import { Migration } from '@mikro-orm/migrations';

/**
 * Statistics on the booked time ranges, so the planner estimates an occupancy read of a window by
 * what is really in it (a handful of rows) instead of a default share of the object's whole history.
 */
export class Migration20261123223000OccupancyStatistics extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create statistics "booking_items_occupancy_range_stats" on (tstzrange("time_begin", "time_end", '[)')) from "booking_items";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop statistics if exists "booking_items_occupancy_range_stats";`);
  }

}
