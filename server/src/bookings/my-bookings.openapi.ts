/** "Meine Buchungen" for the OpenAPI document (my-bookings.routes.ts). */
import { BOOKINGS_LINK_LIFETIME_HOURS, BOOKINGS_LINK_TOKEN_HEADER, bookingsLinkRequestSchema, myBookingPageBounds, myBookingPeriods, myBookingsQuerySchema } from '../../../common/bookings/my-bookings.schema.js';
import { nextPageHeaders } from '../shared/openapi/list-paging.js';
import { fieldSchemas as f, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const instant = (description: string, nullable = false): JsonSchema => ({ description, type: nullable ? ['string', 'null'] : 'string', format: 'date-time' });

const linkTokenHeader = (required: boolean) => ({
  name: BOOKINGS_LINK_TOKEN_HEADER,
  in: 'header' as const,
  required,
  description: `Das Token des per E-Mail gesandten Links (in dessen Adresse nach \`#\`, beginnt mit \`gbl_\`), ${BOOKINGS_LINK_LIFETIME_HOURS} Stunden gültig. Jeder Versuch zählt pro IP-Adresse wie ein geratenes Token; unbekannte, gefälschte und abgelaufene Tokens beantwortet \`my-bookings.link-invalid\` (404).`,
  schema: { type: 'string' },
});

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
        properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['receipt', 'invoice'] }, number: { type: 'string' }, createdAt: instant('Ausgestellt'), downloadUrl: { type: 'string', description: 'Das PDF: mit der Sitzung der Person, oder für Gäste mit dem Link-Token im Kopf `X-Bookings-Link-Token`' } },
      },
    },
    mayPay: { type: 'boolean', description: 'Freigegeben, offen, mit Betrag und online gewählter Zahlung: `POST /api/{tenantId}/payments` `{ bookingId }` startet sie' },
  },
};

export const myBookingApi: ApiDomain = {
  tag: { name: 'Meine Buchungen', description: 'Die eigenen Buchungen über alle Mandanten: der angemeldeten Person, oder eines Gastes über einen per E-Mail gesandten Link.' },
  source: 'server/src/bookings/my-bookings.openapi.ts',
  schemas: { MyBooking: myBookingSchema },
  operations: [
    {
      method: 'get',
      path: '/api/account/bookings',
      summary: 'Meine Buchungen über alle Mandanten',
      description:
        'Die Buchungen, die dem Konto zugeordnet sind (angemeldet gebucht, von Mitarbeitenden zugeordnet oder als Gast gebucht und übernommen); mit dem Token eines E-Mail-Links im Kopf `X-Bookings-Link-Token` statt einer Sitzung die Buchungen, die mit der Adresse des Links gemacht wurden (Groß- und Kleinschreibung egal), in allen Mandanten. `UPCOMING` die noch nicht vorbei sind, früheste zuerst; `PAST` die vorbei sind, letzte zuerst. Seitenweise; die nächste Seite steht in `X-Next-Cursor` und `Link`. API-Tokens haben kein eigenes Konto und werden abgewiesen; ohne Sitzung und ohne Link-Token 401.',
      access: 'optional',
      parameters: [linkTokenHeader(false)],
      problems: [401, 404, 429],
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
    {
      method: 'post',
      path: '/api/account/bookings/link',
      summary: 'Link zu den eigenen Buchungen anfordern (Gäste)',
      description: `Sendet einen Link an die Adresse, wenn in einem Mandanten eine Buchung mit ihr gemacht wurde; der Link zeigt diese Buchungen ${BOOKINGS_LINK_LIFETIME_HOURS} Stunden lang. Die Antwort ist für jede gültige Adresse dieselbe (202), ob sie Buchungen hat oder nicht; die E-Mail versendet ein Auftrag im Hintergrund. Anfragen werden pro IP-Adresse und pro E-Mail-Adresse gezählt (429 \`auth.rate-limited\` mit \`Retry-After\`).`,
      access: 'public',
      body: {
        input: { schema: bookingsLinkRequestSchema, fields: { mail: { type: 'string', format: 'email', description: 'Die Adresse, mit der gebucht wurde' } } },
        required: true,
        examples: { guest: { summary: 'Gast', value: { mail: 'gast@example.com' } } },
      },
      answers: { 202: { description: 'Angenommen; wenn zur Adresse Buchungen gehören, folgt eine E-Mail mit dem Link.', schema: { type: 'object', required: ['accepted'], properties: { accepted: { const: true } } } } },
      problems: [429],
    },
    {
      method: 'get',
      path: '/api/account/bookings/link/documents/{tenantId}/{number}/{documentId}',
      summary: 'Beleg einer Gastbuchung herunterladen',
      description: 'Ein Zahlungsbeleg oder eine Rechnung einer Buchung, die mit der Adresse des Links gemacht wurde (die `downloadUrl` der Liste mit Link-Token); jede andere Buchung ist nicht gefunden.',
      access: 'public',
      parameters: [linkTokenHeader(true)],
      answers: { 200: { description: 'PDF.', schema: { type: 'string', contentEncoding: 'binary' }, contentType: 'application/pdf' } },
      problems: [429],
    },
    {
      method: 'post',
      path: '/api/account/bookings/claim',
      summary: 'Als Gast gemachte Buchungen übernehmen',
      description:
        'Ordnet dem Konto die Buchungen zu, die mit seiner eigenen Adresse (Groß- und Kleinschreibung egal) als Gast gemacht wurden und noch keinem Konto gehören, in allen Mandanten; die Historie jeder Buchung nennt das Konto. Nur mit bestätigter Adresse (403 `my-bookings.address-unverified`).',
      access: 'personal',
      answers: { 200: { description: 'Wie viele Buchungen übernommen wurden.', schema: { type: 'object', required: ['claimed'], properties: { claimed: { type: 'integer', minimum: 0 } } } } },
    },
  ],
};
