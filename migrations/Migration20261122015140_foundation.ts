import { Migration } from '@mikro-orm/migrations';

export class Migration20261122015140Foundation extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "instance" ("id" int not null default 1, "contact_address" text not null default '', "contact_url" text not null default '', "data_protection_url" text not null default '', "legal_notice_url" text not null default '', "mail_address" text not null default '', "mail_enabled" boolean not null default false, "mail_template" text not null default '', "noreply_mail" text not null default '', "noreply_display_name" text not null default '', "noreply_host" text not null default '', "noreply_port" int null, "noreply_user" text not null default '', "noreply_password" text null, "noreply_starttls" boolean not null default false, "noreply_use_graph_api" boolean not null default false, "noreply_graph_tenant_id" text not null default '', "noreply_graph_client_id" text not null default '', "noreply_graph_client_secret" text null, "owner_user_ids" text[] not null default '{}', "allow_all_users_to_create_tenant" boolean not null default false, "allowed_users_to_create_tenant" text[] not null default '{}', "applications" jsonb not null default '[]', "max_tenants" int null, "max_bookables" int null, "max_events" int null, "updated_at" timestamptz not null default now(), constraint "instance_pkey" primary key ("id"));`);

    this.addSql(`create table "tenants" ("id" text not null, "name" text not null, "contact_name" text not null default '', "location" text not null default '', "mail" text not null default '', "phone" text not null default '', "website" text not null default '', "bookable_detail_link" text not null default '', "event_detail_link" text not null default '', "default_event_creation_mode" text not null default '', "enable_public_status_view" boolean not null default false, "generic_mail_template" text not null default '', "use_instance_mail" boolean not null default false, "noreply_mail" text not null default '', "noreply_display_name" text not null default '', "noreply_host" text not null default '', "noreply_port" int null, "noreply_user" text not null default '', "noreply_password" text null, "noreply_starttls" boolean not null default false, "noreply_use_graph_api" boolean not null default false, "noreply_graph_tenant_id" text not null default '', "noreply_graph_client_id" text not null default '', "noreply_graph_client_secret" text null, "receipt_template" text not null default '', "receipt_number_prefix" text not null default '', "receipt_count" jsonb not null default '{}', "invoice_template" text not null default '', "invoice_number_prefix" text not null default '', "invoice_count" jsonb not null default '{}', "payment_purpose_suffix" text not null default '', "applications" jsonb not null default '[]', "max_booking_advance_in_months" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "tenants_pkey" primary key ("id"));`);

    this.addSql(`create table "roles" ("id" uuid not null, "tenant_id" text not null, "name" text not null, "admin_interfaces" text[] not null default '{}', "free_bookings" boolean not null default false, "manage_roles" jsonb not null default '{}', "manage_users" jsonb not null default '{}', "manage_tenants" jsonb not null default '{}', "manage_bookings" jsonb not null default '{}', "manage_bookables" jsonb not null default '{}', "manage_coupons" jsonb not null default '{}', "owner_user_id" text null, "assigned_user_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "roles_pkey" primary key ("id"));`);
    this.addSql(`create index "roles_tenant_id_index" on "roles" ("tenant_id");`);

    this.addSql(`create table "users" ("id" text not null, "password_hash" text null, "first_name" text not null default '', "last_name" text not null default '', "company" text not null default '', "phone" text not null default '', "address" text not null default '', "zip_code" text not null default '', "city" text not null default '', "is_verified" boolean not null default false, "is_suspended" boolean not null default false, "auth_type" text check ("auth_type" in ('local', 'keycloak')) not null default 'local', "created" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);

    this.addSql(`create table "tenant_memberships" ("id" uuid not null, "tenant_id" text not null, "user_id" text not null, "is_member" boolean not null default true, "is_owner" boolean not null default false, "created_at" timestamptz not null default now(), constraint "tenant_memberships_pkey" primary key ("id"));`);
    this.addSql(`create index "tenant_memberships_user_id_index" on "tenant_memberships" ("user_id");`);
    this.addSql(`alter table "tenant_memberships" add constraint "tenant_memberships_tenant_id_user_id_unique" unique ("tenant_id", "user_id");`);

    this.addSql(`create table "tenant_membership_roles" ("membership_id" uuid not null, "role_id" uuid not null, constraint "tenant_membership_roles_pkey" primary key ("membership_id", "role_id"));`);

    this.addSql(`create table "user_hooks" ("id" uuid not null, "user_id" text not null, "type" text check ("type" in ('verify', 'reset-password')) not null, "payload" text null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, constraint "user_hooks_pkey" primary key ("id"));`);
    this.addSql(`create index "user_hooks_user_id_index" on "user_hooks" ("user_id");`);

    this.addSql(`alter table "roles" add constraint "roles_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tenant_memberships" add constraint "tenant_memberships_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tenant_memberships" add constraint "tenant_memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tenant_membership_roles" add constraint "tenant_membership_roles_membership_id_foreign" foreign key ("membership_id") references "tenant_memberships" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tenant_membership_roles" add constraint "tenant_membership_roles_role_id_foreign" foreign key ("role_id") references "roles" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_hooks" add constraint "user_hooks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    // Tables the ORM does not manage: sessions (connect-pg-simple's layout) and attempt counters.
    this.addSql(`create table "sessions" ("sid" varchar not null, "sess" json not null, "expire" timestamp(6) not null, constraint "sessions_pkey" primary key ("sid"));`);
    this.addSql(`create index "sessions_expire_index" on "sessions" ("expire");`);
    this.addSql(`create table "rate_limits" ("key" text not null, "window_start" timestamptz not null, "hits" int not null, constraint "rate_limits_pkey" primary key ("key"));`);
    // The instance is a single row.
    this.addSql(`alter table "instance" add constraint "instance_single_row" check ("id" = 1);`);
  }

  override async down(): Promise<void> {
    for (const table of ['rate_limits', 'sessions', 'user_hooks', 'tenant_membership_roles', 'tenant_memberships', 'roles', 'users', 'tenants', 'instance']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }

}
