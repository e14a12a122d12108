import { randomBytes } from 'node:crypto';
import { applicationTitles } from '../../../common/tenants/tenant.validation.js';
import type { ApplicationDefinition } from '../tenants/tenant-applications.js';
import type { TenantApplication } from '../tenants/tenant.entity.js';

/**
 * A tenant's payment applications as the providers use them, with their secrets: server-side
 * only, never part of an answer (the tenant domain stores them write-only and shows "…Set").
 */

/** Providers with a page the customer pays on (the payment request mail links to it). */
export const onlineProviderIds = ['giroCockpit', 'pmPayment', 'testPayment'] as const;
export type OnlineProviderId = (typeof onlineProviderIds)[number];
/** testPayment is the built-in test provider, offered outside production only (config.payments.testProvider). */
export const paymentProviderIds = [...onlineProviderIds, 'invoice'] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

export interface GiroCockpitApplication {
  id: 'giroCockpit';
  /** GiroCheckout merchant id (customer number). */
  merchantId: string;
  projectId: string;
  /** The project's key for HMAC-MD5. */
  secret: string;
  /** Only an application saved with paymentMode "test" sends test=1. */
  test: boolean;
  purposeSuffix: string;
}

export interface PmPaymentApplication {
  id: 'pmPayment';
  /** The municipality's official key (ags). */
  ags: string;
  procedure: string;
  /** The salt for HMAC-SHA256. */
  salt: string;
  /** Only an application saved with paymentMode "test" uses PMPAYMENT_TEST_URL (secure and status). */
  test: boolean;
  purposeSuffix: string;
}

export interface InvoiceApplication {
  id: 'invoice';
}

/** The built-in test provider: its page and notifications are signed with the tenant's own generated secret. */
export interface TestPaymentApplication {
  id: 'testPayment';
  /** The key for HMAC-SHA256, generated when the application is first saved. */
  secret: string;
  purposeSuffix: string;
}

export type PaymentApplication = GiroCockpitApplication | PmPaymentApplication | InvoiceApplication | TestPaymentApplication;

/** Both online providers have a test system; an application saved without a mode is live. */
const liveUnlessTest = (next: TenantApplication) => {
  if (next.paymentMode === '') next.paymentMode = 'prod';
};
const onlineFields = ['paymentMerchantId', 'paymentProjectId', 'paymentPurposeSuffix', 'paymentMode'] as const;
const paymentSecret = { field: 'paymentSecret', clearFlag: 'clearPaymentSecret' };

/**
 * How a tenant stores its payment applications (handed to the tenant domain in services.ts): the
 * ids, secrets and notes (docs/payments.md). The key or salt is write-only.
 */
export const paymentApplicationDefinitions: readonly ApplicationDefinition[] = [
  { id: 'giroCockpit', type: 'payment', title: applicationTitles.giroCockpit, textFields: onlineFields, secrets: [paymentSecret], complete: liveUnlessTest },
  { id: 'pmPayment', type: 'payment', title: applicationTitles.pmPayment, textFields: onlineFields, secrets: [paymentSecret], complete: liveUnlessTest },
  {
    id: 'invoice',
    type: 'payment',
    title: applicationTitles.invoice,
    textFields: ['bank', 'iban', 'bic', 'accountHolder', 'paymentPurposeSuffix'],
    complete: (next, entry, previous) => {
      const days = entry.daysUntilPaymentDue === undefined ? previous?.daysUntilPaymentDue : entry.daysUntilPaymentDue;
      next.daysUntilPaymentDue = days === null || days === undefined || days === '' ? null : Number(days);
    },
  },
];

/** A new secret of a tenant's test provider: nobody types it, the product signs with it. */
export function newTestPaymentSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The built-in test provider as a tenant stores it. Handed to the tenant domain only outside
 * production (services.ts), so a production instance refuses to save it. The secret is generated
 * at the first save and kept; it is never typed in nor shown.
 */
export const testPaymentApplicationDefinition: ApplicationDefinition = {
  id: 'testPayment',
  type: 'payment',
  title: applicationTitles.testPayment,
  textFields: ['paymentPurposeSuffix'],
  complete: (next, _entry, previous) => {
    next.paymentSecret = typeof previous?.paymentSecret === 'string' && previous.paymentSecret !== '' ? previous.paymentSecret : newTestPaymentSecret();
  },
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The active, complete application of the provider, or null (inactive, missing, or lacking an id
 * or secret: such an application cannot sign, so it is treated as not offered).
 */
export function activePaymentApplication(applications: readonly TenantApplication[], provider: string | null | undefined): PaymentApplication | null {
  const entry = applications.find((application) => application.type === 'payment' && application.id === provider);
  if (!entry || entry.active !== true) return null;
  if (entry.id === 'invoice') return { id: 'invoice' };
  if (entry.id === 'testPayment') {
    const secret = typeof entry.paymentSecret === 'string' ? entry.paymentSecret : '';
    return secret ? { id: 'testPayment', secret, purposeSuffix: text(entry.paymentPurposeSuffix) } : null;
  }
  const merchantId = text(entry.paymentMerchantId);
  const projectId = text(entry.paymentProjectId);
  const secret = typeof entry.paymentSecret === 'string' ? entry.paymentSecret : '';
  if (!merchantId || !projectId || !secret) return null;
  const purposeSuffix = text(entry.paymentPurposeSuffix);
  const mode = text(entry.paymentMode);
  if (entry.id === 'giroCockpit') return { id: 'giroCockpit', merchantId, projectId, secret, test: mode === 'test', purposeSuffix };
  if (entry.id === 'pmPayment') return { id: 'pmPayment', ags: merchantId, procedure: projectId, salt: secret, test: mode === 'test', purposeSuffix };
  return null;
}

/** The providers a customer may choose at checkout: the tenant's active, complete payment applications, with their stored titles. */
export function offeredPaymentProviders(applications: readonly TenantApplication[]): { id: PaymentProviderId; title: string }[] {
  // In the tenant's stored order, the order the checkout page lists them.
  return applications
    .filter((application) => application.type === 'payment' && activePaymentApplication(applications, application.id))
    .map((application) => ({ id: application.id as PaymentProviderId, title: application.title ?? '' }));
}

export function isOnlineProvider(provider: string | null | undefined): provider is OnlineProviderId {
  return (onlineProviderIds as readonly string[]).includes(provider ?? '');
}

/**
 * The purpose customers see on their statement: the booking number, then " - " and the
 * application's suffix when it has one (shown after "[booking number] - ").
 */
export function paymentPurpose(bookingNumber: string, suffix: string): string {
  return suffix ? `${bookingNumber} - ${suffix}` : bookingNumber;
}
