import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Booking } from '../bookings/booking.entity.js';
import { BookingSeries } from '../bookings/series/booking-series.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { DocumentKind } from './document-number.js';

/**
 * A receipt ("Zahlungsbeleg") or invoice issued for a booking; the PDF lies in the tenant's
 * receipts/ or invoices/ folder under `fileName`. A document issued for a payment carries the
 * payment's reference, unique per booking and kind, so a repeated notification or a retried job
 * finds the document instead of issuing a second one. Staff's manual documents have none.
 */
@Entity({ tableName: 'receipts' })
@Unique({ name: 'receipts_tenant_kind_number_unique', properties: ['tenant', 'kind', 'number'] })
@Unique({ name: 'receipts_booking_kind_payment_unique', properties: ['booking', 'kind', 'paymentReference'] })
@Index({ name: 'receipts_series_index', expression: 'create index "receipts_series_index" on "receipts" ("series_id", "kind", "revision") where "series_id" is not null' })
@Index({ name: 'receipts_booking_index', properties: ['booking', 'createdAt'] })
export class Receipt {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @ManyToOne(() => Booking, { deleteRule: 'cascade' })
  booking!: Rel<Booking>;

  @Property({ type: 'text' })
  kind!: DocumentKind;

  /** The base number's year and sequence ("2026-0007") and the revision of this document. */
  @Property({ type: 'smallint' })
  year!: number;

  @Property({ type: 'integer' })
  sequence!: number;

  @Property({ type: 'integer' })
  revision!: number;

  /** "{prefix}-{year}-{NNNN}-{revision}". */
  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'text', nullable: true })
  paymentReference?: string | null;

  /**
   * The series a series invoice covers (several dates on one document, kept with its first invoiced
   * date); null for a document of the booking alone.
   */
  @ManyToOne(() => BookingSeries, { nullable: true, deleteRule: 'set null', fieldName: 'series_id', mapToPk: true, type: 'uuid' })
  seriesId?: string | null;

  /**
   * What the document prints apart from its number and issue date (documentDigest): a request for a
   * new receipt that would print the same gets this one. Null for documents issued before it existed.
   */
  @Property({ type: 'text', nullable: true })
  contentDigest?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
