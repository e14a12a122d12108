import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Permissions } from '../../../common/permissions/model.js';
import { hasFullAccess } from '../../../common/permissions/permissions.js';
import { WEBHOOK_TEST_EVENT, webhookEndpointInputSchema, webhookMessages, type WebhookEventType } from '../../../common/webhooks/webhook.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { enqueueJobs, type Job, type JobHandler } from '../shared/jobs.js';
import { logger } from '../shared/logging.js';
import { parseInput } from '../shared/schema-input.js';
import { pgTextArray } from '../shared/sql.js';
import type { MailService } from '../mail/mail.service.js';
import type { CreatedAccesses } from '../users/creator-rights.js';
import type { Viewer, ViewerService } from '../users/viewer.service.js';
import { urlRefusal, type WebhookNetworkRules } from './webhook-address.js';
import { sendWebhook, type SendResult } from './webhook-sender.js';
import { newWebhookSecret, webhookHeaders } from './webhook-signature.js';
import { drainJob, enqueueWebhookEvent, WEBHOOK_DISABLED_MAIL_JOB, WEBHOOK_DRAIN_JOB } from './webhook.queue.js';

/** The waits before the 2nd, 3rd… attempt: eight attempts over about 45 hours, then the delivery has failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000];
/** An endpoint failing this long without a single success is paused and its tenant's owners are told. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** Deliveries one drain run sends before it hands over to a new run (other endpoints get their turn). */
const DRAIN_BATCH = 50;
/** A drain run hands over after this many timeouts' worth of sending, so a slow receiver frees its slot of the lane. */
const DRAIN_BUDGET_TIMEOUTS = 2;
/** "Erneut senden" pressed again this soon after a redelivery answers that one instead of sending once more. */
export const REDELIVERY_REPEAT_MS = 60_000;

/** How deliveries are sent: the address rules, the timeout of one attempt, and when the circuit breaker pauses an endpoint. */
export interface WebhookSettings extends WebhookNetworkRules {
  timeoutMs: number;
  /** Failed attempts in a row that pause the endpoint. */
  pauseAfterFailures: number;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookEndpointView {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  description: string;
  includePersonalData: boolean;
  /** Null once the creator's account was deleted (no mail address remains). */
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** The body sent, as JSON text. */
  body: string;
}

export interface WebhookDeliveryPage {
  nodes: WebhookDeliveryView[];
  /** Pass as `after` for the next (older) page; null when there is none. */
  endCursor: string | null;
}

interface EndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  events: string[];
  secret: string;
  description: string;
  include_personal_data: boolean;
  created_by: string | null;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  consecutive_failures: number;
}

interface DeliveryRow {
  id: string;
  /** The order of the deliveries, as text (a bigint), for the log's cursor. */
  cursor: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
}

const endpointView = (row: EndpointRow, names: ReadonlyMap<string, string> = new Map()): WebhookEndpointView => ({
  id: row.id,
  tenantId: row.tenant_id,
  url: row.url,
  events: row.events,
  description: row.description,
  includePersonalData: row.include_personal_data,
  createdBy: row.created_by,
  createdByName: row.created_by ? (names.get(row.created_by) ?? null) : null,
  createdAt: new Date(row.created_at),
  disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since ? new Date(row.failing_since) : null,
});

const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastDurationMs: row.last_duration_ms,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null,
  createdAt: new Date(row.created_at),
  deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
  body: JSON.stringify(row.payload),
});

const ENDPOINT_COLUMNS = 'id, tenant_id, url, events, secret, description, include_personal_data, created_by, created_at, disabled_at, disabled_reason, failing_since, consecutive_failures';
const DELIVERY_COLUMNS = 'id, seq::text as cursor, endpoint_id, event_id, event_type, payload, status, attempts, last_status_code, last_duration_ms, last_error, next_attempt_at, created_at, delivered_at';

/** Why an endpoint with personal data was disabled when its creator's right ended. */
export const CREATOR_RIGHTS_LOST_REASON = 'Die anlegende Person hat keine Berechtigung mehr';

/**
 * Whether the creator's rights (null: account gone or suspended) still carry an endpoint: one that
 * receives customer data needs the right to manage the tenant's webhooks (its owners), the right it
 * took to register it; one without personal data stays with the tenant whoever made it.
 */
export function creatorKeepsEndpoint(rights: Permissions | null, tenantId: string, includePersonalData: boolean): boolean {
  if (!includePersonalData) return true;
  return rights !== null && hasFullAccess(rights, tenantId);
}

/**
 * Webhooks of integrators: endpoints registered, changed and deleted by the tenant's owners in
 * person, their delivery log, redeliveries and test events; and the job that sends an endpoint's
 * deliveries in order with a short timeout, retries them with backoff and pauses an endpoint that
 * keeps failing (the circuit breaker: failed attempts in a row, or three days without a success).
 */
export class WebhookService implements CreatedAccesses {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: Pick<MailService, 'send'>,
    private readonly rules: WebhookSettings,
    private readonly publicUrl: string,
    /** The creator's current rights, read before every delivery with personal data. */
    private readonly viewers: Pick<ViewerService, 'rightsOf'>,
  ) {}

  /** The endpoints' views with their creators' names (one query for the lot). */
  private async views(em: EntityManager, rows: EndpointRow[]): Promise<WebhookEndpointView[]> {
    const creatorIds = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])))];
    const creators = creatorIds.length
      ? await em.execute<{ id: string; first_name: string; last_name: string }[]>('select id, first_name, last_name from users where id = any(?::text[])', [pgTextArray(creatorIds)])
      : [];
    const names = new Map(creators.map((user) => [user.id, `${user.first_name} ${user.last_name}`.trim() || user.id]));
    return rows.map((row) => endpointView(row, names));
  }

  /** Owners of the tenant, signed in in person: a token can neither see nor register webhooks. */
  private assertManager(viewer: Viewer, tenantId: string): void {
    if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Mit einem API-Schlüssel lassen sich keine Webhooks verwalten.' });
    if (!hasFullAccess(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  /** The endpoint, when the viewer manages its tenant; otherwise it does not exist for them. */
  private async managedEndpoint(em: EntityManager, viewer: Viewer, id: string): Promise<EndpointRow> {
    const [row] = isUuid(id) ? await em.execute<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ?`, [id]) : [];
    if (!row) throw new AppError('webhook.not-found');
    if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Mit einem API-Schlüssel lassen sich keine Webhooks verwalten.' });
    if (!hasFullAccess(viewer.permissions, row.tenant_id)) throw new AppError('webhook.not-found');
    return row;
  }

  private checkUrl(url: string): void {
    const refusal = urlRefusal(url, this.rules);
    if (refusal === 'https') throw new AppError('generic.validation', { fieldErrors: { url: webhookMessages.https } });
    if (refusal === 'private-address') throw new AppError('generic.validation', { fieldErrors: { url: webhookMessages.privateAddress } });
    if (refusal === 'invalid') throw new AppError('generic.validation', { fieldErrors: { url: webhookMessages.url } });
  }

  async list(viewer: Viewer, tenantId: string): Promise<WebhookEndpointView[]> {
    this.assertManager(viewer, tenantId);
    const em = this.orm.em.fork();
    const rows = await em.execute<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where tenant_id = ? order by created_at desc, id`, [tenantId]);
    return this.views(em, rows);
  }

  /** Registers an endpoint; the answer holds its signing secret, the only time it is shown. */
  async create(viewer: Viewer, tenantId: string, input: unknown): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    this.assertManager(viewer, tenantId);
    const values = parseInput(webhookEndpointInputSchema(), input);
    this.checkUrl(values.url);
    const em = this.orm.em.fork();
    const [tenant] = await em.execute<{ id: string }[]>('select id from tenants where id = ?', [tenantId]);
    if (!tenant) throw new AppError('generic.not-found');
    const secret = newWebhookSecret();
    const [row] = await em.execute<EndpointRow[]>(
      `insert into webhook_endpoints (id, tenant_id, url, events, secret, description, include_personal_data, created_by) values (?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?, ?) returning ${ENDPOINT_COLUMNS}`,
      [randomUUID(), tenantId, values.url, JSON.stringify(values.events), secret, values.description, values.includePersonalData, viewer.user.id],
    );
    logger.info({ endpointId: row?.id, tenantId, by: viewer.user.id }, 'Webhook registriert');
    const [endpoint] = await this.views(em, [row as EndpointRow]);
    return { endpoint: endpoint as WebhookEndpointView, secret };
  }

  /** Changes URL, events, description and personal data; `enabled: true` turns a disabled endpoint on again. */
  async update(viewer: Viewer, id: string, input: unknown, enabled?: boolean | null): Promise<WebhookEndpointView> {
    const em = this.orm.em.fork();
    const current = await this.managedEndpoint(em, viewer, id);
    const values = parseInput(webhookEndpointInputSchema(), input);
    this.checkUrl(values.url);
    const reenable = enabled === true && current.disabled_at !== null;
    const disable = enabled === false && current.disabled_at === null;
    const [row] = await em.execute<EndpointRow[]>(
      `update webhook_endpoints set url = ?, events = array(select jsonb_array_elements_text(?::jsonb)), description = ?, include_personal_data = ?,
         disabled_at = case when ? then null when ? then now() else disabled_at end,
         disabled_reason = case when ? then null when ? then 'Von Hand deaktiviert' else disabled_reason end,
         failing_since = case when ? then null else failing_since end,
         consecutive_failures = case when ? then 0 else consecutive_failures end,
         created_by = case when ? then ? else created_by end
       where id = ? returning ${ENDPOINT_COLUMNS}`,
      // The owner who turns an endpoint on again answers for it from now on: its deliveries live on their rights.
      [values.url, JSON.stringify(values.events), values.description, values.includePersonalData, reenable, disable, reenable, disable, reenable, reenable, reenable, viewer.user.id, id],
    );
    logger.info({ endpointId: id, by: viewer.user.id }, 'Webhook geändert');
    const [view] = await this.views(em, [row as EndpointRow]);
    return view as WebhookEndpointView;
  }

  /** Deletes the endpoint with its log; deliveries still waiting are dropped. */
  async remove(viewer: Viewer, id: string): Promise<string> {
    const em = this.orm.em.fork();
    await this.managedEndpoint(em, viewer, id);
    await em.execute('delete from webhook_endpoints where id = ?', [id]);
    logger.info({ endpointId: id, by: viewer.user.id }, 'Webhook gelöscht');
    return id;
  }

  /** The endpoint's log, newest first, `first` at a time (at most 100) after the cursor. */
  async deliveries(viewer: Viewer, endpointId: string, first = 20, after: string | null = null): Promise<WebhookDeliveryPage> {
    const em = this.orm.em.fork();
    await this.managedEndpoint(em, viewer, endpointId);
    const limit = Math.min(Math.max(Math.trunc(first) || 20, 1), 100);
    const cursor = after !== null && /^\d{1,18}$/.test(after) ? after : null;
    const rows = await em.execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = ? ${cursor ? 'and seq < ?::bigint' : ''} order by seq desc limit ?`,
      cursor ? [endpointId, cursor, limit + 1] : [endpointId, limit + 1],
    );
    const page = rows.slice(0, limit);
    return { nodes: page.map(deliveryView), endCursor: rows.length > limit ? (page.at(-1)?.cursor ?? null) : null };
  }

  private async delivery(em: EntityManager, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await em.execute<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where id = ?`, [id]);
    return row;
  }

  /**
   * Sends a delivery again ("Erneut senden") as a new delivery with the same message id, behind the
   * endpoint's waiting ones. Requests for the same delivery take turns on its row lock, so however
   * many arrive at once, one inserts and the others find its redelivery: while that one waits, and
   * for REDELIVERY_REPEAT_MS after it was asked for (it may be sent already), a request answers it.
   * A delivery still waiting is not duplicated at all.
   */
  async redeliver(viewer: Viewer, deliveryId: string): Promise<WebhookDeliveryView> {
    return this.orm.em.fork().transactional(async (em) => {
      const found = isUuid(deliveryId) ? await this.delivery(em, deliveryId) : undefined;
      if (!found) throw new AppError('webhook.not-found');
      const endpoint = await this.managedEndpoint(em, viewer, found.endpoint_id);
      if (endpoint.disabled_at) throw new AppError('generic.validation', { detail: 'Der Webhook ist deaktiviert. Aktivieren Sie ihn, bevor Sie erneut senden.' });
      const [original] = await em.execute<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where id = ? for update`, [found.id]);
      if (!original) throw new AppError('webhook.not-found');
      if (original.status === 'pending') return deliveryView(original);
      const [recent] = await em.execute<DeliveryRow[]>(
        `select ${DELIVERY_COLUMNS} from webhook_deliveries
          where redelivery_of = ? and (status = 'pending' or created_at > now() - make_interval(secs => ?))
          order by seq desc limit 1`,
        [original.id, REDELIVERY_REPEAT_MS / 1000],
      );
      if (recent) return deliveryView(recent);
      const [inserted] = await em.execute<DeliveryRow[]>(
        `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, payload, redelivery_of) values (?, ?, ?, ?, ?::jsonb, ?) returning ${DELIVERY_COLUMNS}`,
        [randomUUID(), original.endpoint_id, original.event_id, original.event_type, JSON.stringify(original.payload), original.id],
      );
      await enqueueJobs(em, [drainJob(original.endpoint_id, endpoint.tenant_id)]);
      return deliveryView(inserted as DeliveryRow);
    });
  }

  /** Queues a `webhook.test` event to the endpoint, whatever it subscribed to. */
  async sendTest(viewer: Viewer, endpointId: string): Promise<WebhookDeliveryView> {
    return this.orm.em.fork().transactional(async (em) => {
      const endpoint = await this.managedEndpoint(em, viewer, endpointId);
      if (endpoint.disabled_at) throw new AppError('generic.validation', { detail: 'Der Webhook ist deaktiviert. Aktivieren Sie ihn, bevor Sie ein Testereignis senden.' });
      await enqueueWebhookEvent(em, endpoint.tenant_id, { type: WEBHOOK_TEST_EVENT, data: { tenantId: endpoint.tenant_id, endpointId, message: 'Testereignis der Buchungsplattform' } }, { endpointId });
      const [row] = await em.execute<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = ? order by seq desc limit 1`, [endpointId]);
      return deliveryView(row as DeliveryRow);
    });
  }

  /** The tasks of the queue's webhook lane: only the drains wait for receivers. */
  laneTasks(): string[] {
    return [WEBHOOK_DRAIN_JOB];
  }

  /**
   * In the transaction of a change of the user's rights: disables the endpoints with personal data
   * the rights no longer carry (their waiting deliveries fail, the owners are told); endpoints
   * without personal data stay with the tenant. A deleted account's endpoints lose its id.
   */
  async endLost(em: EntityManager, userId: string, rights: Permissions | null, accountDeleted: boolean): Promise<void> {
    const live = await em.execute<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where created_by = ? and disabled_at is null for update`, [userId]);
    await disableForLostRights(em, live.filter((endpoint) => !creatorKeepsEndpoint(rights, endpoint.tenant_id, endpoint.include_personal_data)));
    if (accountDeleted) await em.execute('update webhook_endpoints set created_by = null where created_by = ?', [userId]);
  }

  handlers(): Record<string, JobHandler> {
    return {
      [WEBHOOK_DRAIN_JOB]: (payload) => this.drain(String(payload.endpointId)),
      [WEBHOOK_DISABLED_MAIL_JOB]: (payload) => this.mailDisabled(String(payload.endpointId), typeof payload.to === 'string' ? payload.to : null),
    };
  }

  /**
   * Sends the endpoint's pending deliveries, oldest first. The oldest blocks the rest while it waits
   * for its next attempt: the drain is then scheduled for that moment (its own queue and key keep it
   * single). A delivery out of attempts has failed and the next one follows. A run hands over to a
   * new one after DRAIN_BATCH deliveries or DRAIN_BUDGET_TIMEOUTS timeouts' worth of time.
   */
  async drain(endpointId: string): Promise<void> {
    const em = this.orm.em.fork();
    const handOverAt = Date.now() + DRAIN_BUDGET_TIMEOUTS * this.rules.timeoutMs;
    let tenantId: string | undefined;
    for (let sent = 0; sent < DRAIN_BATCH && Date.now() < handOverAt; sent++) {
      const [endpoint] = await em.execute<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ?`, [endpointId]);
      if (!endpoint || endpoint.disabled_at) return;
      tenantId = endpoint.tenant_id;
      // Customer data goes out only while its creator may still manage the tenant's webhooks.
      if (!creatorKeepsEndpoint(endpoint.created_by ? await this.viewers.rightsOf(em, endpoint.created_by) : null, endpoint.tenant_id, endpoint.include_personal_data)) {
        await em.transactional((tx) => disableForLostRights(tx, [endpoint]));
        return;
      }
      const [head] = await em.execute<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = ? and status = 'pending' order by seq limit 1`, [endpointId]);
      if (!head) return;
      if (head.next_attempt_at && new Date(head.next_attempt_at).getTime() > Date.now()) {
        await enqueueJobs(em, [drainJob(endpointId, endpoint.tenant_id, new Date(head.next_attempt_at))]);
        return;
      }
      const body = JSON.stringify(head.payload);
      const result = await sendWebhook(endpoint.url, webhookHeaders(endpoint.secret, head.event_id, Math.floor(Date.now() / 1000), body), body, this.rules, this.rules.timeoutMs);
      const waiting = await this.record(em, endpoint, head, result);
      if (waiting) return;
    }
    if (tenantId) await enqueueJobs(em, [drainJob(endpointId, tenantId)]);
  }

  /**
   * Stores the attempt's outcome; true when the endpoint's queue now waits (a retry is scheduled,
   * or the endpoint was paused). The circuit breaker: pauseAfterFailures failed attempts in a row,
   * or three days without a success, pause the endpoint (disabled, with the reason), fail its
   * waiting deliveries and mail the tenant's owners; only "Aktivieren" turns it on again.
   */
  private async record(em: EntityManager, endpoint: EndpointRow, delivery: DeliveryRow, result: SendResult): Promise<boolean> {
    const attempts = delivery.attempts + 1;
    const outcome = [result.statusCode, result.durationMs, result.error?.slice(0, 500) ?? null];
    if (result.ok) {
      await em.execute(
        `update webhook_deliveries set status = 'succeeded', attempts = ?, last_status_code = ?, last_duration_ms = ?, last_error = ?, next_attempt_at = null, delivered_at = now() where id = ?`,
        [attempts, ...outcome, delivery.id],
      );
      await em.execute('update webhook_endpoints set failing_since = null, consecutive_failures = 0 where id = ?', [endpoint.id]);
      return false;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    const nextAttempt = delay === undefined ? null : new Date(Date.now() + delay);
    return em.transactional(async (tx) => {
      await tx.execute(
        `update webhook_deliveries set status = ?, attempts = ?, last_status_code = ?, last_duration_ms = ?, last_error = ?, next_attempt_at = ? where id = ?`,
        [nextAttempt ? 'pending' : 'failed', attempts, ...outcome, nextAttempt, delivery.id],
      );
      const [failing] = await tx.execute<{ failing_since: Date; consecutive_failures: number }[]>(
        'update webhook_endpoints set failing_since = coalesce(failing_since, now()), consecutive_failures = consecutive_failures + 1 where id = ? returning failing_since, consecutive_failures',
        [endpoint.id],
      );
      const since = failing ? new Date(failing.failing_since).getTime() : Date.now();
      const inARow = failing?.consecutive_failures ?? 1;
      const reason =
        inARow >= this.rules.pauseAfterFailures ? `Automatisch pausiert: ${inARow} Zustellversuche in Folge fehlgeschlagen` : Date.now() - since >= WEBHOOK_DISABLE_AFTER_MS ? 'Seit drei Tagen nicht erreichbar' : null;
      if (reason) {
        await disableEndpoint(tx, endpoint, reason);
        logger.warn({ endpointId: endpoint.id, tenantId: endpoint.tenant_id, failuresInARow: inARow, reason }, 'Webhook pausiert');
      } else if (nextAttempt) {
        await enqueueJobs(tx, [drainJob(endpoint.id, endpoint.tenant_id, nextAttempt)]);
      }
      return reason !== null || nextAttempt !== null;
    });
  }

  /**
   * Tells one owner that an endpoint was paused by the circuit breaker. One job per owner, so a retry after a failed send
   * never mails the owners already told again. A job without `to` (queued before jobs named their
   * recipient) hands out one job per owner instead of mailing.
   */
  private async mailDisabled(endpointId: string, to: string | null): Promise<void> {
    const em = this.orm.em.fork();
    const [endpoint] = await em.execute<(EndpointRow & { tenant_name: string })[]>(
      `select e.${ENDPOINT_COLUMNS.split(', ').join(', e.')}, t.name as tenant_name from webhook_endpoints e join tenants t on t.id = e.tenant_id where e.id = ?`,
      [endpointId],
    );
    if (!endpoint?.disabled_at) return;
    if (to === null) {
      await em.transactional(async (tx) => enqueueJobs(tx, await disabledMailJobs(tx, endpoint.id, endpoint.tenant_id)));
      return;
    }
    const rightsLost = endpoint.disabled_reason === CREATOR_RIGHTS_LOST_REASON;
    await this.mail.send({
      to,
      subject: 'Webhook deaktiviert',
      paragraphs: [
        rightsLost
          ? `Der Webhook an ${endpoint.url} von „${endpoint.tenant_name}“ sendet Kundendaten. Die Person, die ihn angelegt hat, hat keine Berechtigung mehr dafür; er wurde deaktiviert.`
          : `Der Webhook an ${endpoint.url} von „${endpoint.tenant_name}“ wurde deaktiviert und erhält keine Ereignisse mehr. Grund: ${endpoint.disabled_reason ?? 'nicht erreichbar'}.`,
        'Bitte prüfen Sie den Empfänger und aktivieren Sie den Webhook danach wieder. Ereignisse aus der Zeit der Deaktivierung werden nicht nachgeliefert; über „Erneut senden“ im Zustellprotokoll lassen sich einzelne senden.',
      ],
      link: { href: `${this.publicUrl}/admin/mandanten/webhooks`, label: 'Webhooks öffnen' },
    });
  }
}

/**
 * Disables an endpoint with its reason, in the caller's transaction: its waiting deliveries fail and
 * each owner of the tenant gets "Webhook deaktiviert". The circuit breaker, the three-day rule and a
 * creator's lost rights all end an endpoint this way.
 */
async function disableEndpoint(em: EntityManager, endpoint: Pick<EndpointRow, 'id' | 'tenant_id'>, reason: string): Promise<void> {
  await em.execute('update webhook_endpoints set disabled_at = now(), disabled_reason = ? where id = ?', [reason, endpoint.id]);
  await em.execute(`update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = ? and status = 'pending'`, [endpoint.id]);
  await enqueueJobs(em, await disabledMailJobs(em, endpoint.id, endpoint.tenant_id));
}

/** Disables the endpoints whose creator lost the right to their personal data. */
async function disableForLostRights(em: EntityManager, endpoints: readonly Pick<EndpointRow, 'id' | 'tenant_id'>[]): Promise<void> {
  for (const endpoint of endpoints) {
    await disableEndpoint(em, endpoint, CREATOR_RIGHTS_LOST_REASON);
    logger.warn({ endpointId: endpoint.id, tenantId: endpoint.tenant_id }, 'Webhook deaktiviert: Rechte der anlegenden Person entfallen');
  }
}

/** One "Webhook deaktiviert" mail job per owner of the tenant at the moment of disabling. */
async function disabledMailJobs(em: EntityManager, endpointId: string, tenantId: string): Promise<Job[]> {
  const owners = await em.execute<{ user_id: string }[]>('select user_id from tenant_memberships where tenant_id = ? and is_owner order by user_id', [tenantId]);
  return owners.map((owner) => ({ name: WEBHOOK_DISABLED_MAIL_JOB, payload: { endpointId, to: owner.user_id } }));
}

export type { WebhookEventType };

declare module '../shared/domain-services.js' {
  interface DomainServices {
    webhooks: WebhookService;
  }
}
