/**
 * The bookings' REST operations for the OpenAPI document (booking.routes.ts, booking-csv.routes.ts,
 * checkout/checkout.routes.ts). Inputs are the schemas the routes parse with; a new path or query
 * parameter is one entry here.
 */
import { bookableBookingsQuerySchema, bookingChargeFilters, bookingListQuerySchema, bookingPageQuerySchema, bookingSorts, bookingStatusFilters, MAX_SCHEDULE_DAYS, MAX_SCHEDULE_OBJECTS, occupancyQuerySchema, roomScheduleQuerySchema } from '../../../common/bookings/booking-query.schema.js';
import { bookingEditSchema, markPaidSchema } from '../../../common/bookings/booking-edit.schema.js';
import { paymentMethods } from '../../../common/bookings/labels.js';
import { seriesCancelSchema, seriesChangeSchema as seriesChangeInputSchema, seriesScopes } from '../../../common/bookings/series.js';
import { checkoutItemSchema, checkoutSchema, MAX_ITEMS } from '../../../common/bookings/checkout.schema.js';
import { confirmCancellationSchema } from '../../../common/bookings/series.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './checkout/checkout-idempotency.js';
import { bookingHistoryQuerySchema } from '../../../common/bookings/history.js';
import { customerFields as customerFieldNames } from '../../../common/bookings/customer.js';
import { fieldSchemas as f, jsonObject, okText, ref, type ApiDomain, type JsonSchema, type WebhookDescription } from '../shared/openapi/operation.js';
import type { BookingWebhookType } from './booking.webhooks.js';

const timeWindowFields = { from: f.instant('Beginn des Zeitfensters; ohne Angabe vor 31 Tagen'), to: f.instant('Ende des Zeitfensters; ohne Angabe 396 Tage nach dem Beginn, höchstens zwei Jahre') };

/** A page of a bookings list (bookingPageQuerySchema): size, offset or cursor, and the changes since. */
const pageQueryFields: Record<string, JsonSchema> = {
  limit: f.count('Seitengröße, 1 bis 500 (Standard 50); alles andere wird abgelehnt'),
  offset: f.count('Anfang der Seite (Standard 0); nicht zusammen mit `cursor`'),
  cursor: f.text('`X-Next-Cursor` der vorigen Seite: die Seite beginnt nach dieser Buchung, was immer inzwischen hinzukam'),
  updatedSince: f.instant('Nur Buchungen, die seitdem geändert wurden, älteste Änderung zuerst (Abgleich)'),
};

/** The bookings list's query (bookingListQuerySchema): a new parameter there is one line here. */
const listQueryFields: Record<string, JsonSchema> = {
  ...timeWindowFields,
  search: f.text(
    'Suchbegriffe, durch Leerzeichen getrennt, die alle zutreffen müssen: Buchungsnummer, Name, Firma, Anschrift, E-Mail, Telefon, Gutschein, Kommentar ein gebuchtes Objekt oder das Datum des Beginns (TT.MM.JJJJ) enthält den Begriff oder (ab vier Zeichen, ohne Ziffern) ein ihm ähnliches Wort trotz Tippfehler; oder der Begriff ist Teil der Status- und Zahlungswörter der Liste (ausstehend, freigegeben, abgelehnt, storniert, bezahlt, Zahlungsweise)',
  ),
  sort: {
    description:
      'Reihenfolge (Standard `NEWEST`): nach Erstellung, Beginn, Ende (Buchungen ohne Zeiten zuerst), Buchungsnummer, Name (ohne Groß- und Kleinschreibung), Preis, Status (ausstehend, freigegeben, abgelehnt, storniert), Zahlung (offen vor bezahlt) oder Zahlungsweise. Ein `cursor` gehört zu seiner Reihenfolge; nicht zusammen mit `updatedSince`',
    type: 'string',
    enum: [...bookingSorts],
  },
  status: { description: 'Statusfilter', type: 'string', enum: [...bookingStatusFilters] },
  paidFrom: f.instant('Bezahlt ab diesem Zeitpunkt (einschließlich)'),
  paidTo: f.instant('Bezahlt vor diesem Zeitpunkt (ausschließlich)'),
  refundedFrom: f.instant('Mit einer ab diesem Zeitpunkt (einschließlich) erledigten Erstattung'),
  refundedTo: f.instant('Mit einer vor diesem Zeitpunkt (ausschließlich) erledigten Erstattung'),
  charge: { description: 'Nur kostenlose (`FREE`) oder kostenpflichtige (`CHARGEABLE`) Buchungen', type: 'string', enum: [...bookingChargeFilters] },
  bookableId: f.id('Nur Buchungen dieses Objekts'),
  seriesId: f.id('Nur die Termine dieser Serie (GET /api/{tenantId}/series/{id})'),
  ...pageQueryFields,
};

/** The next page of a list paged by cursor. */
const nextPageHeaders = {
  'X-Next-Cursor': { description: 'Cursor nach der letzten Buchung der Seite (als `cursor` für die nächste Seite); auf jeder Seite mit Buchungen', schema: { type: 'string' } },
  Link: { description: '`<…>; rel="next"` mit der Adresse der nächsten Seite, nur solange weitere folgen', schema: { type: 'string' } },
};

const customerFields: Record<string, JsonSchema> = {
  name: { description: 'Name der buchenden Person' },
  company: { description: 'Firma oder Verein' },
  mail: { description: 'E-Mail-Adresse', format: 'email' },
};

const bookingItemsField = (description: string, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  description,
  type: 'array',
  minItems: 1,
  maxItems: MAX_ITEMS,
  items: {
    type: 'object',
    required: ['bookableId'],
    properties: {
      bookableId: f.id('Kennung des gebuchten Objekts'),
      amount: { description: 'Anzahl (Standard 1)', oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^\\d+$' }] },
      ...extra,
    },
  },
});

const historyFields = {
  first: f.count('Einträge pro Seite, 1 bis 100 (Standard 20)'),
  after: f.text('`nextCursor` der vorigen Seite'),
};

/** Noon to 2 pm on 12 December 2026 in Berlin. */
const exampleBegin = '2026-12-12T11:00:00.000Z';
const exampleEnd = '2026-12-12T13:00:00.000Z';

/** The customer of every example. */
const exampleCustomer = {
  name: 'Erika Mustermann',
  company: 'Heimatverein Musterstadt e. V.',
  street: 'Marktplatz 1',
  zipCode: '12345',
  location: 'Musterstadt',
  mail: 'erika.mustermann@example.de',
  phone: '0123 456789',
  comment: 'Jahreshauptversammlung, etwa 40 Personen',
};

export const checkoutExample = {
  bookableItems: [{ bookableId: 'grosser-saal', amount: 1 }],
  timeBegin: exampleBegin,
  timeEnd: exampleEnd,
  ...exampleCustomer,
  paymentProvider: 'invoice',
};

const bookingExample = {
  id: 'R-2026-0042',
  tenantId: 'rathaus',
  assignedUserId: null,
  timeBegin: Date.parse(exampleBegin),
  timeEnd: Date.parse(exampleEnd),
  timeCreated: Date.parse('2026-11-20T09:30:00.000Z'),
  bookableItems: [{ bookableId: 'grosser-saal', amount: 1, _bookableUsed: { id: 'grosser-saal', title: 'Großer Saal' } }],
  couponCode: null,
  attachments: [],
  priceEur: 80,
  vatIncludedEur: 12.77,
  isCommitted: false,
  isPayed: false,
  isRejected: false,
  paymentProvider: 'invoice',
  paymentMethod: '',
  paidAt: null,
  cancelledAt: null,
  updatedAt: '2026-11-20T09:30:00.000Z',
  isFree: false,
  priceCents: 8000,
  vatIncludedCents: 1277,
  netCents: 6723,
  vatByRate: [{ ratePercent: 19, netCents: 6723, vatCents: 1277, grossCents: 8000 }],
  paymentWay: { kind: 'INVOICE', provider: 'invoice', method: null, label: 'Rechnung' },
  lockerInfo: [],
  seriesId: null,
  ...exampleCustomer,
};

const instantMs = (description: string): JsonSchema => ({ description: `${description} (Millisekunden seit 1970)`, type: ['integer', 'null'] });

const bookingSchema: JsonSchema = {
  type: 'object',
  description: 'Eine Buchung, wie die Verwaltung sie sieht.',
  required: ['id', 'tenantId', 'bookableItems', 'priceEur', 'isCommitted', 'isPayed', 'isRejected', 'updatedAt'],
  additionalProperties: true,
  properties: {
    id: { type: 'string', description: 'Buchungsnummer' },
    tenantId: { type: 'string' },
    assignedUserId: { type: ['string', 'null'], description: 'Zugeordnete Person (E-Mail) oder null' },
    timeBegin: instantMs('Beginn'),
    timeEnd: instantMs('Ende'),
    timeCreated: instantMs('Angelegt'),
    bookableItems: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bookableId', 'amount'],
        additionalProperties: true,
        properties: { bookableId: { type: 'string' }, amount: { type: 'integer' }, _bookableUsed: { type: 'object', description: 'Das Objekt, wie es gebucht wurde', additionalProperties: true } },
      },
    },
    couponCode: { type: ['string', 'null'] },
    attachments: { type: 'array', items: { type: 'object', additionalProperties: true } },
    priceEur: { type: 'number', description: 'Bruttopreis in Euro' },
    vatIncludedEur: { type: 'number', description: 'Enthaltene Umsatzsteuer in Euro' },
    isCommitted: { type: 'boolean', description: 'Freigegeben' },
    isPayed: { type: 'boolean', description: 'Bezahlt' },
    isRejected: { type: 'boolean', description: 'Abgelehnt oder storniert' },
    paymentProvider: { type: ['string', 'null'] },
    paymentMethod: { type: 'string' },
    paidAt: { type: ['string', 'null'], format: 'date-time', description: 'Wann die Zahlung erfasst wurde (UTC); leer solange unbezahlt' },
    cancelledAt: { type: ['string', 'null'], format: 'date-time', description: 'Wann abgelehnt oder storniert (UTC); sonst leer' },
    updatedAt: { type: 'string', format: 'date-time', description: 'Wann zuletzt geändert (UTC); Reihenfolge und Filter von `updatedSince`' },
    isFree: { type: 'boolean', description: 'Nichts zu zahlen (Bruttosumme 0)' },
    priceCents: { type: 'integer', description: 'Bruttosumme in Cent, exakt' },
    vatIncludedCents: { type: 'integer', description: 'Enthaltene Umsatzsteuer in Cent, exakt' },
    netCents: { type: 'integer', description: 'Nettosumme in Cent' },
    vatByRate: {
      type: 'array',
      description: 'Umsatzsteuer je Satz, niedrigster zuerst; die Sätze ergeben zusammen priceCents und vatIncludedCents',
      items: {
        type: 'object',
        required: ['ratePercent', 'netCents', 'vatCents', 'grossCents'],
        properties: { ratePercent: { type: 'number' }, netCents: { type: 'integer' }, vatCents: { type: 'integer' }, grossCents: { type: 'integer' } },
      },
    },
    paymentWay: {
      type: 'object',
      description: 'Wie bezahlt wird, als Codes',
      required: ['kind', 'label'],
      properties: {
        kind: { type: 'string', enum: ['FREE', 'ONLINE', 'INVOICE', 'MANUAL', 'UNKNOWN'] },
        provider: { type: ['string', 'null'] },
        method: { type: ['string', 'null'] },
        label: { type: 'string', description: 'Dasselbe auf Deutsch' },
      },
    },
    lockerInfo: { type: 'array', items: { type: 'object', additionalProperties: true } },
    refunds: { type: 'array', description: 'Erstattungen nach Stornierungen durch die buchende Person (nur `GET /api/{tenantId}/bookings/{id}`), älteste zuerst', items: ref('BookingRefund') },
    seriesId: { type: ['string', 'null'], description: 'Die Serie, zu der die Buchung als Termin gehört (GET /api/{tenantId}/series/{id}); null bei einer einzelnen Buchung' },
    name: { type: 'string' },
    company: { type: 'string' },
    street: { type: 'string' },
    zipCode: { type: 'string' },
    location: { type: 'string' },
    mail: { type: 'string' },
    phone: { type: 'string' },
    comment: { type: 'string' },
  },
};

const bookingProperties = bookingSchema.properties as Record<string, JsonSchema>;

const instantOrNull = (description: string): JsonSchema => ({ type: ['string', 'null'], format: 'date-time', description });

/** A booking in a webhook's `data` (booking.webhooks.ts): its state, times, objects and REST's money. */
const bookingWebhookSchema: JsonSchema = {
  type: 'object',
  description: 'Eine Buchung im Webhook: Status, Zeiten, Objekte und Beträge (dieselben wie in der REST-Antwort).',
  required: ['tenantId', 'bookingId', 'isCommitted', 'isRejected', 'isPayed', 'paidAt', 'cancelledAt', 'paymentMethod', 'paymentWay', 'timeBegin', 'timeEnd', 'priceEur', 'vatIncludedEur', 'priceCents', 'vatIncludedCents', 'netCents', 'vatByRate', 'items', 'createdAt', 'updatedAt', 'seriesId'],
  additionalProperties: false,
  properties: {
    tenantId: { type: 'string' },
    bookingId: { type: 'string', description: 'Buchungsnummer' },
    isCommitted: bookingProperties.isCommitted,
    isRejected: bookingProperties.isRejected,
    isPayed: bookingProperties.isPayed,
    paidAt: bookingProperties.paidAt,
    cancelledAt: bookingProperties.cancelledAt,
    paymentMethod: { type: ['string', 'null'], description: 'Wie die Zahlung erfasst wurde (CASH, TRANSFER, …); leer solange keine' },
    paymentWay: bookingProperties.paymentWay,
    timeBegin: instantOrNull('Beginn (UTC)'),
    timeEnd: instantOrNull('Ende (UTC)'),
    priceEur: bookingProperties.priceEur,
    vatIncludedEur: bookingProperties.vatIncludedEur,
    priceCents: bookingProperties.priceCents,
    vatIncludedCents: bookingProperties.vatIncludedCents,
    netCents: bookingProperties.netCents,
    vatByRate: bookingProperties.vatByRate,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bookableId', 'title', 'amount', 'timeBegin', 'timeEnd'],
        additionalProperties: false,
        properties: { bookableId: { type: 'string' }, title: { type: ['string', 'null'] }, amount: { type: 'integer' }, timeBegin: instantOrNull('Beginn (UTC)'), timeEnd: instantOrNull('Ende (UTC)') },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    seriesId: bookingProperties.seriesId,
    changedFields: {
      type: 'array',
      minItems: 1,
      items: { type: 'string' },
      description: 'Nur bei `booking.changed`: die geänderten Felder (`timeBegin`, `priceCents`, Felder der Kundin wie `name` nur für Endpunkte mit persönlichen Daten)',
    },
    customer: {
      type: 'object',
      description: 'Nur für Endpunkte mit „Persönliche Daten mitsenden“',
      required: [...customerFieldNames],
      additionalProperties: false,
      properties: Object.fromEntries(customerFieldNames.map((field) => [field, { type: 'string' }])),
    },
  },
};

const bookingDeletedWebhookSchema: JsonSchema = {
  type: 'object',
  description: 'Eine gelöschte Buchung: nur ihre Kennungen.',
  required: ['tenantId', 'bookingId'],
  additionalProperties: false,
  properties: { tenantId: { type: 'string' }, bookingId: { type: 'string', description: 'Buchungsnummer' } },
};

const bookingWebhook = (summary: string, description: string): WebhookDescription => ({
  summary,
  description,
  // Only booking.changed names changed fields; the others carry none.
  data: { allOf: [ref('BookingWebhook'), { properties: { changedFields: false } }] },
});

const bookingWebhooks: Record<BookingWebhookType, WebhookDescription> = {
  'booking.created': bookingWebhook('Buchung angelegt', 'Eine Buchung wurde gespeichert (Checkout, Verwaltung).'),
  'booking.changed': {
    summary: 'Buchung geändert',
    description:
      'Eine Buchung hat sich ohne Statuswechsel geändert. `changedFields` nennt die Felder, deren Wert sich geändert hat; ein Speichern ohne Änderung sendet nichts, ebenso eine Änderung nur an Kundendaten an Endpunkte ohne persönliche Daten.',
    data: { allOf: [ref('BookingWebhook'), { required: ['changedFields'] }] },
  },
  'booking.released': bookingWebhook('Buchung freigegeben', 'Freigegeben, auch beim Checkout eines Objekts mit automatischer Freigabe (nach `booking.created`).'),
  'booking.rejected': bookingWebhook('Buchung abgelehnt', 'Vor der Freigabe abgelehnt.'),
  'booking.cancelled': bookingWebhook('Buchung storniert', 'Nach der Freigabe oder von der Kundin storniert.'),
  'booking.paid': bookingWebhook('Buchung bezahlt', 'Online bezahlt oder von der Verwaltung als bezahlt markiert.'),
  'booking.deleted': { summary: 'Buchung gelöscht', description: 'Nur die Kennungen.', data: ref('BookingDeletedWebhook') },
};

/** A series' rule as answers carry it. */
const seriesRuleSchema: JsonSchema = {
  type: 'object',
  required: ['frequency', 'interval', 'weekdays', 'until', 'count', 'skipHolidays', 'excludeDates', 'rrule', 'description'],
  properties: {
    frequency: { type: 'string', enum: ['DAILY', 'WEEKLY', 'MONTHLY'] },
    interval: { type: 'integer', minimum: 1 },
    weekdays: { type: 'array', items: { type: 'string', enum: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] } },
    until: { type: ['string', 'null'], format: 'date' },
    count: { type: ['integer', 'null'] },
    skipHolidays: { type: 'boolean' },
    excludeDates: { type: 'array', items: { type: 'string', format: 'date' } },
    rrule: { type: 'string', description: 'Die Regel nach RFC 5545 (RRULE ohne DTSTART)' },
    description: { type: 'string', description: 'Die Regel auf Deutsch, z. B. „wöchentlich dienstags bis 30.06.2028“' },
  },
};

/** A series checkout's dates: each with whether it can be (or was) booked, why not, and its price. */
const seriesCheckoutSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'Nur bei einer Serie: jeder Termin der Regel, ob er frei ist (oder gebucht wurde) und warum nicht, und der Preis der freien Termine',
  required: ['id', 'rule', 'dates', 'availableCount', 'priceEur', 'vatIncludedEur'],
  properties: {
    id: { type: ['string', 'null'], description: 'Die angelegte Serie; leer bei `simulate`' },
    rule: seriesRuleSchema,
    dates: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'timeBegin', 'timeEnd', 'available', 'reason', 'reasonText', 'priceEur', 'bookingId'],
        properties: {
          date: { type: 'string', format: 'date' },
          timeBegin: instantMs('Beginn'),
          timeEnd: instantMs('Ende'),
          available: { type: 'boolean' },
          reason: { type: ['string', 'null'], enum: ['taken', 'closed', 'holiday', 'horizon', 'limit', null] },
          reasonText: { type: ['string', 'null'], description: 'Der Grund auf Deutsch' },
          priceEur: { type: 'number' },
          bookingId: { type: ['string', 'null'], description: 'Die für den Termin angelegte Buchung' },
        },
      },
    },
    availableCount: { type: 'integer' },
    priceEur: { type: 'number', description: 'Bruttopreis der freien (oder gebuchten) Termine' },
    vatIncludedEur: { type: 'number' },
  },
};

/** A series' rule as a checkout and a change of a series take it. */
const seriesRuleField = {
  description: 'Die Regel der Serie',
  type: ['object', 'null'],
  properties: {
    frequency: { type: 'string', enum: ['DAILY', 'WEEKLY', 'MONTHLY'] },
    interval: { type: 'integer', minimum: 1, description: 'Jeden n-ten Tag, jede n-te Woche oder jeden n-ten Monat (Standard 1)' },
    weekdays: { type: 'array', items: { type: 'string', enum: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] }, description: 'Wochentage einer wöchentlichen Serie; leer: der des ersten Termins' },
    until: { type: ['string', 'null'], format: 'date', description: 'Letzter möglicher Tag (entweder dies oder `count`)' },
    count: { type: ['integer', 'null'], minimum: 1, maximum: 200, description: 'Anzahl der Termine der Regel (entweder dies oder `until`)' },
    skipHolidays: { type: 'boolean', description: 'Feiertage des Bundeslands und Schulferien des Mandanten auslassen' },
    excludeDates: { type: 'array', items: { type: 'string', format: 'date' }, description: 'Ausgelassene Tage' },
    requireAll: { type: 'boolean', description: 'Nur buchen, wenn jeder Termin frei ist' },
  },
} as const;

/** POST series/{id}/change: what the change did (or, simulated, would do). */
const seriesChangeSchema: JsonSchema = {
  type: 'object',
  required: ['series', 'dates', 'cancelledBookingIds', 'simulated'],
  properties: {
    series: { $ref: '#/components/schemas/BookingSeries' },
    dates: { ...seriesCheckoutSchema, type: 'object', description: 'Die Termine der neuen Regel: frei (gebucht oder unverändert übernommen, mit Buchungsnummer) oder warum nicht' },
    cancelledBookingIds: { type: 'array', items: { type: 'string' }, description: 'Die Termine, die die Änderung storniert (die die neue Regel nicht mehr zur selben Zeit nennt)' },
    simulated: { type: 'boolean' },
  },
};

/** GET series/{id}: a stored series with its bookings. */
const bookingSeriesSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'tenantId', 'rule', 'name', 'createdAt', 'dates'],
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    rule: seriesRuleSchema,
    name: { type: 'string' },
    createdAt: { type: 'integer', description: 'Millisekunden seit 1970' },
    dates: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bookingId', 'timeBegin', 'timeEnd', 'isCommitted', 'isPayed', 'isRejected', 'status', 'priceEur'],
        properties: {
          bookingId: { type: 'string' },
          timeBegin: instantMs('Beginn'),
          timeEnd: instantMs('Ende'),
          isCommitted: { type: 'boolean' },
          isPayed: { type: 'boolean' },
          isRejected: { type: 'boolean' },
          status: { type: 'string', description: 'ausstehend, freigegeben, abgelehnt oder storniert' },
          priceEur: { type: 'number' },
        },
      },
    },
  },
};

/** A checkout's answer: the stored booking, or with `simulate` the preview, which has no number, token or change yet. */
const checkoutResultSchema: JsonSchema = {
  ...bookingSchema,
  description: 'Die angelegte Buchung, oder mit `simulate` die Vorschau: dann sind `id`, `updatedAt` und `statusToken` leer.',
  properties: {
    ...bookingProperties,
    id: { type: ['string', 'null'], description: 'Buchungsnummer; leer bei `simulate`' },
    updatedAt: { ...bookingProperties.updatedAt, type: ['string', 'null'] },
    statusToken: { type: ['string', 'null'], description: 'Status-Token der Buchung (`bst_…`), nur in dieser Antwort; leer bei `simulate`' },
    series: seriesCheckoutSchema,
  },
};

/** The events a booking's tickets admit to, as the status answers name them. */
const ticketEventsSchema: JsonSchema = {
  type: 'array',
  description: 'Die Veranstaltungen, zu denen die gebuchten Tickets Zutritt geben',
  items: {
    type: 'object',
    required: ['id', 'name', 'startsAt', 'endsAt', 'place'],
    additionalProperties: false,
    properties: { id: { type: 'string' }, name: { type: 'string' }, startsAt: instantMs('Beginn'), endsAt: instantMs('Ende'), place: { type: 'string', description: 'Ort und Adresse in einer Zeile oder der Link einer Online-Veranstaltung; leer, wenn unbekannt' } },
  },
};

/** What the public status answers (status token, booking number and name): no personal data beyond the name asked with. */
const publicBookingStatusSchema: JsonSchema = {
  type: 'object',
  description: 'Der öffentliche Status einer Buchung',
  required: ['bookingId', 'title', 'name', 'status', 'timeBegin', 'timeEnd', 'timeCreated', 'comment', 'events'],
  additionalProperties: false,
  properties: {
    bookingId: { type: 'string', description: 'Buchungsnummer' },
    title: { type: 'string', description: 'Titel des ersten gebuchten Objekts' },
    name: { type: 'string' },
    status: {
      type: 'object',
      required: ['paymentStatus', 'bookingStatus'],
      additionalProperties: false,
      properties: {
        paymentStatus: { type: 'string', enum: ['paid', 'pending', 'none'], description: '`none`: storniert ohne Zahlung, nichts offen' },
        bookingStatus: { type: 'string', enum: ['confirmed', 'rejected', 'pending'] },
        activeStatus: { type: 'string', enum: ['expired', 'pending', 'active'], description: 'Nur bei Buchungen mit Ende' },
      },
    },
    timeBegin: instantMs('Beginn'),
    timeEnd: instantMs('Ende'),
    timeCreated: { type: 'integer', description: 'Angelegt (Millisekunden seit 1970)' },
    comment: { type: 'string' },
    events: ticketEventsSchema,
  },
};

/** What the payment's return page reads: flags, object, time, price and tenant; no personal data. */
const paymentReturnStatusSchema: JsonSchema = {
  type: 'object',
  description: 'Zahlungs- und Freigabestatus ohne personenbezogene Daten',
  required: ['bookingId', 'isCommitted', 'isPayed', 'isRejected', 'title', 'items', 'timeBegin', 'timeEnd', 'priceEur', 'paymentProvider', 'tenantName', 'events'],
  additionalProperties: false,
  properties: {
    bookingId: { type: 'string' },
    isCommitted: { type: 'boolean' },
    isPayed: { type: 'boolean' },
    isRejected: { type: 'boolean' },
    title: { type: 'string', description: 'Titel des ersten gebuchten Objekts' },
    items: {
      type: 'array',
      description: 'Alle gebuchten Objekte mit ihrer Anzahl, in der Reihenfolge der Buchung (z. B. mehrere Ticketarten)',
      items: { type: 'object', required: ['title', 'amount'], additionalProperties: false, properties: { title: { type: 'string' }, amount: { type: 'integer' } } },
    },
    timeBegin: instantMs('Beginn'),
    timeEnd: instantMs('Ende'),
    priceEur: { type: 'number' },
    paymentProvider: { type: ['string', 'null'] },
    tenantName: { type: 'string' },
    events: ticketEventsSchema,
  },
};

/** What `public=true` answers of a booking: when it occupies, nothing about who. */
const publicBookingSlotSchema: JsonSchema = {
  type: 'object',
  description: 'Eine belegte Zeit ohne Angaben zur buchenden Person (öffentliche Belegung).',
  required: ['id', 'tenantId', 'timeBegin', 'timeEnd'],
  additionalProperties: false,
  properties: { id: { type: 'string', description: 'Buchungsnummer' }, tenantId: { type: 'string' }, timeBegin: instantMs('Beginn'), timeEnd: instantMs('Ende') },
};

const slotSchema: JsonSchema = {
  type: 'object',
  required: ['bookableId', 'title', 'timeBegin', 'timeEnd'],
  properties: { bookableId: { type: 'string' }, title: { type: 'string' }, timeBegin: { type: 'integer' }, timeEnd: { type: 'integer' } },
};

const roomScheduleSchema: JsonSchema = {
  type: 'object',
  required: ['bookableId', 'title', 'slots'],
  properties: {
    bookableId: { type: 'string' },
    title: { type: 'string', description: 'Öffentlicher Titel des Objekts' },
    slots: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bookingId', 'bookableId', 'title', 'timeBegin', 'timeEnd', 'status'],
        properties: {
          bookingId: { type: 'string', description: 'Buchungsnummer' },
          bookableId: { type: 'string', description: 'Das gebuchte Objekt (das angefragte oder eines seiner abhängigen)' },
          title: { type: 'string' },
          timeBegin: { type: 'integer', description: 'Millisekunden seit 1970' },
          timeEnd: { type: 'integer', description: 'Millisekunden seit 1970' },
          status: { type: 'string', enum: ['PENDING', 'CONFIRMED'] },
        },
      },
    },
  },
};

const historySchema: JsonSchema = {
  type: 'object',
  required: ['entries', 'nextCursor'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' }, action: { type: 'string' }, actor: { type: 'object', additionalProperties: true }, via: { type: 'string' }, changes: { type: 'array' }, reason: { type: ['string', 'null'] } },
      },
    },
    nextCursor: { type: ['string', 'null'] },
  },
};

const reasonBody = { jsonSchema: { type: 'object', properties: { reason: { type: 'string', description: 'Begründung für die buchende Person' } } }, required: false };

const totalCount = { 'X-Total-Count': { description: 'Anzahl aller Treffer (über alle Seiten)', schema: { type: 'integer' } }, ...nextPageHeaders };

export const bookingApi: ApiDomain = {
  tag: { name: 'Buchungen', description: 'Buchungen lesen, anlegen, ändern, freigeben, ablehnen; Belegung und Buchen über den Checkout.' },
  source: 'server/src/bookings/booking.openapi.ts',
  webhooks: bookingWebhooks,
  schemas: { Booking: bookingSchema, BookingWebhook: bookingWebhookSchema, BookingDeletedWebhook: bookingDeletedWebhookSchema, CheckoutResult: checkoutResultSchema, BookingSeries: bookingSeriesSchema, BookingSeriesChange: seriesChangeSchema, PublicBookingSlot: publicBookingSlotSchema, PublicBookingStatus: publicBookingStatusSchema, PaymentReturnStatus: paymentReturnStatusSchema, OccupancySlot: slotSchema, RoomSchedule: roomScheduleSchema, BookingHistoryPage: historySchema },
  operations: [
    {
      method: 'get',
      path: '/api/{tenantId}/bookings',
      summary: 'Buchungen des Mandanten (Verwaltung) oder öffentliche Belegung',
      description:
        'Neueste zuerst oder nach `sort`, seitenweise (`limit` 1–500, Standard 50; `offset` oder `cursor` aus `X-Next-Cursor`); `X-Total-Count` nennt alle Treffer. Mit `public=true` stattdessen die öffentlichen Belegungszeiten im Zeitfenster `from`/`to` (ohne Anmeldung; id, Mandant und Zeiten).',
      access: 'optional',
      query: {
        schema: bookingListQuerySchema,
        fields: listQueryFields,
        extra: { public: f.flag('Öffentliche Belegung statt der Buchungsliste'), populate: f.flag('`_populated` mit Objekt, Tafelstatus und Veranstaltungen anhängen') },
        example: { status: 'PENDING', search: 'Müler Saal', sort: 'CUSTOMER_ASC', from: '2026-12-01T00:00:00Z', to: '2027-01-01T00:00:00Z', limit: '20' },
      },
      answers: {
        200: {
          description: 'Die Buchungen der Seite; mit `public=true` nur die belegten Zeiten (`PublicBookingSlot`).',
          schema: { type: 'array', items: { anyOf: [ref('Booking'), ref('PublicBookingSlot')] } },
          example: [bookingExample],
          headers: totalCount,
        },
      },
      // The list (without `public`) needs a caller who may read bookings.
      problems: [401, 403],
    },
    {
      method: 'put',
      path: '/api/{tenantId}/bookings',
      summary: 'Buchung anlegen (ohne bestehende id) oder ändern',
      description: 'Antwortet die gespeicherte Buchung: 200 beim Anlegen, 201 beim Ändern (wie die ursprüngliche API). Eine Änderung behält jedes nicht gesendete Feld.',
      access: 'signedIn',
      body: {
        input: {
          schema: bookingEditSchema,
          fields: {
            id: f.id('Buchungsnummer einer bestehenden Buchung; leer legt an'),
            bookableItems: bookingItemsField('Gebuchte Objekte', { userGrossPriceEur: f.number('Bruttopreis je Einheit von Hand; leer berechnet ihn') }),
            timeBegin: f.instant('Beginn'),
            timeEnd: f.instant('Ende'),
            assignedUserId: { description: 'Zugeordnete Person (E-Mail) oder null', type: ['string', 'null'] },
            isCommitted: f.bool('Freigegeben'),
            isPayed: f.bool('Bezahlt'),
            isRejected: f.bool('Abgelehnt'),
            paymentProvider: { description: 'Zahlungsanbieter', type: ['string', 'null'] },
            paymentMethod: { description: 'Zahlungsweise (bei Zahlung vor Ort)', type: ['string', 'null'] },
            ...customerFields,
          },
          omit: ['present'],
        },
        examples: {
          anlegen: {
            summary: 'Saalbuchung am Schalter anlegen',
            value: { bookableItems: [{ bookableId: 'grosser-saal', amount: 1 }], timeBegin: exampleBegin, timeEnd: exampleEnd, name: 'Erika Mustermann', mail: 'erika.mustermann@example.de', isCommitted: true },
          },
          bezahlt: { summary: 'Als bar bezahlt markieren', value: { id: 'R-2026-0042', bookableItems: [{ bookableId: 'grosser-saal', amount: 1 }], isPayed: true, paymentMethod: 'CASH' } },
        },
      },
      answers: { 200: { description: 'Angelegt.', schema: ref('Booking'), example: bookingExample }, 201: { description: 'Geändert.', schema: ref('Booking') } },
      problems: [409],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/mybookings',
      summary: 'Eigene Buchungen',
      access: 'signedIn',
      query: { schema: bookingPageQuerySchema, fields: pageQueryFields, extra: { populate: f.flag('`_populated` anhängen') } },
      answers: { 200: { description: 'Die Buchungen, die der angemeldeten Person zugeordnet sind.', schema: { type: 'array', items: ref('Booking') }, headers: totalCount } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/status',
      summary: 'Status einer Buchung mit ihrem Status-Token (Websites)',
      description:
        'Der Checkout antwortet `statusToken` (`bst_…`); damit liest eine Website den Status, ohne Namen und unabhängig von der öffentlichen Statusseite des Mandanten. Der Token steht im Header, damit er nicht in Adressen und Protokollen landet. Falsche Tokens zählen als Rateversuche, begrenzt je API-Schlüssel, wenn die Anfrage einen trägt, sonst je Adresse.',
      access: 'public',
      parameters: [{ name: 'X-Status-Token', in: 'header', required: true, description: 'Der `statusToken` aus der Antwort des Checkouts', schema: { type: 'string' }, example: 'bst_Qm9va2luZ3N0YXR1cy1iZWlzcGllbC10b2tlbi0xMjM0NTY3' }],
      answers: { 200: { description: 'Der öffentliche Status.', schema: ref('PublicBookingStatus') } },
      problems: [404, 429],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}',
      summary: 'Eine Buchung',
      access: 'signedIn',
      answers: { 200: { description: 'Die Buchung mit `_populated`.', schema: ref('Booking'), example: bookingExample } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/series/{id}',
      summary: 'Eine Serie von Buchungen',
      description: 'Die Regel und die Buchungen der Serie, früheste zuerst (die der Angemeldete lesen darf).',
      access: 'signedIn',
      answers: { 200: { description: 'Die Serie.', schema: ref('BookingSeries') } },
    },
    {
      method: 'post',
      path: '/api/{tenantId}/series/{id}/cancel',
      summary: 'Termine einer Serie stornieren',
      description:
        '`FOLLOWING` storniert den Termin `fromBookingId` (eine Buchungsnummer der Serie) und alle späteren, `ALL` alle Termine; bereits stornierte und begonnene Termine bleiben, wie sie sind. Jeder Termin wird wie mit `POST …/bookings/{id}/reject` abgelehnt oder storniert, alle in einer Transaktion; die buchende Person erhält eine E-Mail mit allen stornierten Terminen.',
      access: 'signedIn',
      body: {
        input: {
          schema: seriesCancelSchema,
          fields: {
            scope: { description: '`FOLLOWING`: ab dem Termin `fromBookingId`; `ALL`: alle Termine', type: 'string', enum: [...seriesScopes] },
            fromBookingId: f.text('Buchungsnummer des ersten zu stornierenden Termins (bei `FOLLOWING`)'),
            reason: f.text('Hinweis zur Stornierung für die buchende Person'),
          },
        },
        examples: { ab: { summary: 'Ab dem dritten Termin', value: { scope: 'FOLLOWING', fromBookingId: 'AB12-CD34', reason: 'Die Halle wird saniert.' } }, alle: { summary: 'Alle Termine', value: { scope: 'ALL' } } },
      },
      answers: { 200: { description: 'Die Serie mit den Terminen danach.', schema: ref('BookingSeries') } },
    },
    {
      method: 'post',
      path: '/api/{tenantId}/series/{id}/change',
      summary: 'Eine Serie ab einem Termin ändern',
      description:
        'Ab dem Termin `fromBookingId` folgen die Termine der neuen Regel ab dem neuen ersten Termin (`timeBegin`, `timeEnd`), alles in einer Transaktion: Termine, die die Regel zur selben Zeit nennt, bleiben; die übrigen werden wie mit `POST …/bookings/{id}/reject` storniert; dann wird jeder neue Termin wie der einer neuen Serie geprüft und die freien werden mit den Objekten, Kontaktdaten und der Zahlungsart des geänderten Termins in die Serie gebucht. Frühere Termine bleiben. Mit `simulate=true` dieselbe Antwort, ohne etwas zu ändern. Die buchende Person erhält eine E-Mail mit den Terminen ab der Änderung.',
      access: 'signedIn',
      parameters: [{ name: 'simulate', in: 'query', description: 'Nur prüfen, nichts ändern (`true`)', schema: { type: 'string', enum: ['true', 'false'] } }],
      body: {
        input: {
          schema: seriesChangeInputSchema,
          fields: {
            fromBookingId: f.text('Buchungsnummer des ersten Termins, der sich ändert'),
            timeBegin: f.instant('Beginn des ersten geänderten Termins'),
            timeEnd: f.instant('Ende des ersten geänderten Termins'),
            series: { ...seriesRuleField, type: 'object', description: 'Die Regel ab dem ersten geänderten Termin' },
            reason: f.text('Hinweis zur Änderung für die buchende Person'),
          },
        },
        examples: { donnerstags: { summary: 'Ab einem Termin donnerstags statt dienstags', value: { fromBookingId: 'AB12-CD34', timeBegin: '2027-11-18T17:00:00.000Z', timeEnd: '2027-11-18T19:00:00.000Z', series: { frequency: 'WEEKLY', weekdays: ['TH'], until: '2028-06-29' }, reason: 'Die Halle ist dienstags belegt.' } } },
      },
      answers: { 200: { description: 'Was die Änderung tat (mit `simulate`: täte).', schema: ref('BookingSeriesChange') } },
      problems: [409],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/series/{id}/commit',
      summary: 'Alle offenen Termine einer Serie freigeben',
      description: 'Jeder noch nicht freigegebene Termin wird wie mit `POST …/bookings/{id}/commit` freigegeben, alle in einer Transaktion; die buchende Person erhält eine E-Mail mit allen freigegebenen Terminen.',
      access: 'signedIn',
      answers: { 200: { description: 'Die Serie mit den Terminen danach.', schema: ref('BookingSeries') } },
      problems: [409],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/series/{id}/paid',
      summary: 'Eine Serie als bezahlt markieren',
      description:
        'Erfasst die Zahlung einer ganzen Serie, die außerhalb der Plattform eingegangen ist (bar, Überweisung …): Jeder Termin mit einem Betrag, der weder bezahlt noch storniert oder abgelehnt ist, wird wie mit der Mutation `markBookingPaid` als bezahlt markiert, alle in einer Transaktion. Die buchende Person erhält einen Zahlungsbeleg der Serie mit allen bezahlten freigegebenen Terminen in einer E-Mail; noch nicht freigegebene Termine erhalten ihren Beleg mit der Freigabe. Bereits bezahlte Termine bleiben, wie sie sind: ein zweiter Aufruf ändert nichts und stellt keinen weiteren Beleg aus. Hat kein Termin einen Betrag zu bezahlen, antwortet der Aufruf mit 409 (`booking.series-nothing-to-pay`) und ändert nichts.',
      access: 'signedIn',
      body: {
        input: { schema: markPaidSchema, fields: { paymentMethod: { type: 'string', enum: [...paymentMethods], description: 'Wie die Zahlung einging (CASH, TRANSFER, …)' } } },
        examples: { bar: { summary: 'Bar bezahlt', value: { paymentMethod: 'CASH' } } },
      },
      answers: { 200: { description: 'Die Serie mit den Terminen danach.', schema: ref('BookingSeries') } },
      problems: [409],
    },
    {
      method: 'delete',
      path: '/api/{tenantId}/bookings/{id}',
      summary: 'Buchung löschen',
      access: 'signedIn',
      answers: { 200: okText },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/history',
      summary: 'Verlauf einer Buchung',
      description: 'Neueste Einträge zuerst; auch für gelöschte Buchungen (letzter Eintrag `deleted`).',
      access: 'signedIn',
      query: { schema: bookingHistoryQuerySchema, fields: historyFields, example: { first: '20' } },
      answers: { 200: { description: 'Eine Seite des Verlaufs.', schema: ref('BookingHistoryPage') } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/status',
      summary: 'Zahlungs- und Freigabestatus (Rückkehr vom Zahlungsanbieter)',
      access: 'public',
      answers: { 200: { description: 'Der Status für die Rückkehrseite der Zahlung.', schema: ref('PaymentReturnStatus') } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/status/public',
      summary: 'Öffentlicher Status mit Buchungsnummer und Nachname',
      access: 'public',
      parameters: [{ name: 'lastname', in: 'query', required: true, description: 'Nachname der buchenden Person', schema: { type: 'string' }, example: 'Mustermann' }],
      answers: { 200: { description: 'Der öffentliche Status.', schema: ref('PublicBookingStatus') } },
      problems: [405, 429],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/verify-ownership',
      summary: 'Prüfen, ob ein Name zur Buchung gehört',
      access: 'public',
      parameters: [{ name: 'name', in: 'query', required: true, description: 'Name der buchenden Person', schema: { type: 'string' } }],
      answers: { 200: okText },
      problems: [429],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/commit',
      summary: 'Buchung freigeben (nur aus den Seiten der Plattform)',
      description: 'Für Clients der ursprünglichen API; Skripte verwenden `POST`.',
      access: 'signedIn',
      deprecated: true,
      answers: { 200: okText },
    },
    { method: 'post', path: '/api/{tenantId}/bookings/{id}/commit', summary: 'Buchung freigeben', access: 'signedIn', answers: { 200: okText }, problems: [409] },
    { method: 'post', path: '/api/{tenantId}/bookings/{id}/reject', summary: 'Buchung ablehnen oder stornieren', access: 'signedIn', body: reasonBody, answers: { 200: okText } },
    {
      method: 'post',
      path: '/api/{tenantId}/bookings/{id}/request-reject',
      summary: 'Stornierung anfragen (buchende Person)',
      description: 'Verschickt einen Bestätigungslink an die E-Mail-Adresse der Buchung.',
      access: 'public',
      body: reasonBody,
      answers: { 201: { description: 'Angefragt.', schema: { type: 'string', example: 'Created' }, contentType: 'text/plain' } },
      problems: [429],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookings/{id}/hooks/{hookId}/release',
      summary: 'Alter Bestätigungslink: leitet zur Bestätigungsseite',
      description: 'Ändert nichts (E-Mail-Scanner öffnen Links); die Seite bestätigt mit `POST`.',
      access: 'public',
      deprecated: true,
      answers: { 303: { description: 'Weiterleitung zur Bestätigungsseite.' } },
    },
    {
      method: 'post',
      path: '/api/{tenantId}/bookings/{id}/hooks/{hookId}/release',
      summary: 'Stornierung über den Bestätigungslink ausführen',
      description: 'Ohne Body storniert sie die Buchung. Bei einem Termin einer Serie storniert `withFollowingDates: true` auch alle späteren Termine der Serie (die noch nicht storniert sind und nicht begonnen haben), mit einer E-Mail für alle.',
      access: 'public',
      body: {
        input: { schema: confirmCancellationSchema, fields: { withFollowingDates: { description: 'Auch die folgenden Termine der Serie stornieren', type: 'boolean' } } },
        examples: { serie: { summary: 'Diesen und alle folgenden Termine stornieren', value: { withFollowingDates: true } } },
      },
      answers: { 200: okText },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/calendar/occupancy',
      summary: 'Belegungskalender',
      description: 'Belegte Zeiten der gewählten Objekte im Zeitfenster, ohne persönliche Daten (Raumanzeigen, Preset `OCCUPANCY_READ`).',
      access: 'public',
      query: {
        schema: occupancyQuerySchema,
        fields: { ...timeWindowFields, ids: { description: 'Objekte, kommagetrennt oder wiederholt; ohne Angabe alle', type: 'string' } },
        example: { ids: 'grosser-saal,kleiner-saal', from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' },
      },
      answers: {
        200: {
          description: 'Die belegten Zeiten.',
          schema: { type: 'array', items: ref('OccupancySlot') },
          example: [{ bookableId: 'grosser-saal', title: 'Großer Saal', timeBegin: Date.parse(exampleBegin), timeEnd: Date.parse(exampleEnd) }],
        },
      },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/calendar/schedule',
      summary: 'Raumplan ohne persönliche Daten (Raumanzeigen)',
      description: `Je Objekt die belegten Zeiten im Zeitfenster mit Status (\`PENDING\` angefragt, \`CONFIRMED\` freigegeben), früheste zuerst, ohne Namen, Kontaktdaten oder Preise; abgelehnte und stornierte Buchungen fehlen. Öffentliche Objekte für alle (auch Preset \`OCCUPANCY_READ\`), andere nur für Mitarbeitende, die Buchungen lesen; ein anderes oder unbekanntes Objekt beantwortet die ganze Anfrage mit 404. Live-Änderungen: GraphQL-Abo \`roomScheduleChanged\`.`,
      access: 'optional',
      query: {
        schema: roomScheduleQuerySchema,
        fields: {
          ids: { description: `Objekte, kommagetrennt oder wiederholt, 1 bis ${MAX_SCHEDULE_OBJECTS}`, type: 'string' },
          from: f.instant('Beginn des Zeitfensters (Pflicht)'),
          to: f.instant(`Ende des Zeitfensters (Pflicht), höchstens ${MAX_SCHEDULE_DAYS} Tage nach dem Beginn`),
        },
        example: { ids: 'grosser-saal', from: '2026-12-12T00:00:00Z', to: '2026-12-13T00:00:00Z' },
      },
      answers: {
        200: {
          description: 'Die Objekte in der angefragten Reihenfolge mit ihren belegten Zeiten.',
          schema: { type: 'array', items: ref('RoomSchedule') },
          example: [
            {
              bookableId: 'grosser-saal',
              title: 'Großer Saal',
              slots: [{ bookingId: 'R-2026-0042', bookableId: 'grosser-saal', title: 'Großer Saal', timeBegin: Date.parse(exampleBegin), timeEnd: Date.parse(exampleEnd), status: 'CONFIRMED' }],
            },
          ],
        },
      },
      problems: [404],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookables/{id}/bookings',
      summary: 'Buchungen eines Objekts',
      description: 'Mit `public=true` nur die belegten Zeiten (öffentlich); sonst die Buchungen, die die anfragende Person lesen darf.',
      access: 'optional',
      query: {
        schema: bookableBookingsQuerySchema,
        fields: { ...timeWindowFields, related: f.flag('Mit abhängigen Objekten'), parent: f.flag('Mit dem übergeordneten Objekt'), public: f.flag('Nur öffentliche Belegung') },
        example: { public: 'true', from: '2026-12-01T00:00:00Z' },
      },
      answers: { 200: jsonObject('Die Buchungen oder die belegten Zeiten.', { type: 'array', items: { type: 'object', additionalProperties: true } }) },
      problems: [403],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/checkout',
      summary: 'Buchen (Checkout)',
      description:
        'Legt eine Buchung an, wie die Buchungsseite (Preset `WEBSITE_BOOKING` für Websites). Mit `simulate=true` nur Preis und Prüfung, ohne zu speichern. Eine Wiederholung mit demselben `Idempotency-Key` antwortet die zuerst angelegte Buchung. Pflicht sind Name und E-Mail-Adresse sowie die Felder, die die gebuchten Objekte verlangen (400 nennt jedes fehlende).',
      access: 'optional',
      parameters: [
        { name: 'simulate', in: 'query', description: 'Nur berechnen, nicht speichern (`true` oder `1`)', schema: { type: 'string', enum: ['true', '1', 'false', '0'] } },
        { name: 'Idempotency-Key', in: 'header', description: 'Beliebiger eindeutiger Schlüssel je Buchungsversuch', schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH }, example: '4f7d1c2e-buchung-42' },
      ],
      body: {
        input: {
          schema: checkoutSchema,
          fields: {
            bookableItems: bookingItemsField('Gebuchte Objekte (mindestens eines, jedes höchstens einmal)'),
            timeBegin: f.instant('Beginn (bei Objekten mit Zeiten)'),
            timeEnd: f.instant('Ende'),
            couponCode: { description: 'Gutscheincode' },
            attachmentStatus: {
              description: 'Zustimmung zu jedem Dokument der Objekte',
              type: 'array',
              items: { type: 'object', properties: { id: { type: 'string' }, accepted: { type: 'boolean' } } },
            },
            paymentProvider: { description: 'Zahlungsanbieter des Mandanten (z. B. `invoice`)', type: ['string', 'null'] },
            series: { ...seriesRuleField, description: 'Den Zeitraum regelmäßig buchen: eine Buchung je freiem Termin, als Serie verbunden (höchstens 200 Termine in zwei Jahren; bezahlt per Rechnung). Mit `requireAll` wird nur gebucht, wenn jeder Termin frei ist.' },
            ...customerFields,
          },
        },
        examples: { saal: { summary: 'Großen Saal für eine Versammlung buchen', value: checkoutExample } },
      },
      answers: {
        200: {
          description: 'Die angelegte Buchung (oder mit `simulate` die Vorschau) mit `statusToken` (`bst_…`, nur in dieser Antwort; ohne bei `simulate`), mit dem `GET /api/{tenantId}/bookings/status` den Status liest.',
          schema: ref('CheckoutResult'),
          example: { ...bookingExample, statusToken: 'bst_Qm9va2luZ3N0YXR1cy1iZWlzcGllbC10b2tlbi0xMjM0NTY3' },
        },
      },
      problems: [409, 422, 429],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/checkout/validateItem',
      summary: 'Ein Objekt prüfen und seinen Preis berechnen',
      access: 'optional',
      body: {
        // The schema wraps the flat body into a checkout's item list before zod sees it: the body's own shape by hand.
        input: { schema: checkoutItemSchema },
        jsonSchema: {
          type: 'object',
          required: ['bookableId'],
          properties: {
            bookableId: f.id('Kennung des Objekts'),
            amount: { description: 'Anzahl (Standard 1)', oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^\\d+$' }] },
            timeBegin: f.instant('Beginn'),
            timeEnd: f.instant('Ende'),
            couponCode: { description: 'Gutscheincode; ein falscher bedeutet nur keinen Rabatt', type: ['string', 'null'] },
          },
        },
        examples: { saal: { summary: 'Großer Saal, zwei Stunden', value: { bookableId: 'grosser-saal', amount: 1, timeBegin: exampleBegin, timeEnd: exampleEnd } } },
      },
      answers: { 200: jsonObject('Preis und Prüfergebnis des Objekts.') },
      // The same refusals as the checkout for this object (not bookable, capacity, in the past…).
      problems: [409],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/checkout/permissions/{id}',
      summary: 'Darf die anfragende Person dieses Objekt buchen?',
      description: '200 wenn ja, 401 für Gäste, 403 für Angemeldete, die die Sichtbarkeitslisten nicht nennen.',
      access: 'optional',
      answers: { 200: okText },
      problems: [401, 403],
    },
    {
      method: 'get',
      path: '/csv/{tenantId}/bookings',
      summary: 'Buchungsliste als CSV',
      description: 'Dieselben Filter wie die Buchungsliste; `lastChange=true` fügt den neuesten Verlaufseintrag jeder Buchung an.',
      access: 'signedIn',
      query: {
        schema: bookingListQuerySchema,
        fields: listQueryFields,
        // parsed beside the list's query.
        extra: { lastChange: f.flag('Neuesten Verlaufseintrag anfügen') },
      },
      answers: { 200: { description: 'CSV (Semikolon, UTF-8 mit BOM).', schema: { type: 'string' }, contentType: 'text/csv' } },
    },
  ],
};
