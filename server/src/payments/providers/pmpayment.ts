import { paymentPurpose, type PmPaymentApplication } from '../payment-applications.js';
import { centsField, statesCents } from '../cents.js';
import { pmPaymentMethod } from '../payment-methods.js';
import { pmPaymentHash } from '../signatures.js';
import { invalidNotification, postForm, PROVIDER_TIMEOUT_MS, providerFailure, type CallbackParams, type PaymentProvider, type PaymentTarget, type VerifiedPayment } from './payment-provider.js';

/** status of a completed payment in pmPayment's status answer. */
export const PMPAYMENT_STATUS_PAID = 1;

const TXID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Whether a transaction's `desc` is the purpose this product sends for the booking: the booking
 * number alone or followed by " - " and the tenant's suffix (which may have changed since).
 */
function namesBooking(desc: unknown, bookingNumber: string): boolean {
  return typeof desc === 'string' && (desc === bookingNumber || desc.startsWith(`${bookingNumber} - `));
}

/**
 * pmPayment (govconnect): the secure request is signed with HMAC-SHA256 and the salt; a
 * notification carries no signature, so it only names the transaction, and the result is read
 * from the status endpoint of the application's own mode (prod or test) — never taken from the
 * notification itself.
 */
export class PmPaymentProvider implements PaymentProvider<PmPaymentApplication> {
  readonly id = 'pmPayment' as const;

  constructor(
    private readonly urls: { prod: string; test: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private base(application: PmPaymentApplication): string {
    return application.test ? this.urls.test : this.urls.prod;
  }

  /** The secure request's fields with their hash. */
  secureFields(application: PmPaymentApplication, target: PaymentTarget): Record<string, string> {
    const fields = {
      ags: application.ags,
      amount: centsField(target.amountCents),
      procedure: application.procedure,
      desc: paymentPurpose(target.bookingNumber, application.purposeSuffix),
      notifyURL: target.notifyUrl,
      redirectURL: target.returnUrl,
    };
    return { ...fields, hash: pmPaymentHash(application.salt, fields) };
  }

  async start(application: PmPaymentApplication, target: PaymentTarget): Promise<string> {
    const response = await postForm(this.id, `${this.base(application)}/secure`, this.secureFields(application, target), this.fetchImpl);
    if (!response.ok) throw providerFailure(this.id, `secure answered ${response.status}`);
    const answer = (await response.json().catch(() => ({}))) as { url?: unknown };
    if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) throw providerFailure(this.id, 'secure answered without a payment URL');
    return answer.url;
  }

  async verifyNotification(application: PmPaymentApplication, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment> {
    const { ags, txid } = params;
    if (ags !== application.ags) throw invalidNotification('Die Zahlungsbenachrichtigung betrifft eine andere Kommune.');
    if (!txid || !TXID.test(txid)) throw invalidNotification('Die Zahlungsbenachrichtigung nennt keine gültige Transaktion.');
    const url = `${this.base(application)}/status/${encodeURIComponent(ags)}/${encodeURIComponent(txid)}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    } catch (error) {
      throw providerFailure(this.id, `status lookup failed: ${(error as Error).message}`);
    }
    // An unknown transaction is no confirmation.
    if (response.status === 404) throw invalidNotification('pmPayment kennt diese Transaktion nicht.');
    if (!response.ok) throw providerFailure(this.id, `status answered ${response.status}`);
    const status = (await response.json().catch(() => null)) as { status?: unknown; payment_method?: unknown; amount?: unknown; desc?: unknown } | null;
    if (!status || typeof status !== 'object') throw providerFailure(this.id, 'status answer is no JSON object');
    // The transaction must be this booking's, for its whole amount: the notification names only a
    // transaction id, so an answer that leaves either out (or names another booking) proves nothing.
    if (!namesBooking(status.desc, target.bookingNumber)) throw invalidNotification('Die Transaktion betrifft eine andere Buchung.');
    if (!statesCents(status.amount, target.amountCents)) throw invalidNotification('Der Betrag der Transaktion passt nicht zur Buchung.');
    const paid = Number(status.status) === PMPAYMENT_STATUS_PAID;
    return { paid, method: pmPaymentMethod(status.payment_method ?? params.payment_method) };
  }

  /** pmPayment sends the browser back without a result: the status page shows the booking's state. */
  verifyReturn(): Promise<VerifiedPayment | null> {
    return Promise.resolve(null);
  }
}
