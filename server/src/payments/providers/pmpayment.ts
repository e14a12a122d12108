import { paymentPurpose, type PmPaymentApplication } from '../payment-applications.js';
import { centsField } from '../cents.js';
import { pmPaymentMethod } from '../payment-methods.js';
import { pmPaymentHash } from '../signatures.js';
import { invalidNotification, postForm, PROVIDER_TIMEOUT_MS, providerFailure, type CallbackParams, type PaymentProvider, type PaymentTarget, type VerifiedPayment } from './payment-provider.js';

/** status of a completed payment in pmPayment's status answer. */
export const PMPAYMENT_STATUS_PAID = 1;

const TXID = /^[A-Za-z0-9._-]{1,128}$/;

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
    // The transaction must be this booking's: another paid transaction of the municipality proves nothing.
    if (status.desc !== undefined && !String(status.desc).startsWith(target.bookingNumber)) throw invalidNotification('Die Transaktion betrifft eine andere Buchung.');
    const paid = Number(status.status) === PMPAYMENT_STATUS_PAID;
    if (paid && status.amount !== undefined && String(status.amount) !== centsField(target.amountCents)) throw invalidNotification('Der gezahlte Betrag passt nicht zur Buchung.');
    return { paid, method: pmPaymentMethod(status.payment_method ?? params.payment_method) };
  }

  /** pmPayment sends the browser back without a result: the status page shows the booking's state. */
  verifyReturn(): Promise<VerifiedPayment | null> {
    return Promise.resolve(null);
  }
}
