import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../../common/webhooks/webhook.js';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { pgTextArray } from '../shared/sql.js';

/**
 * The deliveries of webhooks, written inside the transaction of the change they announce: a
 * rolled-back change sends nothing, a committed one is delivered even after a crash. Each endpoint
 * has one draining job (its job key), which sends its deliveries oldest first and waits while the
 * oldest is retried: an endpoint sees its events in order. The drains run in the queue's webhook
 * lane (JobLane, WEBHOOK_CONCURRENCY), never in the runner that sends mails and documents.
 */

export const WEBHOOK_DRAIN_JOB = 'webhook-drain';
export const WEBHOOK_DISABLED_MAIL_JOB = 'webhook-disabled-mail';

/**
 * The job that sends an endpoint's pending deliveries, due at `runAt` (default now). All drains of a
 * tenant share one named queue, which graphile-worker runs one job at a time: a tenant with many
 * slow endpoints holds at most one slot of the lane, whatever its backlog, and the other tenants'
 * drains take the rest (docs/decisions/0008-webhook-lane.md).
 */
export function drainJob(endpointId: string, tenantId: string, runAt?: Date): Job {
  return { name: WEBHOOK_DRAIN_JOB, payload: { endpointId }, key: `webhook:${endpointId}`, queueName: `webhooks:${tenantId}`, runAt };
}

export interface WebhookEvent {
  type: WebhookEventType | 'webhook.test';
  /** What every subscribed endpoint receives. */
  data: Record<string, unknown>;
  /** Added to `data` for endpoints registered with personal data (the customer's name, mail…). */
  personalData?: Record<string, unknown>;
  /**
   * A change: the fields of `data` and of `personalData` that differ. Each endpoint gets those it
   * sees as `data.changedFields`, and nothing at all when it sees none changed.
   */
  changedFields?: { data: readonly string[]; personalData: readonly string[] };
}

interface EndpointRow {
  id: string;
  include_personal_data: boolean;
}

export const webhookMessageId = (): string => `msg_${randomUUID()}`;

export function webhookBody(type: string, timestamp: Date, data: Record<string, unknown>): Record<string, unknown> {
  return { type, timestamp: timestamp.toISOString(), data };
}

/** Inserts one delivery per active endpoint of the tenant subscribed to the event (or only `endpointId`), and their drain jobs. */
export async function enqueueWebhookEvent(em: EntityManager, tenantId: string, event: WebhookEvent, options: { endpointId?: string } = {}): Promise<void> {
  const endpoints = options.endpointId
    ? await em.execute<EndpointRow[]>('select id, include_personal_data from webhook_endpoints where id = ? and tenant_id = ? and disabled_at is null', [options.endpointId, tenantId])
    : await em.execute<EndpointRow[]>('select id, include_personal_data from webhook_endpoints where tenant_id = ? and disabled_at is null and ? = any(events)', [tenantId, event.type]);
  const changedFieldsFor = (endpoint: EndpointRow): readonly string[] | null =>
    event.changedFields ? [...event.changedFields.data, ...(endpoint.include_personal_data ? event.changedFields.personalData : [])] : null;
  const receivers = endpoints.filter((endpoint) => changedFieldsFor(endpoint)?.length !== 0);
  if (receivers.length === 0) return;
  const messageId = webhookMessageId();
  const now = new Date();
  for (const endpoint of receivers) {
    const changedFields = changedFieldsFor(endpoint);
    const shown = changedFields ? { ...event.data, changedFields } : event.data;
    const data = endpoint.include_personal_data && event.personalData ? { ...shown, customer: event.personalData } : shown;
    await em.execute('insert into webhook_deliveries (id, endpoint_id, event_id, event_type, payload) values (?, ?, ?, ?, ?::jsonb)', [
      randomUUID(),
      endpoint.id,
      messageId,
      event.type,
      JSON.stringify(webhookBody(event.type, now, data)),
    ]);
  }
  await enqueueJobs(em, receivers.map((endpoint) => drainJob(endpoint.id, tenantId)));
}

/** How long the delivery log keeps a finished delivery (and the payload it sent): a month to look into a failure. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Removes finished deliveries older than the log keeps them (the daily retention job): their
 * payloads may hold customer data. Pending ones stay until they are sent. Returns how many went.
 */
export async function pruneWebhookLog(em: EntityManager, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 24 * 3_600_000);
  const removed = await em.execute<{ id: string }[]>(`delete from webhook_deliveries where status <> 'pending' and created_at < ? returning id`, [before]);
  return removed.length;
}

/**
 * An erasure: the tenant's deliveries that carried the customer data of this mail address or of
 * one of the erased bookings (by number). Finished ones leave the log; pending ones are still sent,
 * without the `customer` part, so the integrator learns of the change but not of the person.
 * Returns how many were removed and how many were stripped.
 */
export async function eraseWebhookDeliveriesOfMail(em: EntityManager, tenantId: string, mail: string, bookingNumbers: readonly string[] = []): Promise<{ removed: number; stripped: number }> {
  const matches = `d.endpoint_id = e.id and e.tenant_id = ? and d.payload->'data'->'customer' is not null
    and (lower(d.payload->'data'->'customer'->>'mail') = lower(?) or d.payload->'data'->>'bookingId' = any(?::text[]))`;
  const numbers = pgTextArray(bookingNumbers);
  const removed = await em.execute<{ id: string }[]>(`delete from webhook_deliveries d using webhook_endpoints e where ${matches} and d.status <> 'pending' returning d.id`, [tenantId, mail, numbers]);
  const stripped = await em.execute<{ id: string }[]>(
    `update webhook_deliveries d set payload = d.payload #- '{data,customer}' from webhook_endpoints e where ${matches} and d.status = 'pending' returning d.id`,
    [tenantId, mail, numbers],
  );
  return { removed: removed.length, stripped: stripped.length };
}
