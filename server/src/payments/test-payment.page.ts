import type { MikroORM } from '@mikro-orm/postgresql';
import { formatEuro } from '../../../common/format/german.js';
import { isBookingNumber } from '../bookings/booking-number.js';
import type { Booking } from '../bookings/booking.entity.js';
import { findBooking } from '../bookings/booking.queries.js';
import { escapeHtml } from '../mail/mail.service.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { eurToCents } from './cents.js';
import { activePaymentApplication, paymentPurpose, type TestPaymentApplication } from './payment-applications.js';
import type { PaymentService } from './payment.service.js';
import { parseTestTransaction, testPaymentResult, testTransactionSigned } from './providers/test-provider.js';

/** What the test page shows of the payment. */
export interface TestPaymentView {
  tenantName: string;
  bookingNumber: string;
  purpose: string;
  amountEur: number;
  isPayed: boolean;
}

interface FoundTransaction {
  tenant: Tenant;
  application: TestPaymentApplication;
  booking: Booking;
}

/**
 * The built-in test provider's side (development and the demo only): the page of a transaction the
 * product handed out at payment start, and the customer's "Bezahlen" or "Abbrechen", which sends the
 * signed notification through the payments service's notification path and then the browser to the
 * usual return route, exactly as a real provider's page would.
 */
export class TestPaymentPage {
  constructor(
    private readonly orm: MikroORM,
    private readonly payments: PaymentService,
    /** config.payments.testProvider: false in production, where no transaction exists. */
    private readonly enabled: boolean,
  ) {}

  /** The transaction's tenant, active test application and booking; null for anything not handed out by this product. */
  private async find(transactionId: unknown): Promise<FoundTransaction | null> {
    const transaction = parseTestTransaction(transactionId);
    if (!this.enabled || !transaction || !isBookingNumber(transaction.bookingNumber)) return null;
    const em = this.orm.em.fork();
    const tenant = await em.findOne(Tenant, { id: transaction.tenantId });
    const application = tenant ? activePaymentApplication(tenant.applications, 'testPayment') : null;
    if (!tenant || application?.id !== 'testPayment' || !testTransactionSigned(application.secret, transaction)) return null;
    const booking = await findBooking(em, tenant.id, transaction.bookingNumber);
    return booking ? { tenant, application, booking } : null;
  }

  async view(transactionId: unknown): Promise<TestPaymentView | null> {
    const found = await this.find(transactionId);
    if (!found) return null;
    const { tenant, application, booking } = found;
    return {
      tenantName: tenant.name,
      bookingNumber: booking.number,
      purpose: paymentPurpose(booking.number, application.purposeSuffix),
      amountEur: eurToCents(booking.priceEur) / 100,
      isPayed: booking.isPayed,
    };
  }

  /**
   * "Bezahlen" (paid) or "Abbrechen": the signed notification goes through the payments service
   * (verified like any provider's), then the browser is sent to the return route with the same
   * signed result. Null for an unknown transaction.
   */
  async complete(transactionId: string, paid: boolean): Promise<string | null> {
    const found = await this.find(transactionId);
    if (!found) return null;
    const target = this.payments.target(found.tenant.id, found.booking);
    const result = testPaymentResult(found.application, target, transactionId, paid);
    await this.payments.notify(found.tenant.id, found.booking.number, result);
    return `${target.returnUrl}&${new URLSearchParams(result).toString()}`;
  }
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #1c2127; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  .note { background: #fff4d6; border-left: 4px solid #c87619; padding: .5rem .75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; }
  dt { font-weight: 600; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 4px; border: 1px solid #5f6b7c; background: #fff; cursor: pointer; }
  button.pay { background: #215db0; border-color: #215db0; color: #fff; }
  button:focus-visible { outline: 3px solid #8abbff; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

/** The test page: a provider's payment page in miniature, German, without scripts. */
export function renderTestPaymentPage(view: TestPaymentView, action: string): string {
  const details = `<dl>
  <dt>Empfänger</dt><dd>${escapeHtml(view.tenantName)}</dd>
  <dt>Verwendungszweck</dt><dd>${escapeHtml(view.purpose)}</dd>
  <dt>Betrag</dt><dd>${escapeHtml(formatEuro(view.amountEur))}</dd>
</dl>`;
  const form = view.isPayed
    ? '<p role="status">Diese Buchung ist bereits bezahlt.</p>'
    : `<form method="post" action="${escapeHtml(action)}">
  <div class="actions">
    <button type="submit" name="action" value="pay" class="pay">Bezahlen</button>
    <button type="submit" name="action" value="cancel">Abbrechen</button>
  </div>
</form>`;
  return page(
    'Testzahlung',
    `<h1>Testzahlung</h1>
<p class="note">Dies ist der eingebaute Testanbieter für Entwicklung und Demo: Es fließt kein Geld.</p>
${details}
${form}`,
  );
}

export function renderTestPaymentMissing(): string {
  return page('Testzahlung nicht gefunden', '<h1>Testzahlung nicht gefunden</h1>\n<p>Diese Testzahlung gibt es nicht (mehr). Bitte starten Sie die Zahlung erneut.</p>');
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    testPaymentPage: TestPaymentPage;
  }
}
