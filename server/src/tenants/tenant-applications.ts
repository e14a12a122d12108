import { AppError } from '../shared/errors.js';
import { applicationTitles } from '../../../common/tenants/tenant.validation.js';
import type { TenantApplication } from './tenant.entity.js';

/**
 * How a tenant stores one kind of application. The tenant domain defines the locker; the payment
 * applications are defined by the payments domain (payments/payment-applications.ts) and handed in
 * by services.ts, so the tenant domain never imports payments.
 */
export interface ApplicationDefinition {
  id: string;
  type: 'payment' | 'locker';
  title: string;
  /** Text fields taken from the input (trimmed); absent ones keep the stored value. */
  textFields: readonly string[];
  /** The write-only secrets: absent or empty keeps the stored one, `clearFlag` removes it. */
  secrets?: readonly { field: string; clearFlag: string }[];
  /** Defaults and non-text fields, after the text fields are merged. */
  complete?(next: TenantApplication, entry: Readonly<Record<string, unknown>>, previous: TenantApplication | undefined): void;
}

export const lockerApplicationDefinitions: readonly ApplicationDefinition[] = [
  {
    id: 'pareva',
    type: 'locker',
    title: applicationTitles.pareva,
    textFields: ['serverUrl', 'lockerId', 'user'],
    secrets: [
      { field: 'apiKey', clearFlag: 'clearApiKey' },
      { field: 'password', clearFlag: 'clearPassword' },
    ],
  },
];

/**
 * Merges the sent applications into the stored list: an entry with a known id replaces the stored
 * one of that id (keeping its secret unless a new one is sent or clearing is asked for), a missing
 * one is added, entries not sent stay. Unknown ids are refused.
 */
export function mergeApplications(definitions: readonly ApplicationDefinition[], stored: TenantApplication[], input: readonly unknown[]): TenantApplication[] {
  const merged = [...stored];
  const fieldErrors: Record<string, string> = {};
  for (const raw of input) {
    const entry = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : undefined;
    const definition = typeof entry?.id === 'string' ? definitions.find((candidate) => candidate.id === entry.id) : undefined;
    if (!entry || !definition) {
      fieldErrors[`applications.${String(entry?.id)}`] = 'Unbekannte Anwendung';
      continue;
    }
    const index = merged.findIndex((application) => application.id === definition.id);
    const previous = index >= 0 ? merged[index] : undefined;
    const active = typeof entry.active === 'boolean' ? entry.active : (previous?.active ?? false);
    const next: TenantApplication = { id: definition.id, type: definition.type, title: definition.title, active };
    for (const field of definition.textFields) {
      const value = entry[field];
      next[field] = value === undefined ? (previous?.[field] ?? '') : String(value ?? '').trim();
    }
    definition.complete?.(next, entry, previous);
    for (const { field, clearFlag } of definition.secrets ?? []) {
      const sent = entry[field];
      next[field] = entry[clearFlag] ? null : typeof sent === 'string' && sent !== '' ? sent : (previous?.[field] ?? null);
    }
    if (index >= 0) merged[index] = next;
    else merged.push(next);
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
  return merged;
}
