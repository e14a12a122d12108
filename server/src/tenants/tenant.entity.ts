import { Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_MAX_BOOKING_DAYS, DEFAULT_RETENTION_MONTHS, type SchoolHoliday } from '../../../common/tenants/tenant.validation.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { SchoolHolidayType } from './tenant.types.js';

/** One application entry of a tenant (payment provider, locker system); fields per type. */
export type TenantApplication = { id: string; type: 'payment' | 'locker' | 'auth'; active: boolean; title?: string } & Record<string, unknown>;

/** An organisation offering bookables and events. Private fields need ownership of the tenant. */
@ObjectType({ description: 'A tenant: an organisation offering bookable objects and events.' })
@Entity({ tableName: 'tenants' })
// The tenants lists: their order (by name) and their search (server/src/tenants/tenant-list.queries.ts).
@Index({ name: 'tenants_name_index', properties: ['name', 'id'] })
@Index({
  name: 'tenants_search_index',
  expression: `create index "tenants_search_index" on "tenants" using gin ((lower("id" || ' ' || "name" || ' ' || "contact_name" || ' ' || "location" || ' ' || "mail" || ' ' || "phone")) gin_trgm_ops)`,
})
export class Tenant {
  @Field(() => ID)
  @PrimaryKey({ type: 'text' })
  id: Opt<string> = randomUUID();

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  contactName: Opt<string> = '';

  @Field(() => String, { description: 'Address of the tenant.' })
  @Property({ type: 'text', default: '' })
  location: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  mail: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  phone: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  website: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  bookableDetailLink: Opt<string> = '';

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  eventDetailLink: Opt<string> = '';

  @Field(() => String, { description: 'Privacy notice ("Datenschutzhinweis"): a short plain text the booking page and the customers\' mails show; empty: none.' })
  @Property({ type: 'text', default: '' })
  privacyNotice: Opt<string> = '';

  @Field(() => String, { description: 'https link to the privacy statement ("Datenschutzerklärung"); empty: none.' })
  @Property({ type: 'text', default: '' })
  privacyPolicyLink: Opt<string> = '';

  @Field(() => String, { description: '"simple", "detailed" or empty.' })
  @Property({ type: 'text', default: '' })
  defaultEventCreationMode: Opt<string> = '';

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  enablePublicStatusView: Opt<boolean> = false;

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  genericMailTemplate: Opt<string> = '';

  @Field(() => Boolean, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'boolean', default: false })
  useInstanceMail: Opt<boolean> = false;

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyMail: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyDisplayName: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyHost: Opt<string> = '';

  @Field(() => Int, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'integer', nullable: true })
  noreplyPort?: number | null;

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyUser: Opt<string> = '';

  /** Write-only secret. */
  @Property({ type: 'text', nullable: true, hidden: true })
  noreplyPassword?: string | null;

  @Field(() => Boolean, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'boolean', default: false })
  noreplyStarttls: Opt<boolean> = false;

  @Field(() => Boolean, { nullable: true, description: 'true: Office365 Graph; false: SMTP.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'boolean', default: false })
  noreplyUseGraphApi: Opt<boolean> = false;

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyGraphTenantId: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  noreplyGraphClientId: Opt<string> = '';

  /** Write-only secret. */
  @Property({ type: 'text', nullable: true, hidden: true })
  noreplyGraphClientSecret?: string | null;

  @Field(() => String, { nullable: true, description: 'HTML of the payment receipt.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  receiptTemplate: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  receiptNumberPrefix: Opt<string> = '';

  // The yearly receipt and invoice counters are rows of document_counters (receipts domain).

  @Field(() => String, { nullable: true, description: 'HTML of the invoice.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  invoiceTemplate: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  invoiceNumberPrefix: Opt<string> = '';

  @Field(() => String, { nullable: true })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  paymentPurposeSuffix: Opt<string> = '';

  @Field(() => String, { nullable: true, description: 'Steuernummer or USt-IdNr., printed on invoices and receipts; empty when none.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  taxId: Opt<string> = '';

  @Field(() => String, { nullable: true, description: 'The Bundesland whose public holidays a series may skip, e.g. DE-BE; empty when none.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'text', default: '' })
  holidayRegion: Opt<string> = '';

  @Field(() => [SchoolHolidayType], { nullable: true, description: 'The school holiday periods staff entered, which a series may skip.' })
  @Auth(AuthRule.TENANT_OWNER)
  @Property({ type: 'jsonb', default: '[]' })
  schoolHolidays: Opt<SchoolHoliday[]> = [];

  @Property({ type: 'jsonb', default: '[]' })
  applications: Opt<TenantApplication[]> = [];

  @Field(() => Int, { nullable: true, description: 'How many months ahead bookings are accepted; empty means no limit.' })
  @Property({ type: 'integer', nullable: true })
  maxBookingAdvanceInMonths?: number | null;

  @Field(() => Int, { description: 'Bookings of objects booked by time end at most this many days ahead (booking horizon).' })
  @Property({ type: 'integer', default: DEFAULT_BOOKING_HORIZON_DAYS })
  bookingHorizonDays: Opt<number> = DEFAULT_BOOKING_HORIZON_DAYS;

  @Field(() => Int, { description: "Bookings last at most this many days, unless an object's own maximum duration is longer." })
  @Property({ type: 'integer', default: DEFAULT_MAX_BOOKING_DAYS })
  maxBookingDays: Opt<number> = DEFAULT_MAX_BOOKING_DAYS;

  @Field(() => Int, { description: 'Months the customer data of finished bookings is kept before it is anonymised (receipts: 10 years for accounting).' })
  @Property({ type: 'integer', default: DEFAULT_RETENTION_MONTHS })
  retentionMonths: Opt<number> = DEFAULT_RETENTION_MONTHS;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
