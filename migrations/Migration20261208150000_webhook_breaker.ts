import { Migration } from '@mikro-orm/migrations';

/**
 * The circuit breaker of webhook endpoints (docs/integrators.md, "Delivery, retries and order"):
 * failed attempts in a row, reset by a success; enough of them pause the endpoint.
 */
export class Migration20261208150000WebhookBreaker extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints" add column "consecutive_failures" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints" drop column if exists "consecutive_failures";`);
  }

}
