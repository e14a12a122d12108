import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventType } from '../../../common/webhooks/webhook.js';
import { enqueueWebhookEvent } from '../webhooks/webhook.queue.js';

export type BookingWebhookType = Extract<WebhookEventType, `booking.${string}`>;

/** A booking's status transitions (the history's status entries) as webhook events; none: a plain change. */
export function bookingWebhookTypes(statusActions: readonly string[]): BookingWebhookType[] {
  const byAction: Record<string, BookingWebhookType> = { released: 'booking.released', rejected: 'booking.rejected', cancelled: 'booking.cancelled', paid: 'booking.paid' };
  const types = statusActions.flatMap((action) => (byAction[action] ? [byAction[action]] : []));
  return types.length > 0 ? types : ['booking.changed'];
}

interface BookingRow {
  number: string;
  tenant_id: string;
  is_committed: boolean;
  is_rejected: boolean;
  is_payed: boolean;
  paid_at: Date | null;
  cancelled_at: Date | null;
  payment_method: string;
  time_begin: Date | null;
  time_end: Date | null;
  price_eur: string;
  vat_included_eur: string;
  created_at: Date;
  updated_at: Date;
  name: string;
  company: string;
  street: string;
  zip_code: string;
  location: string;
  mail: string;
  phone: string;
  comment: string;
  items: { bookableId: string; title: string | null; amount: number; timeBegin: string | null; timeEnd: string | null }[];
}

const BOOKING_SQL = `
select b.number, b.tenant_id, b.is_committed, b.is_rejected, b.is_payed, b.paid_at, b.cancelled_at, b.payment_method, b.time_begin, b.time_end,
  b.price_eur::text as price_eur, b.vat_included_eur::text as vat_included_eur, b.created_at, b.updated_at,
  b.name, b.company, b.street, b.zip_code, b.location, b.mail, b.phone, b.comment,
  coalesce((select json_agg(json_build_object('bookableId', i.bookable_id, 'title', i.bookable_used->>'title', 'amount', i.amount,
      'timeBegin', i.time_begin, 'timeEnd', i.time_end) order by i.position)
    from booking_items i where i.booking_key = b.key), '[]'::json) as items
from bookings b where b.tenant_id = ? and b.number = ?`;

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null);

/**
 * The webhook events of one booking change, inside its transaction. The payload holds the booking's
 * state, objects, times and price; the customer's data only for endpoints registered with personal
 * data; a deleted booking only its ids.
 */
export async function enqueueBookingWebhooks(em: EntityManager, tenantId: string, bookingNumber: string, types: readonly BookingWebhookType[]): Promise<void> {
  if (types.length === 0) return;
  const [subscribed] = await em.execute<{ found: boolean }[]>('select exists(select 1 from webhook_endpoints where tenant_id = ? and disabled_at is null and events && array(select jsonb_array_elements_text(?::jsonb))) as found', [tenantId, JSON.stringify(types)]);
  if (!subscribed?.found) return;
  if (types.includes('booking.deleted')) {
    await enqueueWebhookEvent(em, tenantId, { type: 'booking.deleted', data: { tenantId, bookingId: bookingNumber } });
    return;
  }
  const [row] = await em.execute<BookingRow[]>(BOOKING_SQL, [tenantId, bookingNumber]);
  if (!row) return;
  const data = {
    tenantId,
    bookingId: row.number,
    isCommitted: row.is_committed,
    isRejected: row.is_rejected,
    isPayed: row.is_payed,
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
    paymentMethod: row.payment_method || null,
    timeBegin: iso(row.time_begin),
    timeEnd: iso(row.time_end),
    priceEur: Number(row.price_eur),
    vatIncludedEur: Number(row.vat_included_eur),
    items: row.items.map((item) => ({ ...item, timeBegin: iso(item.timeBegin), timeEnd: iso(item.timeEnd) })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  const personalData = { name: row.name, company: row.company, street: row.street, zipCode: row.zip_code, location: row.location, mail: row.mail, phone: row.phone, comment: row.comment };
  for (const type of types) await enqueueWebhookEvent(em, tenantId, { type, data, personalData });
}
