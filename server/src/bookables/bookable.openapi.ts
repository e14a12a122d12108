/** The bookable objects' REST operations for the OpenAPI document (bookable.routes.ts). */
import { bookableSchema, singlePriceCategories } from '../../../common/bookables/bookable.schema.js';
import { bookableTypes, priceTypes } from '../../../common/bookables/bookable.model.js';
import { WHOLE_LIST_CAP } from '../../../common/validation/paging.js';
import { pagedListHeaders, pagedListQuery } from '../shared/openapi/list-paging.js';
import { anyJson, fieldSchemas as f, jsonList, okText, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const textList = (description: string): JsonSchema => ({ description, type: 'array', items: { type: 'string' } });

/** What `PUT bookables` reads: the bookable schema (for a new object) and the original product's single price. */
export const bookableBodySchema = () => bookableSchema(null);

const bookableRecord: JsonSchema = {
  type: 'object',
  description: 'Ein buchbares Objekt (Veranstaltungsort, Raum, Ressource, Ticket).',
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    type: { type: 'string', enum: [...bookableTypes] },
    title: { type: 'string' },
    description: { type: 'string' },
    isPublic: { type: 'boolean' },
    isBookable: { type: 'boolean' },
    allowSeries: { type: 'boolean', description: 'Die Öffentlichkeit darf Serien buchen (Mitarbeitende immer)' },
    priceEur: { type: ['number', 'null'], description: 'Einzelpreis (netto), solange die Preise in diese Form passen' },
    cancellationPolicy: ref('CancellationPolicy'),
    priceCategory: { type: ['string', 'null'], enum: [...singlePriceCategories, null] },
  },
};

/** "Stornobedingungen" (docs/bookings.md, "Cancellation policy and refunds"). */
export const cancellationPolicyJson: JsonSchema = {
  type: 'object',
  description: 'Stornobedingungen: ob Bürgerinnen und Bürger selbst stornieren dürfen, die Erstattungsstufen und die Bearbeitungsgebühr.',
  required: ['citizenMayCancel', 'tiers', 'feeEur'],
  properties: {
    citizenMayCancel: { type: 'boolean', description: 'Bürger dürfen selbst stornieren (sonst eine Stornierungsanfrage an die Verwaltung)' },
    tiers: {
      type: 'array',
      description: 'Erstattungsstufen, die mit den meisten Tagen zuerst',
      items: {
        type: 'object',
        required: ['daysBefore', 'refundPercent'],
        properties: {
          daysBefore: { type: 'integer', minimum: 0, maximum: 3650, description: 'bis so viele Kalendertage (Europe/Berlin) vor Beginn' },
          refundPercent: { type: 'integer', minimum: 0, maximum: 100, description: 'Erstattung in Prozent des Gezahlten' },
        },
      },
    },
    feeEur: { type: 'number', minimum: 0, description: 'Bearbeitungsgebühr in Euro, von jeder Erstattung einbehalten' },
  },
};

/** The policy as a write sends it: every field may be left out (the default: citizens may not cancel themselves). */
const { required: _policyRequired, ...cancellationPolicyInputJson } = cancellationPolicyJson;

const populate = { name: 'populate', in: 'query' as const, description: '`true`: `_populated` mit Veranstaltung und abhängigen Objekten', schema: { type: 'string', enum: ['true', 'false'] } };

export const bookableApi: ApiDomain = {
  tag: { name: 'Objekte', description: 'Buchbare Objekte: Veranstaltungsorte, Räume, Ressourcen, Tickets.' },
  source: 'server/src/bookables/bookable.openapi.ts',
  schemas: { Bookable: bookableRecord, CancellationPolicy: cancellationPolicyJson },
  operations: [
    {
      method: 'get',
      path: '/api/{tenantId}/bookables',
      summary: 'Objekte des Mandanten (Verwaltung)',
      description: `Die Objekte, die die Person lesen darf, in der Reihenfolge ihrer Anlage, seitenweise (ohne \`limit\` die ersten ${WHOLE_LIST_CAP}); die nächste Seite steht in \`X-Next-Cursor\` und \`Link\`.`,
      access: 'signedIn',
      query: pagedListQuery('Titel oder Ort', 'diesem Objekt'),
      parameters: [
        populate,
        { name: 'type', in: 'query', description: 'Nur diese Art', schema: { type: 'string', enum: [...bookableTypes] } },
        { name: 'tags', in: 'query', description: 'Schlagwörter, kommagetrennt', schema: { type: 'string' } },
      ],
      answers: { 200: { description: 'Die Objekte der Seite.', schema: { type: 'array', items: ref('Bookable') }, headers: pagedListHeaders('Objekten') } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/bookables/public',
      summary: 'Öffentliche Objekte',
      description: `Nur öffentliche Objekte, eingeschränkt durch ihre Sichtbarkeitslisten; in der Reihenfolge ihrer Anlage aus den ersten ${WHOLE_LIST_CAP} Objekten des Mandanten.`,
      access: 'optional',
      parameters: [populate, { name: 'type', in: 'query', description: 'Nur diese Art', schema: { type: 'string', enum: [...bookableTypes] } }],
      answers: { 200: jsonList('Die Objekte (öffentliche Felder).', ref('Bookable')) },
    },
    { method: 'get', path: '/api/{tenantId}/bookables/public/{id}', summary: 'Ein öffentliches Objekt', access: 'optional', parameters: [populate], answers: { 200: { description: 'Das Objekt.', schema: ref('Bookable') } } },
    { method: 'get', path: '/api/{tenantId}/bookables/_meta/tags', summary: 'Schlagwörter der Objekte', access: 'signedIn', answers: { 200: jsonList('Die Schlagwörter.', { type: 'string' }) } },
    {
      method: 'get',
      path: '/api/{tenantId}/bookables/_meta/picker-options',
      summary: 'Auswahllisten des Objektformulars',
      description: 'Die Rollen des Mandanten und von seinen Personen die ersten 50 nach Namen, die zur Suche `userSearch` passen (`moreUsers`: weitere passen), dazu die in `userIds` genannten.',
      access: 'signedIn',
      parameters: [
        { name: 'userSearch', in: 'query', description: 'Suchwörter: jedes muss in E-Mail-Adresse, Vor- oder Nachname vorkommen', schema: { type: 'string' } },
        { name: 'userIds', in: 'query', description: 'E-Mail-Adressen, kommagetrennt, die unabhängig von der Suche dabei sind (die gewählten)', schema: { type: 'string' } },
      ],
      answers: { 200: anyJson('Rollen und Personen für die Auswahlfelder: `{ users, moreUsers, roles }`.') },
    },
    { method: 'get', path: '/api/{tenantId}/bookables/count/check', summary: 'Darf ein weiteres öffentliches Objekt angelegt werden?', access: 'signedIn', answers: { 200: jsonObjectBoolean() } },
    { method: 'get', path: '/api/{tenantId}/bookables/{id}', summary: 'Ein Objekt (Verwaltung)', access: 'signedIn', parameters: [populate], answers: { 200: { description: 'Das Objekt.', schema: ref('Bookable') } } },
    {
      method: 'put',
      path: '/api/{tenantId}/bookables',
      summary: 'Objekt anlegen (ohne `id`) oder ändern',
      description:
        'Eine Änderung überlagert den gespeicherten Stand mit den gesendeten Feldern. Statt Preiskategorien darf der Einzelpreis der ursprünglichen API stehen (`priceEur`, `priceCategory`).',
      access: 'signedIn',
      body: {
        input: {
          schema: bookableBodySchema(),
          fields: {
            type: { description: 'Art des Objekts', type: 'string', enum: [...bookableTypes] },
            title: { description: 'Titel' },
            description: f.text('Beschreibung (HTML)'),
            location: f.text('Ort'),
            imgUrl: f.text('Bild'),
            tags: textList('Schlagwörter'),
            flags: textList('Merkmale'),
            parent: f.id('Übergeordnetes Objekt'),
            eventId: f.id('Veranstaltung (nur Tickets)'),
            priceType: { description: 'Preisart', type: 'string', enum: [...priceTypes] },
            priceValueAddedTax: f.number('Umsatzsteuer in Prozent'),
            amount: f.number('Verfügbare Anzahl; leer: unbegrenzt'),
            priceCategories: { description: 'Preiskategorien', type: 'array', items: { type: 'object', additionalProperties: true } },
            isBookable: f.bool('Buchbar'),
            isPublic: f.bool('Öffentlich'),
            autoCommitBooking: f.bool('Buchungen sofort freigeben'),
            allowSeries: f.bool('Regelmäßige Buchungen (Serien) durch die Öffentlichkeit erlauben'),
            permittedUsers: textList('Nur diese Personen dürfen buchen'),
            permittedRoles: textList('Nur diese Rollen dürfen buchen'),
            requiredFields: textList('Pflichtfelder der Buchung'),
            cancellationPolicy: cancellationPolicyInputJson,
          },
          extra: {
            id: f.id('Kennung eines bestehenden Objekts'),
            priceEur: f.number('Einzelpreis netto je Einheit (ursprüngliche API)'),
            priceCategory: { description: 'Preisart des Einzelpreises', type: 'string', enum: [...singlePriceCategories] },
          },
        },
        examples: {
          saal: {
            summary: 'Großer Saal des Bürgerhauses',
            value: { type: 'room', title: 'Großer Saal', description: '<p>Bürgerhaus, Erdgeschoss, bis 120 Personen.</p>', location: 'Marktplatz 1, 12345 Musterstadt', isBookable: true, isPublic: true, priceType: 'per-hour', priceEur: '40,00', priceCategory: 'per-hour', tags: ['Bürgerhaus'] },
          },
        },
      },
      answers: { 201: { description: 'Das gespeicherte Objekt.', schema: ref('Bookable') } },
      problems: [409],
    },
    { method: 'post', path: '/api/{tenantId}/bookables/{id}/duplicate', summary: 'Objekt duplizieren', access: 'signedIn', answers: { 201: { description: 'Die Kopie.', schema: ref('Bookable') } }, problems: [409] },
    { method: 'delete', path: '/api/{tenantId}/bookables/{id}', summary: 'Objekt löschen', access: 'signedIn', answers: { 200: okText } },
    { method: 'get', path: '/api/{tenantId}/bookables/{id}/openingHours', summary: 'Öffnungszeiten eines Objekts', access: 'optional', answers: { 200: anyJson('Öffnungszeiten und besondere Öffnungszeiten.') } },
    {
      method: 'get',
      path: '/api/{tenantId}/bookables/{id}/availability',
      summary: 'Verfügbarkeit eines Objekts',
      access: 'optional',
      parameters: [
        { name: 'startDate', in: 'query', description: 'Beginn (ISO-Zeitpunkt)', schema: { type: 'string' }, example: '2026-12-12T11:00:00Z' },
        { name: 'endDate', in: 'query', description: 'Ende (ISO-Zeitpunkt)', schema: { type: 'string' }, example: '2026-12-12T13:00:00Z' },
        { name: 'amount', in: 'query', description: 'Gewünschte Anzahl (Standard 1)', schema: { type: 'string', pattern: '^\\d+$' } },
      ],
      answers: {
        200: {
          description: 'Das Zeitfenster in Abschnitten, jeder frei (`available`) oder nicht.',
          schema: {
            type: 'array',
            items: {
              type: 'object',
              required: ['timeBegin', 'timeEnd', 'available'],
              additionalProperties: false,
              properties: { timeBegin: { type: 'integer', description: 'Millisekunden seit 1970' }, timeEnd: { type: 'integer', description: 'Millisekunden seit 1970' }, available: { type: 'boolean' } },
            },
          },
        },
      },
    },
  ],
};

function jsonObjectBoolean() {
  return { description: 'Ja oder nein.', schema: { type: 'boolean' } };
}
