import { paymentPurpose, type GiroCockpitApplication } from '../payment-applications.js';
import { centsField, statesCents } from '../cents.js';
import { giroPaymentMethod } from '../payment-methods.js';
import { giroHash, giroInitHash, giroNotificationFieldOrder, giroNotificationHash, sameHex } from '../signatures.js';
import { invalidNotification, postForm, providerFailure, type CallbackParams, type PaymentProvider, type PaymentTarget, type VerifiedPayment } from './payment-provider.js';

/** gcResultPayment of a successful payment. */
export const GIRO_RESULT_PAID = '4000';

/**
 * GiroCheckout (giroCockpit) paypage: the init request is signed with HMAC-MD5 over its fields
 * (amounts in integer cents), the answer's `hash` header signs its body, and notifications and
 * browser returns carry gcHash over the gc* fields. Test mode only when the tenant's application
 * is saved in test mode.
 */
export class GiroCheckoutProvider implements PaymentProvider<GiroCockpitApplication> {
  readonly id = 'giroCockpit' as const;

  constructor(
    /** GIROCHECKOUT_URL. */
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The paypage init fields with their hash (exported for tests through the provider). */
  initFields(application: GiroCockpitApplication, target: PaymentTarget): Record<string, string> {
    const fields: Record<string, string> = {
      merchantId: application.merchantId,
      projectId: application.projectId,
      merchantTxId: target.bookingNumber,
      amount: centsField(target.amountCents),
      currency: 'EUR',
      purpose: paymentPurpose(target.bookingNumber, application.purposeSuffix),
      type: 'SALE',
      // Live unless the tenant asked for the test system; an absent field is not hashed.
      ...(application.test ? { test: '1' } : {}),
      successUrl: target.returnUrl,
      backUrl: target.returnUrl,
      failUrl: target.returnUrl,
      notifyUrl: target.notifyUrl,
    };
    return { ...fields, hash: giroInitHash(application.secret, fields) };
  }

  async start(application: GiroCockpitApplication, target: PaymentTarget): Promise<string> {
    const response = await postForm(this.id, `${this.baseUrl}/paypage/init`, this.initFields(application, target), this.fetchImpl);
    const body = await response.text();
    // Only an answer signed with the project's key is trusted to name the page the customer is sent to.
    if (!sameHex(giroHash(application.secret, [body]), response.headers.get('hash'))) throw providerFailure(this.id, `answer ${response.status} without a valid hash`);
    let answer: { rc?: unknown; msg?: unknown; url?: unknown };
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      throw providerFailure(this.id, `answer ${response.status} is no JSON`);
    }
    if (Number(answer.rc) !== 0 || typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) {
      throw providerFailure(this.id, `paypage init refused: rc ${String(answer.rc)} ${String(answer.msg ?? '')}`);
    }
    return answer.url;
  }

  verifyNotification(application: GiroCockpitApplication, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment> {
    return Promise.resolve(this.verify(application, target, params));
  }

  verifyReturn(application: GiroCockpitApplication, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment | null> {
    // "Back" without payment data: nothing to verify, the status page tells what the booking says.
    if (params.gcHash === undefined) return Promise.resolve(null);
    return Promise.resolve(this.verify(application, target, params));
  }

  /** gcHash over the gc* fields in their documented order, then the fields against the booking. */
  private verify(application: GiroCockpitApplication, target: PaymentTarget, params: CallbackParams): VerifiedPayment {
    const fields = Object.fromEntries(giroNotificationFieldOrder.map((name) => [name, params[name] ?? '']));
    if (!sameHex(giroNotificationHash(application.secret, fields), params.gcHash)) throw invalidNotification('Die Signatur der Zahlungsbenachrichtigung ist ungültig.');
    if (fields.gcMerchantTxId !== target.bookingNumber) throw invalidNotification('Die Zahlungsbenachrichtigung betrifft eine andere Buchung.');
    // Every field must name this project, booking and amount: a missing one is no statement about them.
    if (fields.gcProjectId !== application.projectId) throw invalidNotification('Die Zahlungsbenachrichtigung betrifft ein anderes Projekt.');
    if (!statesCents(fields.gcAmount, target.amountCents) || fields.gcCurrency !== 'EUR') throw invalidNotification('Der gezahlte Betrag passt nicht zur Buchung.');
    const paid = fields.gcResultPayment === GIRO_RESULT_PAID;
    return { paid, method: giroPaymentMethod(fields.gcPaymethod) };
  }
}
