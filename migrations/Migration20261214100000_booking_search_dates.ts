import { Migration } from '@mikro-orm/migrations';

/**
 * The staff's search finds a booking by the date of its begin as the list shows it ("03.05.2027",
 * Berlin): searchTextOf now ends with it, and the stored texts of bookings with times get it
 * appended the same way.
 */
export class Migration20261214100000BookingSearchDates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update "bookings" set "search_text" = concat_ws(' ', nullif("search_text", ''), to_char("time_begin" at time zone 'Europe/Berlin', 'DD.MM.YYYY')) where "time_begin" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "bookings" set "search_text" = regexp_replace("search_text", '\\s?\\d{2}\\.\\d{2}\\.\\d{4}$', '') where "time_begin" is not null;`);
  }

}
