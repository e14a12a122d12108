import { ticketEventIds, type TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canManageTenant } from '../../../common/permissions/permissions.js';
import { Booking as BookingEntity, type Booking } from '../bookings/booking.entity.js';
import { recordBookingChange, type BookingMailKind } from '../bookings/booking.jobs.js';
import type { BookingMailer } from '../bookings/booking.mails.js';
import type { BookingView } from '../bookings/booking.model.js';
import { bookingView, findBooking } from '../bookings/booking.queries.js';
import { lockedSeriesBookings, seriesBookings } from '../bookings/series/booking-series.queries.js';
import { mayOnBooking } from '../bookings/booking.service.js';
import { recordBookingHistory, systemActor, viewerOrigin } from '../bookings/booking-history.js';
import type { BookingHistoryVia, ChangeOrigin } from '../../../common/bookings/history.js';
import type { MailAttachment } from '../mail/mail.service.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { enqueueJobs, jobWithKeyExists, type JobHandler } from '../shared/jobs.js';
import { eurToCents } from '../payments/cents.js';
import { defaultInvoiceTemplate, defaultReceiptTemplate } from '../tenants/default-templates.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { nextDocumentSequence } from './document-counters.js';
import { berlinYear, DOCUMENT_FILE_NAME, documentFileName, documentFolder, documentNumber, isDocumentKind, type DocumentKind } from './document-number.js';
import { renderDocumentTemplate, templateSkeletonError } from './document-template.js';
import { documentDigest, documentValues, withRequiredDetails, type DocumentInput, type InvoiceDetails } from './document-values.js';
import type { PdfRenderer } from './pdf-renderer.js';
import { Receipt } from './receipt.entity.js';
import { logger } from '../shared/logging.js';

/** The durable job that issues a document after a payment or release and mails it. */
export const DOCUMENT_JOB = 'booking-document';

/** Which mail carries the document: 2 (receipt), 5 or 6 (invoice) of docs/bookings.md, “Booking mails”. */
type DocumentMail = Extract<BookingMailKind, 'confirmed' | 'invoice-payment-request' | 'invoice'>;
const documentMails: readonly DocumentMail[] = ['confirmed', 'invoice-payment-request', 'invoice'];

export interface DocumentJobPayload {
  tenantId: string;
  bookingId: string;
  kind: DocumentKind;
  /** One document per payment: a retried job or a repeated notification finds it again. */
  paymentReference: string;
  mail: DocumentMail | null;
}

/** The durable job that issues a series' one invoice and mails it. */
export const SERIES_INVOICE_JOB = 'series-invoice';

export interface SeriesInvoiceJobPayload {
  tenantId: string;
  seriesId: string;
  mail: Extract<DocumentMail, 'invoice-payment-request' | 'invoice'>;
  /** When the invoice was asked for (ISO): an invoice of the same dates issued before needs no mail. */
  requestedAt: string;
}

/** A series invoice job row as written by requestSeriesInvoice (checked: a row may come from an older writer). */
export function parseSeriesInvoiceJob(payload: Record<string, unknown>): SeriesInvoiceJobPayload {
  const mail = payload.mail;
  if (!text(payload.tenantId) || !text(payload.seriesId) || (mail !== 'invoice' && mail !== 'invoice-payment-request') || Number.isNaN(Date.parse(text(payload.requestedAt)))) {
    throw new Error(`invalid series invoice job payload: ${JSON.stringify(payload)}`);
  }
  return { tenantId: text(payload.tenantId), seriesId: text(payload.seriesId), mail, requestedAt: text(payload.requestedAt) };
}

/** The durable job that issues the one receipt of series dates paid together and mails it. */
export const SERIES_RECEIPT_JOB = 'series-receipt';

export interface SeriesReceiptJobPayload {
  tenantId: string;
  seriesId: string;
  /** The booking numbers of the dates paid together that the receipt lists. */
  bookingIds: string[];
  /** One receipt per payment: a retried job finds it again. */
  paymentReference: string;
}

/** A series receipt job row as written by enqueueSeriesReceipt (checked: a row may come from an older writer). */
export function parseSeriesReceiptJob(payload: Record<string, unknown>): SeriesReceiptJobPayload {
  const ids = payload.bookingIds;
  if (!text(payload.tenantId) || !text(payload.seriesId) || !text(payload.paymentReference) || !Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id !== '')) {
    throw new Error(`invalid series receipt job payload: ${JSON.stringify(payload)}`);
  }
  return { tenantId: text(payload.tenantId), seriesId: text(payload.seriesId), bookingIds: ids as string[], paymentReference: text(payload.paymentReference) };
}

/** A document as staff see it in the booking. */
export interface ReceiptView {
  id: string;
  kind: DocumentKind;
  number: string;
  fileName: string;
  revision: number;
  createdAt: Date;
  downloadUrl: string;
  /** True when the request that answered it issued it; false for a document that existed before. */
  isNew: boolean;
}

/** The invoice of a booking's current amount: issued (with its number) or still being issued. */
export interface InvoiceRequest {
  /** The invoice's number once issued; null while its job has not issued it yet. */
  number: string | null;
  /** False when this call enqueued it; true when it had been asked for before (nothing enqueued). */
  requestedBefore: boolean;
}

export interface IssuedDocument {
  receipt: Receipt;
  pdf: Buffer;
  /** False when an existing document was returned (the payment's, or the newest when nothing on it changed). */
  isNew: boolean;
}

/** What issueLocked issues: for a series invoice, the series and the dates it charges (the anchor is the first). */
interface DocumentRequest {
  anchor: Booking;
  kind: DocumentKind;
  paymentReference: string | null;
  now: Date;
  origin: ChangeOrigin;
  reuseUnchanged: boolean;
  series: { id: string; dates: readonly Booking[] } | null;
}

export interface IssueOptions {
  /** When the newest document of the kind would print the same (documentDigest), it is returned instead of a new revision. */
  reuseUnchanged?: boolean;
}

/** Sample booking of the template preview ("Vorschau" in the tenant editor). */
function sampleBooking(tenantId: string, now: Date): BookingView {
  const begin = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7, 8);
  // A flat price of 100 € net with 19 % VAT, so the preview shows the VAT lines as a real document does.
  const snapshot = {
    title: 'Großer Saal',
    bookingNotes: '<p>Der Schlüssel liegt an der Pforte bereit.</p>',
    priceType: 'per-item',
    priceCategories: [{ priceEur: 100, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: true }],
  } as unknown as BookingView['bookableItems'][number]['_bookableUsed'];
  return {
    id: 'ABCD-EFGH',
    tenantId,
    assignedUserId: null,
    timeBegin: begin,
    timeEnd: begin + 4 * 3_600_000,
    timeCreated: now.getTime(),
    bookableItems: [{ bookableId: 'sample', amount: 1, regularPriceEur: 100, regularGrossPriceEur: 119, userPriceEur: 100, userGrossPriceEur: 119, _bookableUsed: snapshot }],
    couponCode: null,
    name: 'Erika Mustermann',
    company: 'Musterverein e. V.',
    street: 'Hauptstraße 1',
    zipCode: '12345',
    location: 'Musterstadt',
    mail: 'erika@example.org',
    phone: '0123 456789',
    comment: '',
    attachments: [],
    priceEur: 119,
    vatIncludedEur: 19,
    isCommitted: true,
    isPayed: true,
    isRejected: false,
    paymentProvider: 'invoice',
    paymentMethod: 'TRANSFER',
    paidAt: now.toISOString(),
    cancelledAt: null,
    updatedAt: now.toISOString(),
    lockerInfo: [],
    seriesId: null,
  };
}

function invoiceDetails(tenant: Tenant): InvoiceDetails | null {
  const app = tenant.applications.find((application) => application.id === 'invoice');
  if (!app) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const days = app.daysUntilPaymentDue;
  return { bank: text(app.bank), iban: text(app.iban), bic: text(app.bic), accountHolder: text(app.accountHolder), daysUntilPaymentDue: typeof days === 'number' ? days : null };
}

/** The tenant's template of the kind, or the bundled one when it has none. */
function templateOf(tenant: Pick<Tenant, 'receiptTemplate' | 'invoiceTemplate'>, kind: DocumentKind): string {
  const own = kind === 'receipt' ? tenant.receiptTemplate : tenant.invoiceTemplate;
  return own.trim() ? own : kind === 'receipt' ? defaultReceiptTemplate : defaultInvoiceTemplate;
}

function requireSkeleton(template: string): void {
  const message = templateSkeletonError(template);
  if (message) throw new AppError('receipt.template-invalid', { detail: message, fieldErrors: { template: message } });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An invoice's reference: one invoice per booking and amount, whoever asks for it (release, customer, staff). */
const invoiceReference = (booking: Pick<Booking, 'priceEur'>) => `invoice:${eurToCents(booking.priceEur)}`;

/** A job row as written by enqueue (checked: a row may come from an older writer). */
export function parseDocumentJob(payload: Record<string, unknown>): DocumentJobPayload {
  const mail = payload.mail ?? null;
  if (!text(payload.tenantId) || !text(payload.bookingId) || !isDocumentKind(payload.kind) || !text(payload.paymentReference) || (mail !== null && !documentMails.includes(mail as DocumentMail))) {
    throw new Error(`invalid document job payload: ${JSON.stringify(payload)}`);
  }
  return { tenantId: text(payload.tenantId), bookingId: text(payload.bookingId), kind: payload.kind, paymentReference: text(payload.paymentReference), mail: mail as DocumentMail | null };
}

/**
 * Receipts and invoices: numbered per tenant, kind and Berlin
 * calendar year by an atomic counter, rendered from the tenant's HTML template to PDF, stored in the
 * tenant's receipts/ or invoices/ folder (outside the file store's public and protected trees) and
 * listed in the receipts table. A document is issued in one transaction under the booking's row
 * lock: the counter, the row and the booking's attachment entry commit together, so a failed PDF
 * gives its number back and invoice numbers have no gaps. The follow-ups after a payment or a
 * release are jobs enqueued in the caller's transaction (DocumentPaymentFollowUps).
 */
/** What a document prints of its tenant. */
const documentTenant = (tenant: Tenant) => ({ name: tenant.name, location: tenant.location, paymentPurposeSuffix: tenant.paymentPurposeSuffix, taxId: tenant.taxId });

export class ReceiptService {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: { filesDir: string; publicUrl: string },
    private readonly renderer: PdfRenderer,
    private readonly mailer: Pick<BookingMailer, 'send'>,
    /** The events of booked tickets: a ticket receipt names when its event takes place. */
    private readonly events: { ticketEvents(tenantId: string, eventIds: readonly string[]): Promise<Map<string, TicketEventFacts>> } | null = null,
  ) {}

  // --- staff ------------------------------------------------------------------------------------

  /**
   * POST bookings/:id/receipt ("Zahlungsbeleg erstellen"): a new receipt revision, or the booking's
   * newest receipt (isNew false) when the new one would print the same; update right on the booking.
   */
  async create(viewer: Viewer, tenantId: string, bookingNumber: string, via: BookingHistoryVia): Promise<ReceiptView> {
    const booking = await findBooking(this.orm.em.fork(), tenantId, bookingNumber);
    if (!booking) throw new AppError('generic.not-found');
    if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
    const { receipt, isNew } = await this.issue(tenantId, bookingNumber, 'receipt', null, new Date(), viewerOrigin(viewer, via), { reuseUnchanged: true });
    return this.view(tenantId, bookingNumber, receipt, isNew);
  }

  /**
   * POST bookings/:id/invoices ("Rechnung erstellen"): the invoice of the booking's current amount,
   * for this booking alone (a date of a series too: the series' own invoice stays as it is); update
   * right on the booking. Once per booking and amount, as the invoice a release or the customer asks
   * for: one issued before for the same amount is returned (isNew false), a changed amount makes a
   * revision. Staff download it; no mail is sent.
   */
  async createInvoice(viewer: Viewer, tenantId: string, bookingNumber: string, via: BookingHistoryVia): Promise<ReceiptView> {
    const booking = await findBooking(this.orm.em.fork(), tenantId, bookingNumber);
    if (!booking) throw new AppError('generic.not-found');
    if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
    const { receipt, isNew } = await this.issue(tenantId, bookingNumber, 'invoice', invoiceReference(booking), new Date(), viewerOrigin(viewer, via));
    return this.view(tenantId, bookingNumber, receipt, isNew);
  }

  /** The booking's documents, oldest first (the caller has checked the read right). */
  async list(tenantId: string, bookingNumber: string): Promise<ReceiptView[]> {
    const em = this.orm.em.fork();
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking) return [];
    // A date of a series lists the series' documents too (its invoices, the receipts of dates paid together): they concern it, wherever they are kept.
    const receipts = await em.find(Receipt, booking.seriesId ? { tenant: tenantId, $or: [{ booking }, { seriesId: booking.seriesId }] } : { tenant: tenantId, booking }, { orderBy: { createdAt: 'asc', revision: 'asc' } });
    return receipts.map((receipt) => this.view(tenantId, bookingNumber, receipt, false));
  }

  /** `list` of several bookings of the tenant (a bookings page) with two statements, however many they are. */
  async listOfBookings(tenantId: string, bookingNumbers: readonly string[]): Promise<Map<string, ReceiptView[]>> {
    const em = this.orm.em.fork();
    const lists = new Map<string, ReceiptView[]>(bookingNumbers.map((number) => [number, []]));
    const bookings = await em.find(BookingEntity, { tenant: tenantId, number: { $in: [...bookingNumbers] } }, { fields: ['key', 'number', 'seriesId'] });
    if (bookings.length === 0) return lists;
    const seriesIds = [...new Set(bookings.flatMap((booking) => (booking.seriesId ? [booking.seriesId] : [])))];
    const receipts = await em.find(
      Receipt,
      { tenant: tenantId, $or: [{ booking: { key: { $in: bookings.map((booking) => booking.key) } } }, ...(seriesIds.length > 0 ? [{ seriesId: { $in: seriesIds } }] : [])] },
      { orderBy: { createdAt: 'asc', revision: 'asc' } },
    );
    for (const booking of bookings) {
      // A date of a series lists the series' invoices too, as `list` does.
      const own = receipts.filter((receipt) => receipt.booking.key === booking.key || (booking.seriesId && receipt.seriesId === booking.seriesId));
      lists.set(booking.number, own.map((receipt) => this.view(tenantId, booking.number, receipt, false)));
    }
    return lists;
  }

  /**
   * GET bookings/:id/receipt/:receiptId: a document of THIS booking by its id or file name; anything
   * else (another booking's document, a path) is "not found". Read right on the booking, or its booker (the account it is assigned to).
   */
  async file(viewer: Viewer, tenantId: string, bookingNumber: string, receiptId: string): Promise<{ fileName: string; content: Buffer }> {
    const em = this.orm.em.fork();
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking) throw new AppError('generic.not-found');
    // Staff who may read the booking, and its booker ("Meine Buchungen"; not through a token, which has no account).
    const booker = !viewer.apiToken && booking.assignedUserId === viewer.user.id;
    if (!booker && !mayOnBooking(viewer, 'read', booking)) throw new AppError('auth.forbidden');
    return this.documentOf(em, tenantId, booking, receiptId);
  }

  /**
   * A document of the booking for its guest booker, whom the bookings domain has recognised by the
   * link mailed to the booking's address ("Meine Buchungen" by link); "not found" as in `file`.
   */
  async fileForGuest(tenantId: string, bookingNumber: string, receiptId: string): Promise<{ fileName: string; content: Buffer }> {
    const em = this.orm.em.fork();
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking) throw new AppError('generic.not-found');
    return this.documentOf(em, tenantId, booking, receiptId);
  }

  private async documentOf(em: EntityManager, tenantId: string, booking: Booking, receiptId: string): Promise<{ fileName: string; content: Buffer }> {
    // Looked up among this booking's rows (and its series' documents) only; the request names no path.
    const own = booking.seriesId ? { tenant: tenantId, $or: [{ booking }, { seriesId: booking.seriesId }] } : { tenant: tenantId, booking };
    const receipt = isUuid(receiptId) ? await em.findOne(Receipt, { ...own, id: receiptId }) : await em.findOne(Receipt, { ...own, fileName: receiptId });
    if (!receipt) throw new AppError('generic.not-found');
    const content = await this.readStored(tenantId, receipt).catch(() => null);
    if (!content) throw new AppError('generic.not-found');
    return { fileName: receipt.fileName, content };
  }

  /** The given template (or the bundled one when empty) filled with sample data, as PDF: owners of the tenant. */
  async preview(viewer: Viewer, tenantId: string, kind: DocumentKind, template: string | null): Promise<Buffer> {
    return this.pdf(await this.previewHtml(viewer, tenantId, kind, template));
  }

  /**
   * The HTML the preview PDF is printed from: the tenant editor shows it in a sandboxed frame, as the
   * page's Content-Security-Policy frames no PDF from a blob: URL. Owners of the tenant.
   */
  async previewHtml(viewer: Viewer, tenantId: string, kind: DocumentKind, template: string | null): Promise<string> {
    if (!canManageTenant(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found');
    const source = template?.trim() ? template : templateOf(tenant, kind);
    requireSkeleton(source);
    const now = new Date();
    const prefix = kind === 'receipt' ? tenant.receiptNumberPrefix : tenant.invoiceNumberPrefix;
    const values = documentValues({
      kind,
      booking: sampleBooking(tenantId, now),
      tenant: documentTenant(tenant),
      number: documentNumber(prefix, berlinYear(now), 1, 1),
      issuedAt: now,
      invoice: invoiceDetails(tenant) ?? { bank: 'Musterbank', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', accountHolder: tenant.name, daysUntilPaymentDue: 14 },
    });
    return renderDocumentTemplate(withRequiredDetails(source), values);
  }

  // --- issuing ----------------------------------------------------------------------------------

  /**
   * Issues a document of the kind for the booking, or, when `paymentReference` names one already
   * issued for that payment, returns it. Numbering: the booking's base number from its first
   * document of the kind, else the next of the tenant's counter for the Berlin year of `now`; the
   * revision one above the booking's highest. With `reuseUnchanged`, the booking's newest document
   * of the kind when a new one would print the same; decided under the booking's row lock, so
   * requests at the same moment issue at most one revision.
   */
  async issue(
    tenantId: string,
    bookingNumber: string,
    kind: DocumentKind,
    paymentReference: string | null,
    now = new Date(),
    origin: ChangeOrigin = { actor: systemActor, via: 'job' },
    options: IssueOptions = {},
  ): Promise<IssuedDocument> {
    return this.orm.em.fork().transactional(async (tx) => {
      const booking = await findBooking(tx, tenantId, bookingNumber, { lock: true });
      if (!booking) throw new AppError('generic.not-found');
      if (paymentReference) {
        const existing = await tx.findOne(Receipt, { booking, kind, paymentReference });
        if (existing) return { receipt: existing, pdf: await this.storedOrRendered(tx, booking, existing), isNew: false };
      }
      return this.issueLocked(tx, { anchor: booking, kind, paymentReference, now, origin, reuseUnchanged: options.reuseUnchanged === true, series: null });
    });
  }

  /**
   * Issues the one invoice of a series for the dates named (its released, unpaid, priced dates,
   * earliest first), or returns the series invoice issued before with the same reference. The
   * document is kept with the first of the dates; its number and revisions are the series' own
   * (a changed set of dates is a new revision). Under the series' row locks, so a retried job and a
   * staff change at the same moment issue one.
   */
  async issueSeriesInvoice(tenantId: string, seriesId: string, dateNumbers: readonly string[], paymentReference: string, now = new Date()): Promise<IssuedDocument | null> {
    return this.issueSeriesDocument(tenantId, seriesId, 'invoice', dateNumbers, paymentReference, now);
  }

  /**
   * A series document (its one invoice, or the receipt of dates paid together) of the dates named,
   * or the one issued before with the same reference, as issueSeriesInvoice describes.
   */
  private async issueSeriesDocument(tenantId: string, seriesId: string, kind: DocumentKind, dateNumbers: readonly string[], paymentReference: string, now: Date): Promise<IssuedDocument | null> {
    return this.orm.em.fork().transactional(async (tx) => {
      const named = new Set(dateNumbers);
      const dates = (await lockedSeriesBookings(tx, tenantId, seriesId)).filter((booking) => named.has(booking.number));
      if (dates.length === 0) return null;
      await tx.populate(dates, ['items']);
      const existing = await tx.findOne(Receipt, { tenant: tenantId, seriesId, kind, paymentReference });
      if (existing) return { receipt: existing, pdf: await this.storedOrRendered(tx, existing.booking, existing, dates), isNew: false };
      return this.issueLocked(tx, { anchor: dates[0], kind, paymentReference, now, origin: { actor: systemActor, via: 'job' }, reuseUnchanged: false, series: { id: seriesId, dates } });
    });
  }

  /**
   * The document itself, in the caller's transaction under the row locks: numbering (the base number
   * from the first document of the kind, of the booking or of the series; else the tenant's counter
   * for the Berlin year), revision, PDF, the attachment entry and the history of each booking it covers.
   */
  private async issueLocked(tx: EntityManager, request: DocumentRequest): Promise<IssuedDocument> {
    const { anchor, kind, paymentReference, now, origin, series } = request;
    const tenantId = anchor.tenant.id;
    const tenant = await tx.findOneOrFail(Tenant, { id: tenantId });
    const template = templateOf(tenant, kind);
    requireSkeleton(template);

    // A booking's own documents and a series' documents are numbered apart.
    const same = series ? { tenant: tenantId, seriesId: series.id, kind } : { booking: anchor, kind, seriesId: null };
    const previous = await tx.find(Receipt, same, { orderBy: { revision: 'desc' }, limit: 1 });
    const contentDigest = documentDigest(await this.documentInput(anchor, tenant, kind, '', now, series?.dates), withRequiredDetails(template));
    const newest = previous[0];
    if (request.reuseUnchanged && newest?.contentDigest === contentDigest) {
      return { receipt: newest, pdf: await this.storedOrRendered(tx, anchor, newest), isNew: false };
    }
    const first = await tx.findOne(Receipt, same, { orderBy: { revision: 'asc' } });
    const year = first?.year ?? berlinYear(now);
    const sequence = first?.sequence ?? (await nextDocumentSequence(tx, tenantId, kind, year));
    const revision = (newest?.revision ?? 0) + 1;
    const prefix = kind === 'receipt' ? tenant.receiptNumberPrefix : tenant.invoiceNumberPrefix;
    const number = documentNumber(prefix, year, sequence, revision);
    const receipt = tx.create(Receipt, { tenant, booking: anchor, kind, year, sequence, revision, number, fileName: documentFileName(kind, number), paymentReference, seriesId: series?.id ?? null, contentDigest, createdAt: now });

    const pdf = await this.renderFor(anchor, tenant, receipt, series?.dates);
    await this.store(tenantId, receipt, pdf);
    // The booking lists its documents as attachments too.
    const entry =
      kind === 'receipt'
        ? { type: 'receipt', title: receipt.fileName, receiptId: `${year}-${String(sequence).padStart(4, '0')}`, revision, timeCreated: now.getTime(), documentId: receipt.id }
        : { type: 'invoice', title: receipt.fileName, name: receipt.fileName, invoiceId: `${year}-${String(sequence).padStart(4, '0')}`, revision, timeCreated: now.getTime(), documentId: receipt.id };
    anchor.attachments = [...anchor.attachments, entry];
    await tx.flush();
    await recordBookingChange(tx, { tenantId, id: anchor.number, action: 'UPDATED', assignedUserId: anchor.assignedUserId ?? null });
    // Every date a series invoice charges says so in its history.
    for (const booking of series?.dates ?? [anchor]) {
      await recordBookingHistory(tx, {
        tenantId,
        bookingId: booking.number,
        action: kind === 'receipt' ? 'receipt_issued' : 'invoice_issued',
        ...origin,
        changes: [{ field: 'document', before: null, after: receipt.number }],
      });
    }
    return { receipt, pdf, isNew: true };
  }

  /** What a document of the booking as it is now is filled from. */
  private async documentInput(booking: Booking, tenant: Tenant, kind: DocumentKind, number: string, issuedAt: Date, seriesDates?: readonly Booking[]): Promise<DocumentInput> {
    const view = bookingView(booking);
    const eventIds = ticketEventIds(view.bookableItems);
    const ticketEvents = eventIds.length > 0 && this.events ? [...(await this.events.ticketEvents(tenant.id, eventIds)).values()] : [];
    return { kind, booking: view, ticketEvents, tenant: documentTenant(tenant), number, issuedAt, invoice: invoiceDetails(tenant), ...(seriesDates ? { seriesDates: seriesDates.map(bookingView) } : {}) };
  }

  private async renderFor(booking: Booking, tenant: Tenant, receipt: Receipt, seriesDates?: readonly Booking[]): Promise<Buffer> {
    const values = documentValues(await this.documentInput(booking, tenant, receipt.kind, receipt.number, receipt.createdAt, seriesDates));
    return this.pdf(renderDocumentTemplate(withRequiredDetails(templateOf(tenant, receipt.kind)), values));
  }

  /** Any of the product's own HTML documents (not a tenant template) printed to PDF by the same renderer. */
  printHtml(htmlDocument: string): Promise<Buffer> {
    return this.pdf(htmlDocument);
  }

  private async pdf(htmlDocument: string): Promise<Buffer> {
    try {
      return await this.renderer.render(htmlDocument);
    } catch (error) {
      logger.error({ err: error }, '[receipts] PDF rendering failed');
      throw new AppError('receipt.create-error');
    }
  }

  /** The stored PDF; rendered again under the same number when the file went missing. */
  private async storedOrRendered(em: EntityManager, booking: Booking, receipt: Receipt, seriesDates?: readonly Booking[]): Promise<Buffer> {
    const stored = await this.readStored(booking.tenant.id, receipt).catch(() => null);
    if (stored) return stored;
    const tenant = await em.findOneOrFail(Tenant, { id: booking.tenant.id });
    const pdf = await this.renderFor(booking, tenant, receipt, seriesDates);
    await this.store(booking.tenant.id, receipt, pdf);
    return pdf;
  }

  // --- storage ----------------------------------------------------------------------------------

  /** {filesDir}/{tenantId}/receipts|invoices; the tenant id is checked to be one safe segment. */
  private folder(tenantId: string, kind: DocumentKind): string {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw new AppError('generic.not-found');
    return path.join(this.config.filesDir, tenantId, documentFolder[kind]);
  }

  /** Written to a temporary file first and renamed, so a reader never sees half a PDF. */
  private async store(tenantId: string, receipt: Receipt, pdf: Buffer): Promise<void> {
    if (!DOCUMENT_FILE_NAME.test(receipt.fileName)) throw new Error(`unsafe document file name ${receipt.fileName}`);
    const folder = this.folder(tenantId, receipt.kind);
    await mkdir(folder, { recursive: true, mode: 0o750 });
    const temp = path.join(folder, `.${randomBytes(8).toString('hex')}.part`);
    try {
      await writeFile(temp, pdf, { mode: 0o640 });
      await rename(temp, path.join(folder, receipt.fileName));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** The file of a stored document, resolved and checked to lie inside its folder (no link leads out). */
  private async readStored(tenantId: string, receipt: Receipt): Promise<Buffer> {
    if (!DOCUMENT_FILE_NAME.test(receipt.fileName)) throw new Error('unsafe document file name');
    const folder = await realpath(this.folder(tenantId, receipt.kind));
    const file = await realpath(path.join(folder, receipt.fileName));
    if (path.dirname(file) !== folder) throw new Error('document outside its folder');
    return readFile(file);
  }

  /**
   * Removes the stored PDF of a document whose retention period is over (docs/privacy.md); the row
   * with its number stays, so the numbering has no gaps. A file already gone is fine.
   */
  async removeStoredFile(tenantId: string, receipt: Pick<Receipt, 'kind' | 'fileName'>): Promise<void> {
    if (!DOCUMENT_FILE_NAME.test(receipt.fileName)) throw new Error('unsafe document file name');
    await rm(path.join(this.folder(tenantId, receipt.kind), receipt.fileName), { force: true });
  }

  private view(tenantId: string, bookingNumber: string, receipt: Receipt, isNew: boolean): ReceiptView {
    return {
      id: receipt.id,
      kind: receipt.kind,
      number: receipt.number,
      fileName: receipt.fileName,
      revision: receipt.revision,
      createdAt: receipt.createdAt,
      downloadUrl: `${this.config.publicUrl}/api/${encodeURIComponent(tenantId)}/bookings/${encodeURIComponent(bookingNumber)}/receipt/${encodeURIComponent(receipt.id)}`,
      isNew,
    };
  }

  // --- follow-ups -------------------------------------------------------------------------------

  /**
   * Inside the transaction that marked the booking paid: a job that issues the receipt (one per
   * payment) and sends the confirmation (mail 2) with it. The payment providers may pass their
   * transaction id as the reference; without one each call is a payment of its own.
   */
  async enqueueReceiptFor(em: EntityManager, tenantId: string, bookingNumber: string, options: { paymentReference?: string; mail?: boolean } = {}): Promise<void> {
    await this.enqueue(em, { tenantId, bookingId: bookingNumber, kind: 'receipt', paymentReference: options.paymentReference ?? `payment:${randomUUID()}`, mail: options.mail === false ? null : 'confirmed' });
  }

  /**
   * Inside the transaction that released a booking paid before (paidBookingReleased): a job that
   * issues the receipt of that payment and sends the confirmation (mail 2) with it. The payment has
   * no reference of a provider, so the receipt carries one of booking and amount: a retried job and
   * a release after a cancellation find the receipt issued before (and mail it again) instead of
   * issuing another; its job carries a key of the same, so a job still queued is not doubled.
   */
  async enqueueReceiptAtRelease(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking) return;
    const paymentReference = `paid-before-release:${eurToCents(booking.priceEur)}`;
    const key = `booking-receipt:${booking.key}:${paymentReference}`;
    if (await jobWithKeyExists(em, key)) return;
    await enqueueJobs(em, [{ name: DOCUMENT_JOB, payload: { tenantId, bookingId: bookingNumber, kind: 'receipt', paymentReference, mail: 'confirmed' } satisfies DocumentJobPayload, key }]);
  }

  /**
   * The invoice of the booking's current amount, once: inside the caller's transaction, which holds
   * the booking's row lock, so concurrent requests are serialised. The invoice carries the reference
   * of booking and amount (unique per booking and kind); its job carries a key of the same, so a
   * request finds an invoice already issued or one whose job is still queued or running, and enqueues
   * nothing more. Only a changed amount makes a new invoice (revision).
   */
  async requestInvoiceOnce(em: EntityManager, tenantId: string, bookingNumber: string, mail: 'invoice-payment-request' | 'invoice'): Promise<InvoiceRequest> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking) throw new AppError('generic.not-found');
    const amountCents = eurToCents(booking.priceEur);
    const paymentReference = invoiceReference(booking);
    const issued = await em.findOne(Receipt, { booking, kind: 'invoice', paymentReference });
    if (issued) return { number: issued.number, requestedBefore: true };
    const key = `booking-invoice:${booking.key}:${amountCents}`;
    if (await jobWithKeyExists(em, key)) return { number: null, requestedBefore: true };
    await enqueueJobs(em, [{ name: DOCUMENT_JOB, payload: { tenantId, bookingId: bookingNumber, kind: 'invoice', paymentReference, mail }, key }]);
    return { number: null, requestedBefore: false };
  }

  /**
   * Inside the change's transaction: the series' one invoice. One job per series waits at a time (a
   * later request replaces it), so the dates released in one change, each reporting its payment
   * request, share one invoice; the job decides when it runs which dates it charges.
   */
  async requestSeriesInvoice(em: EntityManager, tenantId: string, seriesId: string, mail: SeriesInvoiceJobPayload['mail']): Promise<void> {
    const payload: SeriesInvoiceJobPayload = { tenantId, seriesId, mail, requestedAt: new Date().toISOString() };
    await enqueueJobs(em, [{ name: SERIES_INVOICE_JOB, payload: { ...payload }, key: `series-invoice:${seriesId}` }]);
  }

  /** Whether the series has had an invoice of its own (a change to its dates then revises it). */
  async seriesInvoiced(em: EntityManager, tenantId: string, seriesId: string): Promise<boolean> {
    return (await em.count(Receipt, { tenant: tenantId, seriesId, kind: 'invoice' })) > 0;
  }

  /**
   * The series invoice of the dates to be paid now (released, not cancelled, not paid, with a
   * price), mailed with the dates it charges. The same dates with the same amounts make the same
   * invoice: issued before this request was made, it is not mailed again (nothing changed); issued
   * by this request's earlier attempt, it is (the mail had failed).
   */
  async runSeriesInvoiceJob(job: SeriesInvoiceJobPayload): Promise<void> {
    const dates = (await seriesBookings(this.orm.em.fork(), job.tenantId, job.seriesId)).filter((booking) => booking.isCommitted && !booking.isRejected && !booking.isPayed && booking.priceEur > 0);
    if (dates.length === 0) return;
    const charged = dates.map((booking) => `${booking.number}:${eurToCents(booking.priceEur)}`).join(',');
    const paymentReference = `series-invoice:${createHash('sha256').update(charged).digest('hex').slice(0, 32)}`;
    const issued = await this.issueSeriesInvoice(job.tenantId, job.seriesId, dates.map((booking) => booking.number), paymentReference);
    if (!issued || (!issued.isNew && issued.receipt.createdAt.getTime() < Date.parse(job.requestedAt))) return;
    const attachment: MailAttachment = { filename: issued.receipt.fileName, content: issued.pdf, contentType: 'application/pdf' };
    await this.mailer.send({ tenantId: job.tenantId, bookingId: dates[0].number, kind: job.mail, seriesDates: dates.map((booking) => booking.number) }, [attachment]);
  }

  /**
   * Inside the transaction that marked dates of a series paid together: a job that issues their one
   * receipt (a series document listing them) and mails it with the confirmation (mail 2) naming
   * them. The payment has no provider's reference: each call is a payment of its own, and the
   * reference is the job's key, so a retried job finds its receipt instead of issuing another.
   */
  async enqueueSeriesReceipt(em: EntityManager, tenantId: string, seriesId: string, bookingNumbers: readonly string[]): Promise<void> {
    const paymentReference = `series-payment:${randomUUID()}`;
    const payload: SeriesReceiptJobPayload = { tenantId, seriesId, bookingIds: [...bookingNumbers], paymentReference };
    await enqueueJobs(em, [{ name: SERIES_RECEIPT_JOB, payload: { ...payload }, key: `series-receipt:${seriesId}:${paymentReference}` }]);
  }

  /**
   * The receipt of series dates paid together, listing those still paid (a date deleted or no longer
   * paid meanwhile is left out; none left ends the job quietly), mailed with the confirmation naming
   * them. A retry after a failed mail finds the receipt of the same payment and sends it again.
   */
  async runSeriesReceiptJob(job: SeriesReceiptJobPayload): Promise<void> {
    const named = new Set(job.bookingIds);
    const dates = (await seriesBookings(this.orm.em.fork(), job.tenantId, job.seriesId)).filter((booking) => named.has(booking.number) && booking.isPayed && !booking.isRejected);
    if (dates.length === 0) return;
    const numbers = dates.map((booking) => booking.number);
    const issued = await this.issueSeriesDocument(job.tenantId, job.seriesId, 'receipt', numbers, job.paymentReference, new Date());
    if (!issued) return;
    const attachment: MailAttachment = { filename: issued.receipt.fileName, content: issued.pdf, contentType: 'application/pdf' };
    await this.mailer.send({ tenantId: job.tenantId, bookingId: numbers[0], kind: 'confirmed', seriesDates: numbers }, [attachment]);
  }

  private async enqueue(em: EntityManager, payload: DocumentJobPayload): Promise<void> {
    await enqueueJobs(em, [{ name: DOCUMENT_JOB, payload: { ...payload } }]);
  }

  /** The job handlers by name, for the process's job worker. */
  handlers(): Record<string, JobHandler> {
    return {
      [DOCUMENT_JOB]: (payload) => this.runJob(parseDocumentJob(payload)),
      [SERIES_INVOICE_JOB]: (payload) => this.runSeriesInvoiceJob(parseSeriesInvoiceJob(payload)),
      [SERIES_RECEIPT_JOB]: (payload) => this.runSeriesReceiptJob(parseSeriesReceiptJob(payload)),
    };
  }

  /**
   * Issues (or finds) the document and sends its mail. A retry after a failed mail finds the
   * document of the same payment and sends it again; a receipt job finds the booking's newest
   * receipt when that prints the same (staff clicked "Zahlungsbeleg erstellen" before the job ran).
   * A booking deleted in the meantime, no longer paid (receipt) or already paid (invoice) ends the
   * job quietly.
   */
  async runJob(job: DocumentJobPayload): Promise<void> {
    const booking = await findBooking(this.orm.em.fork(), job.tenantId, job.bookingId);
    if (!booking) return;
    if (job.kind === 'receipt' ? !booking.isPayed : booking.isPayed) return;
    // A receipt staff issued just before the job ran that prints the same is the payment's receipt too.
    const issued = await this.issue(job.tenantId, job.bookingId, job.kind, job.paymentReference, new Date(), undefined, { reuseUnchanged: job.kind === 'receipt' }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'generic.not-found') return null;
      throw error;
    });
    if (!issued || !job.mail) return;
    const attachment: MailAttachment = { filename: issued.receipt.fileName, content: issued.pdf, contentType: 'application/pdf' };
    await this.mailer.send({ tenantId: job.tenantId, bookingId: job.bookingId, kind: job.mail }, [attachment]);
  }

  /** PDFs this process rendered (the benchmark reads it). */
  renderedDocuments(): number {
    return this.renderer.rendered;
  }

  /** Closes the warm browser (server shutdown). */
  async close(): Promise<void> {
    await this.renderer.close();
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    receipts: ReceiptService;
  }
}
