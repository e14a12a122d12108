import { Migration } from '@mikro-orm/migrations';

/**
 * "Meine Buchungen" reads a person's bookings across all tenants: by the assigned account alone,
 * which the index on (tenant, assigned account) cannot serve.
 */
export class Migration20261214130100BookingsOfAccounts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "bookings_assigned_user_index" on "bookings" ("assigned_user_id") where "assigned_user_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_assigned_user_index";`);
  }

}
