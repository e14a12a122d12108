/** A citizen's own cancellation and the refunds, for the OpenAPI document (booking-cancellation.routes.ts). */
import { cancelMyBookingSchema, MAX_CANCELLATION_REASON } from '../../../common/bookings/cancellation.schema.js';
import { fieldSchemas as f, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const instant = (description: string, nullable = false): JsonSchema => ({ description, type: nullable ? ['string', 'null'] : 'string', format: 'date-time' });

const refundSchema: JsonSchema = {
  type: 'object',
  description: 'Eine Erstattung nach einer Stornierung durch die buchende Person: eine je Stornierung mit einem Betrag über 0.',
  required: ['id', 'tenantId', 'bookingId', 'amountCents', 'reason', 'way', 'online', 'state', 'failure', 'createdAt', 'completedAt', 'completedBy'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    bookingId: { type: 'string', description: 'Buchungsnummer' },
    amountCents: { type: 'integer', minimum: 1, description: 'Betrag in Cent' },
    reason: { type: 'string', description: 'Der Grund der Stornierung' },
    way: { type: 'string', description: 'Wie das Geld zurückgeht: der Anbieter, der online erstattet (testPayment), sonst wie bezahlt wurde (CASH, TRANSFER, invoice, …)' },
    online: { type: 'boolean', description: 'Online durch die Warteschlange erstattet; sonst erstattet die Verwaltung und schließt ab' },
    state: { type: 'string', enum: ['OPEN', 'COMPLETED', 'FAILED'] },
    failure: { type: ['string', 'null'], description: 'Warum der letzte Online-Versuch fehlschlug' },
    createdAt: instant('Angelegt'),
    completedAt: instant('Abgeschlossen', true),
    completedBy: { type: ['string', 'null'], description: 'Wer abgeschlossen hat (Mitarbeitende oder Anbieter)' },
  },
};

const tierSchema: JsonSchema = {
  type: 'object',
  required: ['daysBefore', 'refundPercent'],
  properties: { daysBefore: { type: 'integer', minimum: 0 }, refundPercent: { type: 'integer', minimum: 0, maximum: 100 } },
};

const cancellationSchema: JsonSchema = {
  type: 'object',
  description: 'Was die Stornierung ergab: storniert oder als Anfrage an die Verwaltung, mit der Erstattung.',
  required: ['outcome', 'simulated', 'booking', 'refund'],
  additionalProperties: false,
  properties: {
    outcome: { type: 'string', enum: ['CANCELLED', 'REQUESTED'], description: 'CANCELLED: sofort storniert; REQUESTED: die Verwaltung entscheidet, ein Bestätigungslink ging an die E-Mail-Adresse der Buchung' },
    simulated: { type: 'boolean', description: 'Nur angefragt (`simulate`): nichts wurde geändert' },
    booking: {
      type: 'object',
      required: ['tenantId', 'id', 'state', 'isPayed', 'priceEur', 'cancelledAt', 'refunds'],
      additionalProperties: false,
      properties: {
        tenantId: { type: 'string' },
        id: { type: 'string', description: 'Buchungsnummer' },
        state: { type: 'string', enum: ['PENDING', 'RELEASED', 'REJECTED', 'CANCELLED'] },
        isPayed: { type: 'boolean' },
        priceEur: { type: 'number' },
        cancelledAt: instant('Storniert am', true),
        refunds: { type: 'array', items: ref('BookingRefund') },
      },
    },
    refund: {
      type: 'object',
      required: ['staffDecides', 'staffReason', 'note', 'tier', 'daysBefore', 'paidCents', 'feeCents', 'refundCents', 'record'],
      additionalProperties: false,
      properties: {
        staffDecides: { type: 'boolean' },
        staffReason: { type: ['string', 'null'], enum: ['NOT_ALLOWED', 'BEGUN', 'NO_START', 'POLICIES_DIFFER', null], description: 'Warum die Verwaltung entscheidet' },
        note: { type: 'string', description: 'Die Antwort in einem deutschen Satz' },
        tier: { oneOf: [tierSchema, { type: 'null' }], description: 'Die angewandte Stufe; null, wenn keine greift oder die Verwaltung entscheidet' },
        daysBefore: { type: ['integer', 'null'], description: 'Kalendertage (Europe/Berlin) bis zum Beginn' },
        paidCents: { type: 'integer' },
        feeCents: { type: 'integer' },
        refundCents: { type: 'integer' },
        record: { oneOf: [ref('BookingRefund'), { type: 'null' }] },
      },
    },
  },
};

export const bookingCancellationApi: ApiDomain = {
  tag: { name: 'Stornierung und Erstattung', description: 'Buchende stornieren ihre Buchungen nach den Stornobedingungen der Objekte; die Verwaltung schließt Erstattungen ab.' },
  source: 'server/src/bookings/booking-cancellation.openapi.ts',
  schemas: { BookingRefund: refundSchema, BookingCancellation: cancellationSchema },
  operations: [
    {
      method: 'post',
      path: '/api/{tenantId}/bookings/{id}/cancel',
      summary: 'Eigene Buchung stornieren (buchende Person)',
      description:
        'Für das Konto, dem die Buchung gehört, oder mit dem Status-Schlüssel aus dem Checkout im Header `X-Status-Token`. Erlauben die Stornobedingungen der gebuchten Objekte die Selbststornierung und hat die Buchung nicht begonnen, wird sie sofort storniert (Plätze frei, Verlauf, E-Mail mit der Erstattung); eine Erstattung über 0 wird angelegt. Sonst wird daraus eine Stornierungsanfrage wie bisher (`outcome: REQUESTED`). `simulate: true` beantwortet nur die Erstattung und ändert nichts. Fremde Buchung oder falscher Schlüssel: 403 `BOOKING_NOT_YOURS`; schon storniert: 409 `BOOKING_ALREADY_CANCELLED`.',
      access: 'optional',
      parameters: [{ name: 'X-Status-Token', in: 'header', description: 'Der `statusToken` aus der Antwort des Checkouts (für Buchungen ohne Konto)', schema: { type: 'string' } }],
      body: {
        input: {
          schema: cancelMyBookingSchema,
          fields: { reason: { description: `Grund der Stornierung (höchstens ${MAX_CANCELLATION_REASON} Zeichen)`, type: 'string' }, simulate: f.bool('Nur die Erstattung erfragen, nichts ändern') },
        },
        required: false,
        examples: {
          vorschau: { summary: 'Was käme zurück?', value: { simulate: true } },
          stornieren: { summary: 'Stornieren', value: { reason: 'Wir sind verhindert.' } },
        },
      },
      answers: { 200: { description: 'Storniert, angefragt oder (simulate) nur beantwortet.', schema: ref('BookingCancellation') } },
      problems: [409, 429],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/refunds/{id}/complete',
      summary: 'Erstattung abschließen (Verwaltung)',
      description: 'Die Verwaltung hat das Geld zurückgezahlt (oder eine fehlgeschlagene Online-Erstattung von Hand erledigt); steht im Verlauf der Buchung. Recht: manageBookings update. Schon abgeschlossen: 409 `REFUND_ALREADY_COMPLETED`.',
      access: 'signedIn',
      answers: { 200: { description: 'Die abgeschlossene Erstattung.', schema: ref('BookingRefund') } },
      problems: [409],
    },
  ],
};
