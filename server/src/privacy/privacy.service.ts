import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { canManageTenant } from '../../../common/permissions/permissions.js';
import {
  accountingKeptUntil,
  accountingReason,
  erasureRefusal,
  normalisedMail,
  privacyMessages,
  receiptKeptUntil,
  receiptRetentionCutoff,
  retentionCutoff,
  type AnonymisationMode,
} from '../../../common/privacy/retention.js';
import { Booking } from '../bookings/booking.entity.js';
import { systemActor, viewerOrigin } from '../bookings/booking-history.js';
import { Receipt } from '../receipts/receipt.entity.js';
import type { ReceiptService } from '../receipts/receipt.service.js';
import { AppError } from '../shared/errors.js';
import { eraseFromJobs, type JobHandler, type JobSchedule } from '../shared/jobs.js';
import { logger } from '../shared/logging.js';
import { pgTextArray } from '../shared/sql.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { eraseWebhookDeliveriesOfMail, pruneWebhookLog } from '../webhooks/webhook.queue.js';
import { anonymiseBookings, anonymiseDeletedHistories, deletedHistoriesOfMail, expiredDeletedHistories, type AnonymisationTarget } from './anonymisation.js';
import { historyEntryOf, mailsOf, personalDataHtml, statusLabels, type PersonalDataReport, type RawHistoryEntry } from './personal-data.js';

/**
 * The rights of the person and the retention of customer data (docs/privacy.md): what a tenant
 * holds about a mail address (Art. 15 GDPR), its erasure (Art. 17), and the daily job that
 * anonymises the customer data of bookings past the tenant's retention period. Both the erasure
 * and the job go through anonymiseBookings().
 */

export const RETENTION_TASK = 'privacy-retention';
/** Daily at 02:15 UTC: 03:15 in Berlin's winter, 04:15 in summer, when hardly anyone books. */
export const RETENTION_SCHEDULE: JobSchedule = { task: RETENTION_TASK, cron: '15 2 * * *' };
/** Bookings anonymised per transaction: short locks, bounded memory. */
export const RETENTION_CHUNK = 100;

export type ErasureOutcome = 'erased' | 'restricted';

export interface ErasedBooking {
  id: string;
  outcome: ErasureOutcome;
  /** Why data was kept (restricted), in German; null when everything was erased. */
  reason: string | null;
  /** The last day receipts must be kept ("2036-12-31"); null when erased. */
  keptUntil: string | null;
}

export interface ErasureResult {
  mail: string;
  erased: number;
  restricted: number;
  bookings: ErasedBooking[];
}

export interface RetentionRun {
  anonymised: number;
  restricted: number;
  receiptFilesRemoved: number;
  /** Deleted bookings whose history was anonymised. */
  deletedHistories: number;
  /** Finished webhook deliveries past the log's month (their payloads may name customers). */
  webhookDeliveriesRemoved: number;
}

interface HistoryRow {
  booking_id: string;
  at: Date;
  action: string;
  actor_kind: string;
  actor_label: string;
  via: string;
  changes: RawHistoryEntry['changes'];
  reason: string | null;
}

interface CandidateRow {
  key: string;
  number: string;
  last_receipt_at: Date | string | null;
}

const FIRST_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * The bookings of a tenant past its retention period, after a key (keyset pages): finished (rejected
 * and cancelled ones always; the others ended, and paid unless free), not anonymised yet, or
 * anonymised keeping the accounting data whose documents are all past their period now.
 * Parameters: tenant, after key, retention cutoff, now, now, receipt cutoff, limit.
 */
const RETENTION_CANDIDATES_SQL = `select b.key, b.number, (select max(r.created_at) from receipts r where r.booking_key = b.key) as last_receipt_at
  from bookings b
 where b.tenant_id = ? and b.key > ?::uuid
   and coalesce(b.time_end, b.created_at) <= ?
   and (b.is_rejected or ((b.time_begin is null or b.time_begin <= ?) and (b.time_end is null or b.time_end <= ?) and not (b.is_committed and not b.is_payed and b.price_eur > 0)))
   and (b.anonymised_mode is null
        or (b.anonymised_mode = 'keep-accounting' and not exists (select 1 from receipts r where r.booking_key = b.key and r.created_at >= ?)))
 order by b.key
 limit ?
   for update of b skip locked`;

/** One booking's history rows, oldest first, as the report reads them. */
const rawEntriesOf = (rows: readonly HistoryRow[], number: string): RawHistoryEntry[] =>
  rows
    .filter((row) => row.booking_id === number)
    .map((row) => ({ at: new Date(row.at), action: row.action, actor: { kind: row.actor_kind, label: row.actor_label }, via: row.via, changes: row.changes, reason: row.reason }));

export class PrivacyService {
  constructor(
    private readonly orm: MikroORM,
    private readonly receipts: Pick<ReceiptService, 'printHtml' | 'removeStoredFile'>,
  ) {}

  // --- Art. 15: what is stored ------------------------------------------------------------------

  /** GET api/{tenantId}/personal-data?mail=: the tenant's owners (and instance owners). */
  async personalData(viewer: Viewer, tenantId: string, mailInput: unknown, now = new Date()): Promise<PersonalDataReport> {
    const mail = await this.authorise(viewer, tenantId, mailInput);
    const em = this.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId }, { fields: ['name'] });
    const bookings = await this.bookingsOf(em, tenantId, mail);
    const deleted = await deletedHistoriesOfMail(em, tenantId, mail);
    const numbers = [...bookings.map((booking) => booking.number), ...deleted];
    const history = numbers.length === 0 ? [] : await em.execute<HistoryRow[]>(
      `select booking_id, at, action, actor_kind, actor_label, via, changes, reason from booking_history where tenant_id = ? and booking_id = any(?::text[]) order by at, id`,
      [tenantId, pgTextArray(numbers)],
    );
    const receipts = bookings.length === 0 ? [] : await em.find(Receipt, { booking: { key: { $in: bookings.map((booking) => booking.key) } } }, { orderBy: { createdAt: 'asc', revision: 'asc' } });
    return {
      tenantId,
      tenantName: tenant.name,
      mail,
      generatedAt: now,
      bookings: bookings.map((booking) => {
        const entries = rawEntriesOf(history, booking.number);
        return {
          id: booking.number,
          ...statusLabels(booking),
          createdAt: booking.createdAt,
          timeBegin: booking.timeBegin ?? null,
          timeEnd: booking.timeEnd ?? null,
          name: booking.name,
          company: booking.company,
          street: booking.street,
          zipCode: booking.zipCode,
          location: booking.location,
          mail: booking.mail,
          phone: booking.phone,
          comment: booking.comment,
          couponCode: booking.couponCode ?? null,
          priceEur: booking.priceEur,
          vatIncludedEur: booking.vatIncludedEur,
          paymentMethod: booking.paymentMethod,
          isCommitted: booking.isCommitted,
          isPayed: booking.isPayed,
          isRejected: booking.isRejected,
          anonymisedMode: booking.anonymisedMode ?? null,
          items: booking.items.getItems().map((item) => ({
            title: item.bookableUsed.title,
            amount: item.amount,
            timeBegin: item.timeBegin ?? null,
            timeEnd: item.timeEnd ?? null,
            grossPriceEur: item.userGrossPriceEur,
          })),
          receipts: receipts
            .filter((receipt) => receipt.booking.key === booking.key)
            .map((receipt) => ({ kind: receipt.kind, number: receipt.number, issuedAt: receipt.createdAt, keptUntil: receiptKeptUntil(receipt.createdAt) })),
          history: entries.map(historyEntryOf),
          mails: mailsOf(entries),
        };
      }),
      deletedBookings: deleted.map((number) => {
        const entries = rawEntriesOf(history, number);
        const deletions = entries.filter((entry) => entry.action === 'deleted');
        return { id: number, deletedAt: deletions[deletions.length - 1].at, history: entries.map(historyEntryOf), mails: mailsOf(entries) };
      }),
    };
  }

  /** The same report as a German PDF. */
  async personalDataPdf(viewer: Viewer, tenantId: string, mailInput: unknown): Promise<Buffer> {
    return this.receipts.printHtml(personalDataHtml(await this.personalData(viewer, tenantId, mailInput)));
  }

  // --- Art. 17: erasure -------------------------------------------------------------------------

  /**
   * DELETE api/{tenantId}/personal-data?mail=: anonymises every booking of the address now, in one
   * transaction. Refused as a whole (nothing written) while one of them still runs or its payment
   * is open. A booking whose receipt must still be kept keeps the accounting data (restricted).
   * Asked again, nothing is found: the address is gone.
   */
  async erase(viewer: Viewer, tenantId: string, mailInput: unknown, via: BookingHistoryVia, now = new Date()): Promise<ErasureResult> {
    const mail = await this.authorise(viewer, tenantId, mailInput);
    const origin = viewerOrigin(viewer, via);
    const { result, expiredReceipts } = await this.orm.em.fork().transactional(async (tx) => {
      const bookings = await this.bookingsOf(tx, tenantId, mail, true);
      const refusals = bookings.map((booking) => erasureRefusal(booking.number, booking, now)).filter((refusal): refusal is string => refusal !== null);
      if (refusals.length > 0) throw new AppError('privacy.booking-running', { detail: refusals.join(' ') });
      const receipts = bookings.length === 0 ? [] : await tx.find(Receipt, { booking: { key: { $in: bookings.map((booking) => booking.key) } } });
      const targets: AnonymisationTarget[] = [];
      const listed: ErasedBooking[] = [];
      for (const booking of bookings) {
        const own = receipts.filter((receipt) => receipt.booking.key === booking.key);
        const keptUntil = accountingKeptUntil(own.map((receipt) => receipt.createdAt), now);
        const mode: AnonymisationMode = keptUntil ? 'keep-accounting' : 'full';
        targets.push({ number: booking.number, mode });
        listed.push(keptUntil ? { id: booking.number, outcome: 'restricted', reason: accountingReason(keptUntil), keptUntil } : { id: booking.number, outcome: 'erased', reason: null, keptUntil: null });
      }
      const personalValues = bookings.flatMap((booking) => [booking.mail, booking.phone, booking.comment]);
      await anonymiseBookings(tx, tenantId, targets, origin, now);
      // Deleted bookings of the address keep only their history, erased the same way.
      const deleted = await deletedHistoriesOfMail(tx, tenantId, mail);
      await anonymiseDeletedHistories(tx, tenantId, deleted, origin);
      // Every copy goes too: webhook deliveries (sent ones leave the log, waiting ones lose the
      // customer part) and queued jobs naming the person, with the values read before the clearing.
      await eraseWebhookDeliveriesOfMail(tx, tenantId, mail, [...bookings.map((booking) => booking.number), ...deleted]);
      await eraseFromJobs(tx, [mail, ...personalValues]);
      for (const number of deleted) listed.push({ id: number, outcome: 'erased', reason: null, keptUntil: null });
      const expired = receipts.filter((receipt) => targets.some((target) => target.mode === 'full' && target.number === receipt.booking.number));
      return {
        result: { mail, erased: listed.filter((entry) => entry.outcome === 'erased').length, restricted: listed.filter((entry) => entry.outcome === 'restricted').length, bookings: listed },
        expiredReceipts: expired.map((receipt) => ({ kind: receipt.kind, fileName: receipt.fileName })),
      };
    });
    await this.removeFiles(tenantId, expiredReceipts);
    return result;
  }

  // --- the daily retention job ------------------------------------------------------------------

  /**
   * Anonymises, in every tenant, the customer data of finished bookings older than the tenant's
   * retention months (chunks of RETENTION_CHUNK, one transaction each). Bookings with a receipt
   * inside its period keep the accounting data; once every receipt is past its period the booking
   * is anonymised fully and the stored PDFs are removed. Running it again changes nothing.
   */
  async runRetention(now = new Date(), chunkSize = RETENTION_CHUNK): Promise<RetentionRun> {
    const run: RetentionRun = { anonymised: 0, restricted: 0, receiptFilesRemoved: 0, deletedHistories: 0, webhookDeliveriesRemoved: 0 };
    const tenants = await this.orm.em.fork().find(Tenant, {}, { fields: ['id', 'retentionMonths'], orderBy: { id: 'asc' } });
    const receiptCutoff = receiptRetentionCutoff(now);
    for (const tenant of tenants) {
      const cutoff = retentionCutoff(now, tenant.retentionMonths);
      let after = FIRST_KEY;
      for (;;) {
        // Chosen and anonymised in one transaction under the rows' locks, so a booking a clerk moves
        // meanwhile is judged as it is then; one locked by another change waits for the next run.
        const chunk = await this.orm.em.fork().transactional(async (tx) => {
          const rows = await tx.execute<CandidateRow[]>(RETENTION_CANDIDATES_SQL, [tenant.id, after, cutoff, now, now, receiptCutoff, chunkSize]);
          const targets = rows.map((row): AnonymisationTarget => {
            const last = row.last_receipt_at === null ? null : new Date(row.last_receipt_at);
            return { number: row.number, mode: last && last.getTime() >= receiptCutoff.getTime() ? 'keep-accounting' : 'full' };
          });
          const changed = await anonymiseBookings(tx, tenant.id, targets, { actor: systemActor, via: 'job' }, now);
          const fullKeys = rows.filter((row) => row.last_receipt_at !== null && targets.some((target) => target.number === row.number && target.mode === 'full')).map((row) => row.key);
          const expired = fullKeys.length === 0 ? [] : await tx.find(Receipt, { booking: { key: { $in: fullKeys } } }, { fields: ['kind', 'fileName'] });
          return { rows, targets, changed, expired: expired.map((receipt) => ({ kind: receipt.kind, fileName: receipt.fileName })) };
        });
        const { rows, targets, changed } = chunk;
        if (rows.length === 0) break;
        after = rows[rows.length - 1].key;
        for (const target of targets.filter((candidate) => changed.includes(candidate.number))) {
          if (target.mode === 'full') run.anonymised += 1;
          else run.restricted += 1;
        }
        // The files go once the anonymisation is committed.
        run.receiptFilesRemoved += await this.removeFiles(tenant.id, chunk.expired);
        if (rows.length < chunkSize) break;
      }
      run.deletedHistories += await this.anonymiseExpiredDeletedHistories(tenant.id, cutoff, chunkSize);
    }
    run.webhookDeliveriesRemoved = await pruneWebhookLog(this.orm.em.fork(), now);
    logger.info(run, '[privacy] retention run');
    return run;
  }

  /** The histories of bookings deleted before the cutoff, chunk by chunk; deleted bookings have no receipts to keep. */
  private async anonymiseExpiredDeletedHistories(tenantId: string, cutoff: Date, chunkSize: number): Promise<number> {
    let done = 0;
    let after = '';
    for (;;) {
      const numbers = await this.orm.em.fork().transactional(async (tx) => {
        const chosen = await expiredDeletedHistories(tx, tenantId, cutoff, after, chunkSize);
        await anonymiseDeletedHistories(tx, tenantId, chosen, { actor: systemActor, via: 'job' });
        return chosen;
      });
      done += numbers.length;
      if (numbers.length < chunkSize) return done;
      after = numbers[numbers.length - 1];
    }
  }

  handlers(): Record<string, JobHandler> {
    return { [RETENTION_TASK]: async () => void (await this.runRetention()) };
  }

  schedules(): JobSchedule[] {
    return [RETENTION_SCHEDULE];
  }

  // --- helpers ----------------------------------------------------------------------------------

  /** The right first (owners of the tenant), then the mail address: a stranger learns nothing from the answer. */
  private async authorise(viewer: Viewer, tenantId: string, mailInput: unknown): Promise<string> {
    if (!canManageTenant(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    if (!(await this.orm.em.fork().count(Tenant, { id: tenantId }))) throw new AppError('generic.not-found');
    const mail = normalisedMail(mailInput);
    if (!mail) throw new AppError('generic.validation', { detail: privacyMessages.mail, fieldErrors: { mail: privacyMessages.mail } });
    return mail;
  }

  /** The tenant's bookings of the address (case-insensitive), oldest first, with their items. */
  private async bookingsOf(em: EntityManager, tenantId: string, mail: string, lock = false): Promise<Booking[]> {
    const rows = await em.execute<{ key: string }[]>(`select key from bookings where tenant_id = ? and lower(mail) = lower(?) order by created_at, key${lock ? ' for update' : ''}`, [tenantId, mail]);
    if (rows.length === 0) return [];
    return em.find(Booking, { key: { $in: rows.map((row) => row.key) } }, { populate: ['items'], orderBy: { createdAt: 'asc', key: 'asc' } });
  }

  /** Removes the stored PDFs of documents past their period; a failure is logged, the next run tries nothing again (the rows stay). */
  private async removeFiles(tenantId: string, receipts: readonly Pick<Receipt, 'kind' | 'fileName'>[]): Promise<number> {
    let removed = 0;
    for (const receipt of receipts) {
      try {
        await this.receipts.removeStoredFile(tenantId, receipt);
        removed += 1;
      } catch (error) {
        logger.error({ err: error, tenantId }, '[privacy] removing an expired document failed');
      }
    }
    return removed;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    privacy: PrivacyService;
  }
}
