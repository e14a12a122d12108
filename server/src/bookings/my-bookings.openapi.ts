/** "Meine Buchungen" for the OpenAPI document (my-bookings.routes.ts). */
import { myBookingPageBounds, myBookingPeriods, myBookingsQuerySchema } from '../../../common/bookings/my-bookings.schema.js';
import { nextPageHeaders } from '../shared/openapi/list-paging.js';
import { fieldSchemas as f, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const instant = (description: string, nullable = false): JsonSchema => ({ description, type: nullable ? ['string', 'null'] : 'string', format: 'date-time' });

const myBookingSchema: JsonSchema = {
  type: 'object',
  description: 'Eine eigene Buchung der angemeldeten Person, in einem beliebigen Mandanten.',
  required: ['tenantId', 'tenantName', 'id', 'createdAt', 'timeBegin', 'timeEnd', 'objects', 'priceEur', 'state', 'isPayed', 'paidAt', 'paymentMethod', 'paymentProvider', 'documents', 'mayPay'],
  properties: {
    tenantId: { type: 'string' },
    tenantName: { type: 'string' },
    id: { type: 'string', description: 'Buchungsnummer' },
    createdAt: instant('Angelegt'),
    timeBegin: instant('Beginn; bei Eintrittskarten der der Veranstaltung', true),
    timeEnd: instant('Ende', true),
    objects: { type: 'array', items: { type: 'object', required: ['title', 'amount'], properties: { title: { type: 'string' }, amount: { type: 'integer' } } } },
    priceEur: { type: 'number', description: 'Brutto in Euro' },
    state: { type: 'string', enum: ['PENDING', 'RELEASED', 'REJECTED', 'CANCELLED'], description: 'Wartet auf Freigabe, freigegeben, abgelehnt (vor der Freigabe), storniert (danach)' },
    isPayed: { type: 'boolean' },
    paidAt: instant('Bezahlt am', true),
    paymentMethod: { type: 'string', description: 'Wie bezahlt wurde (CASH, TRANSFER, …); leer, solange unbekannt' },
    paymentProvider: { type: ['string', 'null'], description: 'Beim Buchen gewählte Zahlungsart (invoice, testPayment, giroCockpit, pmPayment)' },
    documents: {
      type: 'array',
      description: 'Zahlungsbelege und Rechnungen, älteste zuerst',
      items: {
        type: 'object',
        required: ['id', 'kind', 'number', 'createdAt', 'downloadUrl'],
        properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['receipt', 'invoice'] }, number: { type: 'string' }, createdAt: instant('Ausgestellt'), downloadUrl: { type: 'string', description: 'Das PDF (mit der Sitzung der Person)' } },
      },
    },
    mayPay: { type: 'boolean', description: 'Freigegeben, offen, mit Betrag und online gewählter Zahlung: `POST /api/{tenantId}/payments` `{ bookingId }` startet sie' },
  },
};

export const myBookingApi: ApiDomain = {
  tag: { name: 'Meine Buchungen', description: 'Die eigenen Buchungen der angemeldeten Person über alle Mandanten.' },
  source: 'server/src/bookings/my-bookings.openapi.ts',
  schemas: { MyBooking: myBookingSchema },
  operations: [
    {
      method: 'get',
      path: '/api/account/bookings',
      summary: 'Meine Buchungen über alle Mandanten',
      description:
        'Die Buchungen, die dem Konto zugeordnet sind (angemeldet gebucht oder von Mitarbeitenden zugeordnet): `UPCOMING` die noch nicht vorbei sind, früheste zuerst; `PAST` die vorbei sind, letzte zuerst. Seitenweise; die nächste Seite steht in `X-Next-Cursor` und `Link`. API-Tokens haben kein eigenes Konto und werden abgewiesen.',
      access: 'signedIn',
      query: {
        schema: myBookingsQuerySchema,
        fields: {
          period: { description: `Zeitraum, ${myBookingPeriods.join(' oder ')} (Standard UPCOMING; Groß- und Kleinschreibung egal)`, type: 'string' },
          limit: f.count(`Seitengröße, 1 bis ${myBookingPageBounds.maxSize} (Standard ${myBookingPageBounds.defaultSize})`),
          offset: f.count('Zu überspringende Buchungen (Standard 0); nicht zusammen mit `cursor`'),
          cursor: f.text('`X-Next-Cursor` der vorigen Seite (desselben Zeitraums)'),
        },
        example: { period: 'upcoming', limit: '20' },
      },
      answers: {
        200: {
          description: 'Die Buchungen der Seite.',
          schema: { type: 'array', items: ref('MyBooking') },
          headers: nextPageHeaders('Buchungen'),
        },
      },
    },
  ],
};
