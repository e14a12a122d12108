/**
 * The tenant's change log ("Änderungsprotokoll", docs/administration.md): what was changed in a
 * tenant's settings, roles, members, applications and workflow, the German words the screen shows
 * for it, the rule that tells a secret field, and the query of one page. Plain TypeScript.
 */
import { z } from 'zod';
import { formatGermanDate } from '../format/german.js';
import { anyValue, looseObject } from '../validation/schema.js';
import { holidayRegionNames } from './tenant.validation.js';

export const tenantChangeSubjectLabels = {
  tenant_settings: 'Einstellungen',
  role: 'Rolle',
  membership: 'Mitglied',
  payment_application: 'Zahlungsmethode',
  locker_application: 'Schließsystem',
  workflow: 'Workflow',
} as const;
export type TenantChangeSubject = keyof typeof tenantChangeSubjectLabels;
export const tenantChangeSubjects = Object.keys(tenantChangeSubjectLabels) as TenantChangeSubject[];

export const tenantChangeActionLabels = {
  created: 'Angelegt',
  changed: 'Geändert',
  deleted: 'Gelöscht',
} as const;
export type TenantChangeAction = keyof typeof tenantChangeActionLabels;

/** The path a change came through; `sso` is a sign-in whose provider roles changed a membership. */
export const tenantChangeVias = ['graphql', 'rest', 'job', 'sso'] as const;
export type TenantChangeVia = (typeof tenantChangeVias)[number];

/**
 * One changed field. A secret (a password, key, salt, client secret, token) is never stored with a
 * value: only that it changed (`concealed: true`; no answer carries a key named like a secret).
 */
export type TenantChange = { field: string; before: unknown; after: unknown; concealed?: undefined } | { field: string; concealed: true; changed: true };

/**
 * Whether a field holds a secret: every field named like a password, secret, key, salt, token or
 * HMAC. Deliberately broad, so a secret added later is hidden without anyone remembering this list.
 */
export function isSecretField(field: string): boolean {
  const name = field.split('.').pop() ?? field;
  return /secret|password|passwd|api_?key|token|salt|hmac|private_?key/i.test(name);
}

/** What the screen shows for a secret that changed: never its value. */
export const SECRET_CHANGED_TEXT = 'geändert (geheim)';

/** The German names of the fields a change lists. */
export const tenantChangeFieldLabels: Readonly<Record<string, string>> = {
  name: 'Name',
  contactName: 'Ansprechpartner',
  location: 'Adresse',
  mail: 'E-Mail',
  phone: 'Telefon',
  website: 'Webseite',
  bookableDetailLink: 'Link zur Detailseite eines Buchungsobjekts',
  eventDetailLink: 'Link zur Detailseite einer Veranstaltung',
  privacyNotice: 'Datenschutzhinweis',
  privacyPolicyLink: 'Link zur Datenschutzerklärung',
  defaultEventCreationMode: 'Veranstaltungsmodus',
  enablePublicStatusView: 'Öffentliche Abfrage des Buchungsstatus',
  useInstanceMail: 'E-Mail-Konfiguration der Instanz verwenden',
  genericMailTemplate: 'E-Mail-Vorlage',
  noreplyMail: 'Absenderadresse',
  noreplyDisplayName: 'Absendername',
  noreplyHost: 'SMTP-Server',
  noreplyPort: 'SMTP-Port',
  noreplyUser: 'SMTP-Benutzer',
  noreplyPassword: 'SMTP-Passwort',
  noreplyStarttls: 'STARTTLS',
  noreplyUseGraphApi: 'Office365 Graph verwenden',
  noreplyGraphTenantId: 'Graph Tenant-ID',
  noreplyGraphClientId: 'Graph Client-ID',
  noreplyGraphClientSecret: 'Graph Client-Secret',
  receiptTemplate: 'Zahlungsbeleg-Vorlage',
  receiptNumberPrefix: 'Präfix der Belegnummer',
  invoiceTemplate: 'Rechnungsvorlage',
  invoiceNumberPrefix: 'Präfix der Rechnungsnummer',
  paymentPurposeSuffix: 'Verwendungszweck-Suffix',
  taxId: 'Steuernummer / USt-IdNr.',
  holidayRegion: 'Bundesland für Feiertage',
  schoolHolidays: 'Schulferien',
  maxBookingAdvanceInMonths: 'Maximale Vorausbuchung in Monaten',
  bookingHorizonDays: 'Buchungshorizont (Tage)',
  maxBookingDays: 'Höchste Buchungsdauer (Tage)',
  retentionMonths: 'Aufbewahrung der Kundendaten (Monate)',
  // Applications
  active: 'Aktiv',
  paymentMerchantId: 'Kundennummer / Gemeindeschlüssel',
  paymentProjectId: 'Projektnummer / Verfahren',
  paymentSecret: 'Schlüssel',
  paymentMode: 'Modus',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC',
  accountHolder: 'Kontoinhaber',
  daysUntilPaymentDue: 'Zahlungsziel in Tagen',
  serverUrl: 'Server-URL',
  apiKey: 'API-Schlüssel',
  lockerId: 'Schließfach-ID',
  user: 'Benutzer',
  password: 'Passwort',
  // Roles
  adminInterfaces: 'Oberflächen',
  freeBookings: 'Kostenlose Buchungen',
  manageRoles: 'Rollen verwalten',
  manageUsers: 'Benutzer verwalten',
  manageTenants: 'Mandanten verwalten',
  manageBookings: 'Buchungen verwalten',
  manageBookables: 'Buchungsobjekte verwalten',
  manageCoupons: 'Gutscheine verwalten',
  // Memberships
  isMember: 'Mitglied',
  isOwner: 'Besitzer/in',
  roles: 'Rollen',
  // Workflow
  description: 'Beschreibung',
  defaultState: 'Startstatus',
  states: 'Status',
};

export function tenantChangeFieldLabel(field: string): string {
  return tenantChangeFieldLabels[field] ?? field;
}

export function tenantChangeSubjectLabel(subject: string): string {
  return Object.hasOwn(tenantChangeSubjectLabels, subject) ? tenantChangeSubjectLabels[subject as TenantChangeSubject] : subject;
}

export function tenantChangeActionLabel(action: string): string {
  return Object.hasOwn(tenantChangeActionLabels, action) ? tenantChangeActionLabels[action as TenantChangeAction] : action;
}

/**
 * The HTML templates: the entry keeps both versions whole, the screen says only that one changed
 * (two cut-off documents side by side tell nobody what differs).
 */
export function isTemplateField(field: string): boolean {
  return /Template$/.test(field);
}

/** Long values are cut for the table; the stored entry keeps them whole. */
const MAX_VALUE_TEXT = 120;

/** The access flags a role grants per area, as the role dialog names them. */
export const accessFlagLabels: Readonly<Record<string, string>> = {
  create: 'Anlegen',
  readOwn: 'Eigene lesen',
  readAny: 'Alle lesen',
  updateOwn: 'Eigene ändern',
  updateAny: 'Alle ändern',
  deleteOwn: 'Eigene löschen',
  deleteAny: 'Alle löschen',
};

/** Coded values the screen names in German, per field. */
const codedValues: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  defaultEventCreationMode: { simple: 'Einfach', detailed: 'Detailliert' },
  paymentMode: { prod: 'Produktiv', test: 'Test' },
  holidayRegion: holidayRegionNames,
};

const cut = (text: string): string => (text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text);

/** A school holiday period as a person reads it: "Herbstferien 11.10.2027–23.10.2027". */
function periodText(item: unknown): string {
  if (item === null || typeof item !== 'object') return JSON.stringify(item);
  const { title, from, to } = item as Record<string, unknown>;
  const day = (value: unknown) => (typeof value === 'string' ? formatGermanDate(value) || value : '');
  return `${typeof title === 'string' ? title : ''} ${day(from)}–${day(to)}`.trim();
}

/** A recorded value as the screen shows it: flags as Ja/Nein, codes and access flags in German, lists joined, nothing as "–", long text cut. */
export function tenantChangeValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (typeof value === 'string' && codedValues[field]?.[value]) return codedValues[field][value];
  if (Array.isArray(value)) {
    if (value.length === 0) return '–';
    if (field === 'schoolHolidays') return cut(value.map(periodText).join(', '));
    const words = field.startsWith('manage') ? accessFlagLabels : {};
    return value.map((item) => (typeof item === 'string' ? (words[item] ?? item) : JSON.stringify(item))).join(', ');
  }
  return cut(typeof value === 'string' ? value : JSON.stringify(value));
}

export const TENANT_CHANGE_LOG_PAGE_DEFAULT = 20;
export const TENANT_CHANGE_LOG_PAGE_MAX = 100;

/** `first` (1 to 100, default 20) and `after` (the `nextCursor` of the page before). */
export const tenantChangeLogQuerySchema = looseObject({
  first: anyValue()
    .transform((value) => (value === null || value === undefined || value === '' ? TENANT_CHANGE_LOG_PAGE_DEFAULT : Number(value)))
    .pipe(z.number().int().min(1).max(TENANT_CHANGE_LOG_PAGE_MAX)),
  after: anyValue()
    .transform((value) => (typeof value === 'string' && value !== '' ? value : null))
    .pipe(z.string().regex(/^[0-9]{1,18}$/).nullable()),
});
export type TenantChangeLogQuery = z.output<typeof tenantChangeLogQuerySchema>;
