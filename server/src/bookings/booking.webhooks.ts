import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventType } from '../../../common/webhooks/webhook.js';
import { enqueueWebhookEvent } from '../webhooks/webhook.queue.js';
import { statusEntries, type StatusFlags } from './booking-history.js';
import { bookingJson } from './booking-money.js';
import { customerFields, type BookingView } from './booking.model.js';
import { readBookingView } from './booking.queries.js';

export type BookingWebhookType = Extract<WebhookEventType, `booking.${string}`>;

/** A booking's status transitions (the history's status entries) as webhook events; none: a plain change. */
export function bookingWebhookTypes(statusActions: readonly string[]): BookingWebhookType[] {
  const byAction: Record<string, BookingWebhookType> = { released: 'booking.released', rejected: 'booking.rejected', cancelled: 'booking.cancelled', paid: 'booking.paid' };
  const types = statusActions.flatMap((action) => (byAction[action] ? [byAction[action]] : []));
  return types.length > 0 ? types : ['booking.changed'];
}

/**
 * The webhook events of a new booking: `booking.created`, and the transitions it was born with
 * (released at checkout or by staff, entered as paid at the counter), as if it had gone through them.
 */
export function createdBookingWebhookTypes(flags: StatusFlags): BookingWebhookType[] {
  const transitions = statusEntries({ isCommitted: false, isRejected: false, isPayed: false }, flags).map((entry) => entry.action);
  return ['booking.created', ...bookingWebhookTypes(transitions).filter((type) => type !== 'booking.changed')];
}

/** A booking as its webhooks show it: what every endpoint receives, and the customer's part for endpoints with personal data. */
export interface BookingWebhookState {
  data: Record<string, unknown>;
  personalData: Record<string, unknown>;
}

const iso = (value: number | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The payload of a booking; the money is REST's (bookingJson), so a webhook and a read never disagree by a cent. */
export function bookingWebhookState(view: BookingView): BookingWebhookState {
  const json = bookingJson(view);
  const timeBegin = iso(view.timeBegin);
  const timeEnd = iso(view.timeEnd);
  const data = {
    tenantId: view.tenantId,
    bookingId: view.id,
    isCommitted: view.isCommitted,
    isRejected: view.isRejected,
    isPayed: view.isPayed,
    paidAt: view.paidAt,
    cancelledAt: view.cancelledAt,
    paymentMethod: view.paymentMethod || null,
    paymentWay: json.paymentWay,
    timeBegin,
    timeEnd,
    priceEur: view.priceEur,
    vatIncludedEur: view.vatIncludedEur,
    priceCents: json.priceCents,
    vatIncludedCents: json.vatIncludedCents,
    netCents: json.netCents,
    vatByRate: json.vatByRate,
    items: view.bookableItems.map((item) => ({ bookableId: item.bookableId, title: item._bookableUsed.title ?? null, amount: item.amount, timeBegin, timeEnd })),
    createdAt: iso(view.timeCreated),
    updatedAt: view.updatedAt,
    seriesId: view.seriesId,
  };
  return { data, personalData: Object.fromEntries(customerFields.map((field) => [field, view[field]])) };
}

/** Rewritten by every save: no change of the booking by itself. */
const UNCOMPARED = new Set(['updatedAt']);

/** The fields whose values differ, in the payload's order (values compared as the payload's JSON shows them). */
export function changedFieldsOf(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => !UNCOMPARED.has(key) && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

async function subscribedTo(em: EntityManager, tenantId: string, types: readonly string[]): Promise<boolean> {
  const [row] = await em.execute<{ found: boolean }[]>('select exists(select 1 from webhook_endpoints where tenant_id = ? and disabled_at is null and events && array(select jsonb_array_elements_text(?::jsonb))) as found', [
    tenantId,
    JSON.stringify(types),
  ]);
  return row?.found === true;
}

/**
 * The booking as its webhooks show it before a change, read by the caller before it changes
 * anything: `booking.changed` names the fields that differ afterwards. Null while no endpoint of
 * the tenant wants `booking.changed` (nothing to compare for).
 */
export async function bookingStateBeforeChange(em: EntityManager, tenantId: string, bookingNumber: string): Promise<BookingWebhookState | null> {
  if (!(await subscribedTo(em, tenantId, ['booking.changed']))) return null;
  const view = await readBookingView(em, tenantId, bookingNumber);
  return view ? bookingWebhookState(view) : null;
}

/**
 * The webhook events of one booking change, inside its transaction. The payload holds the booking's
 * state, objects, times and money; the customer's data only for endpoints registered with personal
 * data; a deleted booking only its ids. `booking.changed` is sent only with the state before the
 * change (`before`) and only when a field the endpoint sees differs: a save that changes nothing,
 * or changes what the payload does not show (attachments, lockers, the account), sends nothing.
 */
export async function enqueueBookingWebhooks(em: EntityManager, tenantId: string, bookingNumber: string, types: readonly BookingWebhookType[], before: BookingWebhookState | null = null): Promise<void> {
  if (types.length === 0) return;
  if (!(await subscribedTo(em, tenantId, types))) return;
  if (types.includes('booking.deleted')) {
    await enqueueWebhookEvent(em, tenantId, { type: 'booking.deleted', data: { tenantId, bookingId: bookingNumber } });
    return;
  }
  const view = await readBookingView(em, tenantId, bookingNumber);
  if (!view) return;
  const { data, personalData } = bookingWebhookState(view);
  for (const type of types) {
    if (type !== 'booking.changed') {
      await enqueueWebhookEvent(em, tenantId, { type, data, personalData });
      continue;
    }
    if (!before) continue;
    const changedFields = { data: changedFieldsOf(before.data, data), personalData: changedFieldsOf(before.personalData, personalData) };
    await enqueueWebhookEvent(em, tenantId, { type, data, personalData, changedFields });
  }
}
