/**
 * The tenant rules (docs/administration.md, “Tenants and members”), shared by the server (which
 * enforces them) and the client (which checks before sending). Plain TypeScript without Node imports.
 */
import { httpsLinkMessage, isHttpsLink } from '../validation/links.js';
import { invisibleControlsError } from '../validation/text.js';
import { parseDate } from '../time/berlin.js';
import { PRIVACY_NOTICE_MAX } from './privacy.js';
/**
 * The booking horizon every tenant has (see common/bookings/horizon.ts): bookings end at most this
 * many days ahead and last at most this many days, unless an object allows longer bookings.
 */
export const DEFAULT_BOOKING_HORIZON_DAYS = 730;
export const DEFAULT_MAX_BOOKING_DAYS = 31;
/** A hundred years: beyond that no setting is plausible. */
export const MAX_HORIZON_DAYS = 36_500;
/**
 * How long customer data of finished bookings is kept before it is anonymised (months), unless a
 * receipt still has to be kept (docs/privacy.md).
 */
export const DEFAULT_RETENTION_MONTHS = 12;
export const MIN_RETENTION_MONTHS = 1;
export const MAX_RETENTION_MONTHS = 120;

/**
 * The Bundesländer whose public holidays a tenant may choose (ISO 3166-2 codes), with the names the
 * editor and the change log show; empty: none.
 */
export const holidayRegionNames = {
  'DE-BB': 'Brandenburg',
  'DE-BE': 'Berlin',
  'DE-BW': 'Baden-Württemberg',
  'DE-BY': 'Bayern',
  'DE-HB': 'Bremen',
  'DE-HE': 'Hessen',
  'DE-HH': 'Hamburg',
  'DE-MV': 'Mecklenburg-Vorpommern',
  'DE-NI': 'Niedersachsen',
  'DE-NW': 'Nordrhein-Westfalen',
  'DE-RP': 'Rheinland-Pfalz',
  'DE-SH': 'Schleswig-Holstein',
  'DE-SL': 'Saarland',
  'DE-SN': 'Sachsen',
  'DE-ST': 'Sachsen-Anhalt',
  'DE-TH': 'Thüringen',
} as const;
export type HolidayRegion = keyof typeof holidayRegionNames;
export const holidayRegions = Object.keys(holidayRegionNames) as HolidayRegion[];
export const isHolidayRegion = (value: string): value is HolidayRegion => Object.hasOwn(holidayRegionNames, value);

/** Twenty years of a state's five or six holiday periods fit; more is a mistake. */
export const SCHOOL_HOLIDAYS_MAX = 100;
export const SCHOOL_HOLIDAY_TITLE_MAX = 200;

/** A school holiday period as staff enter it: both days belong to it. */
export interface SchoolHoliday {
  title: string;
  from: string;
  to: string;
}

export const tenantMessages = {
  required: 'Pflichtfeld',
  mail: 'Muss gültige E-Mail-Adresse sein.',
  url: 'Ungültige URL.',
  suffix: 'Maximal 12 Zeichen erlaubt.',
  taxId: `Höchstens 40 Zeichen: die Steuernummer oder die Umsatzsteuer-Identifikationsnummer.`,
  number: 'Muss eine Zahl sein.',
  paymentMode: 'Nur "test" oder "prod" erlaubt.',
  eventMode: 'Nur "simple" oder "detailed" erlaubt.',
  port: 'Ungültiger Port.',
  template: 'Die Vorlage muss ein vollständiges HTML-Dokument sein. Es fehlt:',
  days: `Muss eine ganze Zahl von 1 bis ${MAX_HORIZON_DAYS} sein.`,
  httpsLink: httpsLinkMessage,
  privacyNotice: `Maximal ${PRIVACY_NOTICE_MAX} Zeichen erlaubt.`,
  retentionMonths: `Muss eine ganze Zahl von ${MIN_RETENTION_MONTHS} bis ${MAX_RETENTION_MONTHS} sein.`,
  holidayRegion: 'Unbekanntes Bundesland. Erlaubt ist ein Kürzel wie DE-BE (Berlin) oder keins.',
  schoolHolidays: `Höchstens ${SCHOOL_HOLIDAYS_MAX} Ferienzeiträume, jeder mit Bezeichnung, von und bis.`,
  schoolHolidayTitle: `Höchstens ${SCHOOL_HOLIDAY_TITLE_MAX} Zeichen erlaubt.`,
  schoolHolidayDate: 'Muss ein Datum im Format JJJJ-MM-TT sein.',
  schoolHolidayOrder: 'Das Ende der Ferien darf nicht vor ihrem Beginn liegen.',
} as const;

const blankText = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const periodText = (value: unknown): string => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));

/**
 * The school holidays as sent, in the shape they are stored: each entry's title, from and to as
 * trimmed text (anything else dropped; an entry that is no object is an empty one, which the rules
 * refuse field by field). Anything but a list stays as it is, for the rules to refuse.
 */
export function normalizeSchoolHolidays(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown): SchoolHoliday => {
    const fields = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    return { title: periodText(fields.title), from: periodText(fields.from), to: periodText(fields.to) };
  });
}

/** Field name (`schoolHolidays.<index>.<field>`) to German message for each broken rule of the school holidays. */
function schoolHolidayErrors(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value) || value.length > SCHOOL_HOLIDAYS_MAX) return { schoolHolidays: tenantMessages.schoolHolidays };
  const errors: Record<string, string> = {};
  (normalizeSchoolHolidays(value) as SchoolHoliday[]).forEach((period, index) => {
    const key = `schoolHolidays.${index}`;
    if (period.title === '') errors[`${key}.title`] = tenantMessages.required;
    else if (period.title.length > SCHOOL_HOLIDAY_TITLE_MAX) errors[`${key}.title`] = tenantMessages.schoolHolidayTitle;
    else {
      const message = invisibleControlsError(period.title);
      if (message) errors[`${key}.title`] = message;
    }
    for (const field of ['from', 'to'] as const) {
      if (period[field] === '') errors[`${key}.${field}`] = tenantMessages.required;
      else if (!parseDate(period[field])) errors[`${key}.${field}`] = tenantMessages.schoolHolidayDate;
    }
    if (!errors[`${key}.from`] && !errors[`${key}.to`] && period.to < period.from) errors[`${key}.to`] = tenantMessages.schoolHolidayOrder;
  });
  return errors;
}

/** What a receipt or invoice template must contain, as a person reads it. */
const templateSkeleton: readonly [RegExp, string][] = [
  [/<!doctype\s+html[^>]*>/i, '<!DOCTYPE html>'],
  [/<html[\s>]/i, '<html>'],
  [/<\/html\s*>/i, '</html>'],
  [/<head[\s>]/i, '<head>'],
  [/<\/head\s*>/i, '</head>'],
  [/<body[\s>]/i, '<body>'],
  [/<\/body\s*>/i, '</body>'],
];

/**
 * The German message for a receipt or invoice template without the HTML skeleton; null when it has
 * one. An empty template is allowed: the bundled default is used then.
 */
export function templateSkeletonError(template: string | null | undefined): string | null {
  if (blankText(template)) return null;
  const missing = templateSkeleton.filter(([pattern]) => !pattern.test(String(template))).map(([, label]) => label);
  return missing.length === 0 ? null : `${tenantMessages.template} ${missing.join(', ')}`;
}


/** Text, at sign, text, dot, text. */
export const TENANT_MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** http or https, a host of letters, digits, dots and hyphens (optionally a port), a slash and more. */
export const TENANT_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/\S+$/;
export const PAYMENT_PURPOSE_SUFFIX_MAX = 12;
/** A Steuernummer ("12/345/67890") or USt-IdNr. ("DE123456789") fits easily. */
export const TAX_ID_MAX = 40;

export const requiredTenantFields = ['name', 'contactName', 'location', 'phone', 'website'] as const;

export const paymentApplicationIds = ['giroCockpit', 'pmPayment', 'invoice', 'testPayment'] as const;
export const lockerApplicationIds = ['pareva'] as const;
export type ApplicationId = (typeof paymentApplicationIds)[number] | (typeof lockerApplicationIds)[number];

export const applicationTitles: Record<ApplicationId, string> = {
  giroCockpit: 'Online-Zahlung',
  pmPayment: 'Online-Zahlung (pmPayment)',
  invoice: 'Rechnung',
  testPayment: 'Testzahlung (nur Entwicklung)',
  pareva: 'Pareva Schließfächer',
};

export interface TenantFieldsToCheck {
  name?: string | null;
  contactName?: string | null;
  location?: string | null;
  mail?: string | null;
  phone?: string | null;
  website?: string | null;
  bookableDetailLink?: string | null;
  eventDetailLink?: string | null;
  privacyNotice?: string | null;
  privacyPolicyLink?: string | null;
  paymentPurposeSuffix?: string | null;
  taxId?: string | null;
  holidayRegion?: string | null;
  /** A list of periods; anything else is refused. */
  schoolHolidays?: unknown;
  defaultEventCreationMode?: string | null;
  maxBookingAdvanceInMonths?: number | string | null;
  bookingHorizonDays?: number | string | null;
  retentionMonths?: number | string | null;
  maxBookingDays?: number | string | null;
  noreplyPort?: number | string | null;
  receiptTemplate?: string | null;
  invoiceTemplate?: string | null;
  applications?: readonly { id: string; paymentPurposeSuffix?: string | null; paymentMode?: string | null; daysUntilPaymentDue?: number | string | null }[] | null;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const isWholeNumber = (value: unknown) => blank(value) || (/^\d+$/.test(String(value).trim()) && Number(value) <= 1_000_000);

/**
 * Field name to German message for every rule the tenant breaks; empty when valid. Application
 * fields are keyed `applications.<id>.<field>`.
 */
export function tenantFieldErrors(tenant: TenantFieldsToCheck): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of requiredTenantFields) if (blank(tenant[field])) errors[field] = tenantMessages.required;
  if (blank(tenant.mail)) errors.mail = tenantMessages.required;
  else if (!TENANT_MAIL_PATTERN.test(String(tenant.mail).trim())) errors.mail = tenantMessages.mail;
  for (const field of ['bookableDetailLink', 'eventDetailLink'] as const) {
    const value = tenant[field];
    if (!blank(value) && !TENANT_URL_PATTERN.test(String(value).trim())) errors[field] = tenantMessages.url;
  }
  if (!blank(tenant.privacyPolicyLink) && !isHttpsLink(String(tenant.privacyPolicyLink).trim())) errors.privacyPolicyLink = tenantMessages.httpsLink;
  // The names and addresses the lists and links show (common/validation/text.ts).
  for (const field of ['name', 'contactName', 'website', 'bookableDetailLink', 'eventDetailLink', 'privacyPolicyLink'] as const) {
    const message = invisibleControlsError(tenant[field]);
    if (message) errors[field] = message;
  }
  if ((tenant.privacyNotice ?? '').trim().length > PRIVACY_NOTICE_MAX) errors.privacyNotice = tenantMessages.privacyNotice;
  if ((tenant.paymentPurposeSuffix ?? '').length > PAYMENT_PURPOSE_SUFFIX_MAX) errors.paymentPurposeSuffix = tenantMessages.suffix;
  if ((tenant.taxId ?? '').trim().length > TAX_ID_MAX) errors.taxId = tenantMessages.taxId;
  const region = (tenant.holidayRegion ?? '').trim();
  if (region !== '' && !isHolidayRegion(region)) errors.holidayRegion = tenantMessages.holidayRegion;
  Object.assign(errors, schoolHolidayErrors(tenant.schoolHolidays));
  if (!['', 'simple', 'detailed'].includes(tenant.defaultEventCreationMode ?? '')) errors.defaultEventCreationMode = tenantMessages.eventMode;
  if (!isWholeNumber(tenant.maxBookingAdvanceInMonths)) errors.maxBookingAdvanceInMonths = tenantMessages.number;
  // Absent (undefined) keeps the stored value; sent, each must be a number of days.
  for (const field of ['bookingHorizonDays', 'maxBookingDays'] as const) {
    const value = tenant[field];
    if (value !== undefined && (blank(value) || !isWholeNumber(value) || Number(value) < 1 || Number(value) > MAX_HORIZON_DAYS)) errors[field] = tenantMessages.days;
  }
  const retention = tenant.retentionMonths;
  if (retention !== undefined && (blank(retention) || !isWholeNumber(retention) || Number(retention) < MIN_RETENTION_MONTHS || Number(retention) > MAX_RETENTION_MONTHS)) {
    errors.retentionMonths = tenantMessages.retentionMonths;
  }
  if (!blank(tenant.noreplyPort) && (!isWholeNumber(tenant.noreplyPort) || Number(tenant.noreplyPort) < 1 || Number(tenant.noreplyPort) > 65535)) {
    errors.noreplyPort = tenantMessages.port;
  }
  for (const field of ['receiptTemplate', 'invoiceTemplate'] as const) {
    const message = templateSkeletonError(tenant[field]);
    if (message) errors[field] = message;
  }
  for (const application of tenant.applications ?? []) {
    const key = `applications.${application.id}`;
    if ((application.paymentPurposeSuffix ?? '').length > PAYMENT_PURPOSE_SUFFIX_MAX) errors[`${key}.paymentPurposeSuffix`] = tenantMessages.suffix;
    if ((application.id === 'pmPayment' || application.id === 'giroCockpit') && !['', 'test', 'prod'].includes(application.paymentMode ?? '')) errors[`${key}.paymentMode`] = tenantMessages.paymentMode;
    if (application.id === 'invoice' && !isWholeNumber(application.daysUntilPaymentDue)) errors[`${key}.daysUntilPaymentDue`] = tenantMessages.number;
  }
  return errors;
}
