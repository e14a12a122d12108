import type { MikroORM } from '@mikro-orm/postgresql';
import { paymentProviderLabel } from '../../../common/bookings/labels.js';
import type { OnlineRefunds } from '../bookings/booking-refunds.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { activePaymentApplication } from './payment-applications.js';

/** The providers whose payments go back online. GiroCheckout and pmPayment refund through their own APIs, not wired yet: their refunds stay with the staff. */
const ONLINE_REFUND_PROVIDERS: ReadonlySet<string> = new Set(['testPayment']);

/**
 * The bookings domain's online refunds (bookings/booking-refunds.ts), answered by the payments
 * domain. The built-in test provider moves no money: its refund succeeds while the tenant's test
 * payment is active and the instance offers it (outside production), and fails otherwise, which
 * is how a failed refund and its retry can be tried out deterministically.
 */
export class ProviderRefunds implements OnlineRefunds {
  constructor(
    private readonly orm: MikroORM,
    private readonly testProviderEnabled: boolean,
  ) {}

  refundsOnline(provider: string): boolean {
    return ONLINE_REFUND_PROVIDERS.has(provider);
  }

  async refund(request: { tenantId: string; provider: string }): Promise<{ ok: true; by: string } | { ok: false; failure: string }> {
    if (!this.refundsOnline(request.provider)) return { ok: false, failure: 'Dieser Zahlungsanbieter erstattet nicht online; bitte erstatten Sie den Betrag selbst.' };
    if (!this.testProviderEnabled) return { ok: false, failure: 'Die Testzahlung ist in diesem Betrieb nicht verfügbar.' };
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: request.tenantId }, { fields: ['applications'] });
    if (!tenant || !activePaymentApplication(tenant.applications, request.provider)) return { ok: false, failure: 'Die Testzahlung ist beim Mandanten nicht eingeschaltet.' };
    return { ok: true, by: paymentProviderLabel(request.provider) ?? request.provider };
  }
}
