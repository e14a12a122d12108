import type { MikroORM } from '@mikro-orm/postgresql';
import QRCode from 'qrcode';
import { ticketEventIds } from '../../../common/bookings/ticket-event.js';
import { mailSenderSettings } from '../mail/mail-sender.js';
import type { MailAttachment, MailService } from '../mail/mail.service.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { enqueueJobs, type JobHandler } from '../shared/jobs.js';
import { composeBookingMail, parseBookingMailPayload, QR_CODE_CID, renderMailTemplate } from './booking-mail-composition.js';
import { BOOKING_MAIL_JOB, BOOKING_ORGANIZER_MAILS_JOB, bookingMailJob } from './booking.jobs.js';
import type { EventDirectory } from './event-seats.js';
import { bookingView, findBooking } from './booking.queries.js';
import { recordBookingHistory, systemActor } from './booking-history.js';
import { bookingCalendarFile, MAIL_KINDS_WITH_CALENDAR, seriesCalendarFile } from './booking-ics.js';
import type { TicketEntryCodes } from './ticket-entry-codes.js';
import { ticketDocumentHtml } from './ticket-document.js';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { Booking } from './booking.entity.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SeriesMailAction, SeriesMailFacts } from './booking-mail-composition.js';
import type { BookingMailKind } from './booking.jobs.js';
import { findSeries, seriesBookings, storedRuleView } from './series/booking-series.queries.js';

/** The mails a series sends once for all its dates: they name every date (booking.jobs.ts sends them for its first booking). */
const SERIES_SUMMARY_KINDS: ReadonlySet<string> = new Set(['request-received', 'confirmed', 'tenant-new-booking', 'tenant-booking-released']);

/** The one mail of a series action (bookings/series): what it did to the dates it names. */
const SERIES_ACTION_BY_KIND: Partial<Record<BookingMailKind, SeriesMailAction>> = { rejected: 'cancelled', declined: 'declined', released: 'released', 'invoice-payment-request': 'invoiced', invoice: 'invoiced', 'series-changed': 'changed', confirmed: 'paid' };

/**
 * The series' rule and its dates that are not cancelled, for its mails; for a series action's mail
 * (`actionDates`) the dates it changed, whatever their state now.
 */
async function seriesMailFacts(em: EntityManager, tenantId: string, seriesId: string, action?: { kind: SeriesMailAction; dates: readonly string[] }): Promise<SeriesMailFacts> {
  const series = await findSeries(em, tenantId, seriesId);
  const named = action ? new Set(action.dates) : null;
  const bookings = (await seriesBookings(em, tenantId, seriesId)).filter((booking) => (named ? named.has(booking.number) : !booking.isRejected));
  return {
    description: storedRuleView(series).description,
    dates: bookings.map((booking) => ({ bookingId: booking.number, timeBegin: booking.timeBegin?.getTime() ?? null, timeEnd: booking.timeEnd?.getTime() ?? null, priceEur: booking.priceEur, isPayed: booking.isPayed })),
    ...(action ? { action: action.kind } : {}),
  };
}

/** The series block a mail carries: every date for the summary kinds, the changed dates for a series action's mail, none otherwise. */
async function seriesOfMail(em: EntityManager, tenantId: string, booking: Booking, kind: BookingMailKind, seriesDates: readonly string[] | undefined): Promise<SeriesMailFacts | undefined> {
  if (!booking.seriesId) return undefined;
  const action = SERIES_ACTION_BY_KIND[kind];
  if (seriesDates && action) return seriesMailFacts(em, tenantId, booking.seriesId, { kind: action, dates: seriesDates });
  return SERIES_SUMMARY_KINDS.has(kind) ? seriesMailFacts(em, tenantId, booking.seriesId) : undefined;
}

/** HTML to PDF: the receipts domain's renderer, wired in services.ts. */
export interface HtmlToPdf {
  render(htmlDocument: string): Promise<Buffer>;
}

/** What the ticket PDF of a confirmation needs: the entry codes and a renderer. */
export interface TicketAttachments {
  codes: TicketEntryCodes;
  pdf: HtmlToPdf;
}

/**
 * Sends one booking mail of the booking-mail job. A booking or tenant that no longer exists ends
 * the job without a mail; errors of the mail server propagate so the queue retries.
 */
export class BookingMailer {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    /** The events of tickets: their organisers (mail 10) and date and place (booking block); null: neither. */
    private readonly events: Pick<EventDirectory, 'organizerMails' | 'ticketEvents'> | null = null,
    /** The ticket PDF of confirmations of ticket bookings; null: none is attached. */
    private readonly tickets: TicketAttachments | null = null,
  ) {}

  /** The booking mail jobs: one mail, and the fan-out of the organiser mails. */
  handlers(): Record<string, JobHandler> {
    return {
      [BOOKING_MAIL_JOB]: (payload) => this.send(payload),
      [BOOKING_ORGANIZER_MAILS_JOB]: (payload) => this.expandOrganizerMails(payload),
    };
  }

  /**
   * Job booking-organizer-mails: one organiser mail (10) per contact address of the booked tickets'
   * events, each a job of its own, so a retry never repeats a mail that went out.
   */
  async expandOrganizerMails(payload: Record<string, unknown>): Promise<void> {
    const tenantId = typeof payload.tenantId === 'string' ? payload.tenantId : '';
    const bookingId = typeof payload.bookingId === 'string' ? payload.bookingId : '';
    if (!this.events || !tenantId || !bookingId) return;
    const em = this.orm.em.fork();
    const booking = await findBooking(em, tenantId, bookingId);
    if (!booking) return;
    const eventIds = new Set<string>();
    for (const item of booking.items.getItems()) if (item.bookableUsed?.type === 'ticket' && item.bookableUsed.eventId) eventIds.add(item.bookableUsed.eventId);
    const addresses = new Map<string, string>();
    for (const eventId of eventIds) for (const address of await this.events.organizerMails(tenantId, eventId)) addresses.set(address.toLowerCase(), address);
    await enqueueJobs(em, [...addresses.values()].map((to) => bookingMailJob({ tenantId, bookingId, kind: 'organizer-new-booking', to })));
  }

  /** `documents`: PDFs to attach (the receipt to mail 2, the invoice to mails 5 and 6). */
  async send(payload: Record<string, unknown>, documents: readonly MailAttachment[] = []): Promise<void> {
    const job = parseBookingMailPayload(payload);
    const em = this.orm.em.fork();
    const tenant = await em.findOne(Tenant, { id: job.tenantId });
    if (!tenant) return;
    const booking = await findBooking(em, tenant.id, job.bookingId);
    if (!booking) return;

    const view = bookingView(booking);
    const eventIds = ticketEventIds(view.bookableItems);
    const ticketEvents = eventIds.length > 0 && this.events ? await this.events.ticketEvents(tenant.id, eventIds) : undefined;
    const composed = composeBookingMail(job.kind, {
      booking: view,
      tenant: {
        id: tenant.id,
        name: tenant.name,
        mail: tenant.mail,
        contactName: tenant.contactName,
        phone: tenant.phone,
        enablePublicStatusView: tenant.enablePublicStatusView,
        privacyNotice: tenant.privacyNotice,
        privacyPolicyLink: tenant.privacyPolicyLink,
      },
      publicUrl: this.publicUrl,
      reason: job.reason,
      ...(job.refundCents !== undefined ? { refundCents: job.refundCents } : {}),
      hookId: job.hookId,
      to: job.to,
      receiptAttached: job.kind === 'confirmed' && documents.some((document) => document.contentType === 'application/pdf'),
      ticketEvents,
      series: await seriesOfMail(em, tenant.id, booking, job.kind, job.seriesDates),
    });
    if (!composed) return;

    const attachments: MailAttachment[] = [...documents];
    if (composed.links.status) {
      const png = await QRCode.toBuffer(composed.links.status, { type: 'png', margin: 2, width: 200 });
      attachments.push({ filename: 'qrcode.png', content: png, contentType: 'image/png', cid: QR_CODE_CID });
    }
    // The confirmation carries the booked periods, and the events of booked tickets, for the customer's calendar.
    const calendarFile = MAIL_KINDS_WITH_CALENDAR.has(job.kind) ? await this.calendarFileOf(em, booking, tenant.name, ticketEvents) : null;
    if (calendarFile) attachments.push({ filename: `buchung-${booking.number}.ics`, content: calendarFile, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    // And, for tickets, the entry codes: rendered here, in the mail's job, like the receipts.
    const ticketPdf = MAIL_KINDS_WITH_CALENDAR.has(job.kind) ? await this.ticketPdf(booking, tenant.name, ticketEvents) : null;
    if (ticketPdf) attachments.push({ filename: `tickets-${booking.number}.pdf`, content: ticketPdf, contentType: 'application/pdf' });
    // The history names which mail went out (or failed), never its recipient; a failed one is retried by the queue.
    const record = (action: 'mail_sent' | 'mail_failed', reason: string | null) =>
      this.orm.em.fork().transactional((tx) =>
        recordBookingHistory(tx, { tenantId: tenant.id, bookingId: booking.number, action, actor: systemActor, via: 'job', changes: [{ field: 'mail_kind', before: null, after: job.kind }], reason }),
      );
    const sent = this.mail.sendRendered(
      {
        to: composed.to,
        bcc: composed.bcc,
        replyTo: composed.replyTo,
        subject: composed.subject,
        html: renderMailTemplate(tenant.genericMailTemplate, { title: composed.title, contentHtml: composed.contentHtml }),
        text: composed.text,
        attachments,
      },
      mailSenderSettings(tenant),
    );
    try {
      await sent;
    } catch (error) {
      await record('mail_failed', 'Versand fehlgeschlagen, wird wiederholt');
      throw error;
    }
    await record('mail_sent', null);
  }

  /** The booking's calendar file; for a series confirmed as a whole, every date that is not cancelled. */
  private async calendarFileOf(em: EntityManager, booking: Booking, tenantName: string, ticketEvents: ReadonlyMap<string, TicketEventFacts> | undefined): Promise<string | null> {
    if (!booking.seriesId) return bookingCalendarFile({ number: booking.number, updatedAt: booking.updatedAt, items: booking.items.getItems() }, tenantName, this.publicUrl, ticketEvents);
    const series = await findSeries(em, booking.tenant.id, booking.seriesId);
    const dates = (await seriesBookings(em, booking.tenant.id, booking.seriesId)).filter((date) => !date.isRejected);
    await em.populate(dates, ['items']);
    return seriesCalendarFile(
      dates.map((date) => ({ number: date.number, updatedAt: date.updatedAt, items: date.items.getItems() })),
      tenantName,
      this.publicUrl,
      { id: series.id, rrule: series.rrule },
    );
  }

  /** The ticket PDF of a booking with entry codes: one page per code; null without codes. */
  private async ticketPdf(booking: Booking, tenantName: string, events: ReadonlyMap<string, TicketEventFacts> | undefined): Promise<Buffer | null> {
    if (!this.tickets) return null;
    const entries = await this.tickets.codes.entriesOf(this.orm.em.fork(), booking.key);
    if (entries.length === 0) return null;
    const titles = new Map(booking.items.getItems().map((item) => [item.bookableId, item.bookableUsed?.title ?? '']));
    const html = ticketDocumentHtml({
      tenantName,
      bookingNumber: booking.number,
      holderName: [booking.name, booking.company].filter(Boolean).join(', '),
      publicUrl: this.publicUrl,
      pages: entries.map((entry) => ({
        code: entry.code,
        position: entry.position,
        ofCount: entry.ofCount,
        ticketType: titles.get(entry.bookableId) ?? '',
        event: entry.eventId ? (events?.get(entry.eventId) ?? null) : null,
      })),
    });
    return this.tickets.pdf.render(html);
  }
}
