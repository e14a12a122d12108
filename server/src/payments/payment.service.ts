import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { paymentProviderLabel, type PaymentMethod } from '../../../common/bookings/labels.js';
import { isBookingNumber } from '../bookings/booking-number.js';
import type { Booking } from '../bookings/booking.entity.js';
import { recordBookingChange } from '../bookings/booking.jobs.js';
import { findBooking } from '../bookings/booking.queries.js';
import { setBookingState } from '../bookings/booking-state.js';
import { recordBookingHistory, type ChangeOrigin } from '../bookings/booking-history.js';
import type { PaymentProviderUrls } from '../config.js';
import { AppError } from '../shared/errors.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { eurToCents } from './cents.js';
import { activePaymentApplication, paymentProviderIds, type PaymentApplication, type PaymentProviderId } from './payment-applications.js';
import type { WorkflowService } from '../workflow/workflow.service.js';
import type { InvoiceState, PaymentFollowUps } from './payment-follow-ups.js';
import { GiroCheckoutProvider } from './providers/girocheckout.js';
import { invalidNotification, invoiceProvider, type CallbackParams, type PaymentProvider, type PaymentTarget, type VerifiedPayment } from './providers/payment-provider.js';
import { PmPaymentProvider } from './providers/pmpayment.js';
import { TestPaymentProvider } from './providers/test-provider.js';
import { logger } from '../shared/logging.js';

/** A provider's callback acts as the provider (named as the staff know it). */
const providerOrigin = (provider: PaymentProviderId): ChangeOrigin => ({ actor: { kind: 'payment_provider', id: provider, label: paymentProviderLabel(provider) ?? provider }, via: 'payment_callback' });

/** The original product's numeric codes of a refused start. */
export const paymentStartCodes = { 'payment.booking-not-found': 0, 'payment.not-released': 1, 'payment.already-paid': 2 } as const;

/** How long a started online payment is resumed by a further start (the providers' pages stay open about that long). */
export const PAYMENT_RESUMABLE_MS = 30 * 60_000;

/** The result of starting a payment. */
export interface StartedPayment {
  /** null: the booking names no (known) provider, so there is nothing to start. */
  provider: PaymentProviderId | null;
  /** The provider page to send the browser to; null for the invoice (mailed instead). */
  redirectUrl: string | null;
  booking: Booking;
  /** The invoice provider: the booking's invoice (issued once per amount) and whether it was asked for before. */
  invoice?: InvoiceState;
}

/** What the browser's return leads to: the checkout status page with the outcome. */
export type PaymentOutcome = 'paid' | 'failed' | 'pending';

/** Query values arrive as strings or arrays (repeated keys); only single strings count. */
export function callbackParams(...sources: unknown[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) if (typeof value === 'string') params[key] = value;
  }
  return params;
}

/**
 * Payments of bookings: start with the tenant's provider, then
 * apply the provider's notification (or signed browser return) once. Verification happens before
 * anything is written; applying is one transaction with the booking row locked, so a repeated or
 * concurrent notification finds the booking paid and changes nothing more.
 */
export class PaymentService {
  private readonly providers: Record<PaymentProviderId, PaymentProvider>;

  constructor(
    private readonly orm: MikroORM,
    private readonly publicUrl: string,
    urls: PaymentProviderUrls,
    private readonly followUps: PaymentFollowUps,
    /** The board, whose cards follow a payment (and whose row every booking change holds first). */
    private readonly board: Pick<WorkflowService, 'holdForBookingChange' | 'followBookingStatus'>,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.providers = {
      giroCockpit: new GiroCheckoutProvider(urls.girocheckoutUrl, fetchImpl) as PaymentProvider,
      pmPayment: new PmPaymentProvider({ prod: urls.pmPaymentUrl, test: urls.pmPaymentTestUrl }, fetchImpl) as PaymentProvider,
      invoice: invoiceProvider,
      testPayment: new TestPaymentProvider(publicUrl, urls.testProvider) as PaymentProvider,
    };
  }

  /** POST payments {bookingId}: public, for a released, unpaid booking of the tenant. */
  async start(tenantId: string, bookingId: unknown): Promise<StartedPayment> {
    const em = this.orm.em.fork();
    const booking = typeof bookingId === 'string' && isBookingNumber(bookingId) ? await findBooking(em, tenantId, bookingId) : null;
    if (!booking) throw new AppError('payment.booking-not-found');
    if (!booking.isCommitted || booking.isRejected) throw new AppError('payment.not-released', booking.isRejected ? { detail: 'Die Buchung wurde storniert.' } : {});
    if (booking.isPayed || eurToCents(booking.priceEur) <= 0) throw new AppError('payment.already-paid');
    if (!(paymentProviderIds as readonly string[]).includes(booking.paymentProvider ?? '')) return { provider: null, redirectUrl: null, booking };
    const { provider, application } = await this.providerOf(em, booking);
    if (provider.id === 'invoice') {
      // Under the booking's row lock, so concurrent visits of the payment page ask for one invoice.
      const invoice = await this.orm.em.fork().transactional(async (tx) => {
        const locked = await this.locked(tx, tenantId, booking.number);
        if (locked.isPayed) throw new AppError('payment.already-paid');
        return this.followUps.invoiceRequested(tx, tenantId, locked.number);
      });
      return { provider: 'invoice', redirectUrl: null, booking, invoice };
    }
    // Under the booking's row lock: a payment under way for this provider and amount is resumed (its
    // page again), so a second visit or a concurrent one opens no second transaction.
    return this.orm.em.fork().transactional(async (tx) => {
      const locked = await this.locked(tx, tenantId, booking.number);
      if (locked.isPayed) throw new AppError('payment.already-paid');
      const amountCents = eurToCents(locked.priceEur);
      const test = 'test' in application && application.test;
      const underWay = locked.paymentStart;
      if (underWay && underWay.provider === provider.id && underWay.test === test && underWay.amountCents === amountCents && Date.now() - underWay.startedAt < PAYMENT_RESUMABLE_MS) {
        return { provider: provider.id, redirectUrl: underWay.redirectUrl, booking: locked };
      }
      const redirectUrl = await provider.start(application, this.target(tenantId, locked));
      if (redirectUrl) {
        locked.paymentStart = { provider: provider.id, test, amountCents, redirectUrl, startedAt: Date.now() };
        await tx.flush();
      }
      return { provider: provider.id, redirectUrl, booking: locked };
    });
  }

  /**
   * GET|POST payments/notify?id= (the provider's server): verified, then applied once. A forged or
   * foreign notification is payment.notification-invalid (400) and changes nothing; a failed
   * payment and a repeated success answer normally and change nothing.
   */
  async notify(tenantId: string, bookingId: unknown, params: CallbackParams): Promise<{ applied: boolean; paid: boolean }> {
    const em = this.orm.em.fork();
    const booking = typeof bookingId === 'string' && isBookingNumber(bookingId) ? await findBooking(em, tenantId, bookingId) : null;
    if (!booking) throw invalidNotification('Die Buchung der Zahlungsbenachrichtigung existiert nicht.');
    const { provider, application } = await this.providerOf(em, booking, true);
    const verified = await provider.verifyNotification(application, this.target(tenantId, booking), params).catch((error: unknown) => {
      throw refusedCallback(error, 'notification', tenantId, booking.number);
    });
    if (!verified.paid) {
      await this.orm.em.fork().transactional((tx) =>
        recordBookingHistory(tx, { tenantId, bookingId: booking.number, action: 'payment_notified', ...providerOrigin(provider.id), reason: 'Zahlung nicht erfolgreich' }),
      );
      return { applied: false, paid: booking.isPayed };
    }
    return { applied: await this.markPaid(tenantId, booking.number, provider.id, verified, { notified: true }), paid: true };
  }

  /**
   * GET|POST payments/response?id=&tenant= (the customer's browser): the checkout status page with
   * the outcome. A signed result (GiroCheckout) is applied like a notification, so the page is right
   * even when the notification is still on its way.
   */
  async browserReturn(tenantId: string, bookingId: unknown, params: CallbackParams): Promise<{ location: string; outcome: PaymentOutcome }> {
    const em = this.orm.em.fork();
    const booking = typeof bookingId === 'string' && isBookingNumber(bookingId) ? await findBooking(em, tenantId, bookingId) : null;
    if (!booking) throw new AppError('generic.not-found', { detail: 'Die Buchung existiert nicht.' });
    let verified: VerifiedPayment | null = null;
    if (!booking.isPayed) {
      const { provider, application } = await this.providerOf(em, booking, true);
      verified = await provider.verifyReturn(application, this.target(tenantId, booking), params).catch((error: unknown) => {
        throw refusedCallback(error, 'browser return', tenantId, booking.number);
      });
      if (verified?.paid) await this.markPaid(tenantId, booking.number, provider.id, verified);
      // A failed payment is over: the next start opens a new one.
      else if (verified) await this.forgetPaymentStart(tenantId, booking.number);
    }
    const outcome: PaymentOutcome = booking.isPayed || verified?.paid ? 'paid' : verified ? 'failed' : 'pending';
    const query = new URLSearchParams({ id: booking.number, tenant: tenantId, outcome });
    return { location: `${this.publicUrl}/checkout/status?${query.toString()}`, outcome };
  }

  /**
   * The booking paid, once: under its row lock a paid booking is left alone; otherwise the flag,
   * method and provider are stored and the paid follow-ups enqueued in the same transaction.
   */
  private async markPaid(tenantId: string, bookingNumber: string, provider: PaymentProviderId, verified: VerifiedPayment, options: { notified: boolean } = { notified: false }): Promise<boolean> {
    return this.orm.em.fork().transactional(async (tx) => {
      await this.board.holdForBookingChange(tx, tenantId);
      const booking = await this.locked(tx, tenantId, bookingNumber);
      const origin = providerOrigin(provider);
      if (options.notified) await recordBookingHistory(tx, { tenantId, bookingId: booking.number, action: 'payment_notified', ...origin });
      if (booking.isPayed) return false;
      const methodBefore = booking.paymentMethod;
      setBookingState(booking, { isPayed: true, paymentMethod: verified.method satisfies PaymentMethod, paymentProvider: provider });
      await tx.flush();
      await recordBookingChange(tx, { tenantId, id: booking.number, action: 'UPDATED', assignedUserId: booking.assignedUserId ?? null }, [], ['booking.paid']);
      await recordBookingHistory(tx, {
        tenantId,
        bookingId: booking.number,
        action: 'paid',
        ...origin,
        changes: [
          { field: 'isPayed', before: false, after: true },
          { field: 'paymentMethod', before: methodBefore || null, after: booking.paymentMethod },
        ],
      });
      await this.followUps.paid(tx, tenantId, booking.number);
      await this.board.followBookingStatus(tx, tenantId, booking.number, ['paid'], booking, origin);
      return true;
    });
  }

  private async forgetPaymentStart(tenantId: string, bookingNumber: string): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      const booking = await this.locked(tx, tenantId, bookingNumber);
      booking.paymentStart = null;
      await tx.flush();
    });
  }

  private async locked(em: EntityManager, tenantId: string, bookingNumber: string): Promise<Booking> {
    const booking = await findBooking(em, tenantId, bookingNumber, { lock: true });
    if (!booking) throw new AppError('payment.booking-not-found');
    return booking;
  }

  /** The booking's provider with the tenant's active application; `forCallback` refuses as an invalid notification. */
  private async providerOf(em: EntityManager, booking: Booking, forCallback = false): Promise<{ provider: PaymentProvider; application: PaymentApplication }> {
    const tenant = await em.findOne(Tenant, { id: booking.tenant.id });
    const application = tenant ? activePaymentApplication(tenant.applications, booking.paymentProvider) : null;
    if (!application) {
      if (forCallback) throw invalidNotification('Für diese Buchung ist keine Online-Zahlung eingerichtet.');
      throw new AppError('payment.provider-unavailable');
    }
    return { provider: this.providers[application.id], application };
  }

  /** Also read by the built-in test provider's page (test-payment.page.ts). */
  target(tenantId: string, booking: Booking): PaymentTarget {
    const tenant = encodeURIComponent(tenantId);
    const id = encodeURIComponent(booking.number);
    return {
      tenantId,
      bookingNumber: booking.number,
      amountCents: eurToCents(booking.priceEur),
      notifyUrl: `${this.publicUrl}/api/${tenant}/payments/notify?id=${id}`,
      returnUrl: `${this.publicUrl}/api/${tenant}/payments/response?id=${id}&tenant=${tenant}`,
    };
  }
}

/**
 * A refused provider callback is logged (operators see forgeries and providers' odd answers), then
 * passed on unchanged: the caller answers 400 and nothing was written.
 */
function refusedCallback(error: unknown, kind: string, tenantId: string, bookingNumber: string): unknown {
  if (error instanceof AppError && error.code === 'payment.notification-invalid') {
    logger.warn(`[payments] refused ${kind} for booking ${bookingNumber} of tenant ${tenantId}: ${error.message}`);
  }
  return error;
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    payments: PaymentService;
  }
}
