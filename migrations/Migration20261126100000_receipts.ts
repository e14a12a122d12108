import { Migration } from '@mikro-orm/migrations';

/**
 * Receipts and invoices: the issued documents of a booking, and the tenants' yearly counters as rows
 * that PostgreSQL increments atomically (document_counters) instead of a JSON object on the tenant
 * that was read, changed and written back. Today's counters are carried over, and back on down.
 */
export class Migration20261126100000Receipts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "document_counters" (
      "tenant_id" text not null references "tenants" ("id") on update cascade on delete cascade,
      "kind" text not null,
      "year" smallint not null,
      "last_number" integer not null,
      constraint "document_counters_pkey" primary key ("tenant_id", "kind", "year"),
      constraint "document_counters_kind_check" check ("kind" in ('receipt', 'invoice'))
    );`);
    for (const [kind, column] of [['receipt', 'receipt_count'], ['invoice', 'invoice_count']] as const) {
      // Only well-formed entries ({"2026": 41}); anything else could never have been a number.
      this.addSql(`insert into "document_counters" ("tenant_id", "kind", "year", "last_number")
        select t."id", '${kind}', e.key::smallint, e.value::numeric::integer
        from "tenants" t, jsonb_each_text(case when jsonb_typeof(t."${column}") = 'object' then t."${column}" else '{}'::jsonb end) e
        where e.key ~ '^[0-9]{4}$' and e.value ~ '^[0-9]{1,9}(\\.0+)?$' and e.value::numeric > 0;`);
    }
    this.addSql(`alter table "tenants" drop column "receipt_count", drop column "invoice_count";`);

    this.addSql(`create table "receipts" ("id" uuid not null, "tenant_id" text not null, "booking_key" uuid not null, "kind" text not null, "year" smallint not null, "sequence" int not null, "revision" int not null, "number" text not null, "file_name" text not null, "payment_reference" text null, "created_at" timestamptz not null default now(), constraint "receipts_pkey" primary key ("id"));`);
    this.addSql(`create index "receipts_booking_index" on "receipts" ("booking_key", "created_at");`);
    this.addSql(`alter table "receipts" add constraint "receipts_tenant_kind_number_unique" unique ("tenant_id", "kind", "number");`);
    this.addSql(`alter table "receipts" add constraint "receipts_booking_kind_payment_unique" unique ("booking_key", "kind", "payment_reference");`);
    this.addSql(`alter table "receipts" add constraint "receipts_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "receipts" add constraint "receipts_booking_key_foreign" foreign key ("booking_key") references "bookings" ("key") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "receipts" cascade;`);
    this.addSql(`alter table "tenants" add column "receipt_count" jsonb not null default '{}', add column "invoice_count" jsonb not null default '{}';`);
    for (const [kind, column] of [['receipt', 'receipt_count'], ['invoice', 'invoice_count']] as const) {
      this.addSql(`update "tenants" t set "${column}" = c.counts
        from (select "tenant_id", jsonb_object_agg("year"::text, "last_number") as counts from "document_counters" where "kind" = '${kind}' group by "tenant_id") c
        where c."tenant_id" = t."id";`);
    }
    this.addSql(`drop table if exists "document_counters" cascade;`);
  }

}
