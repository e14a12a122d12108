/** The events' REST operations for the OpenAPI document (event.routes.ts, event-csv.routes.ts). */
import { csvExportQuerySchema } from '../../../common/bookings/booking-query.schema.js';
import { eventSchema } from '../../../common/events/event.schema.js';
import type { WebhookEventType } from '../../../common/webhooks/webhook.js';
import { fieldSchemas as f, jsonList, okText, ref, type ApiDomain, type JsonSchema, type Parameter, type WebhookDescription } from '../shared/openapi/operation.js';

const page: Parameter[] = [
  { name: 'limit', in: 'query', description: 'Höchstzahl', schema: { type: 'string', pattern: '^\\d{1,9}$' } },
  { name: 'offset', in: 'query', description: 'Anfang', schema: { type: 'string', pattern: '^\\d{1,9}$' } },
];

/** An event in a webhook's `data` (event.service.ts, eventWebhookData). */
const eventWebhookSchema: JsonSchema = {
  type: 'object',
  description: 'Eine Veranstaltung im Webhook.',
  required: ['tenantId', 'eventId', 'name', 'startsAt', 'endsAt', 'isPublic', 'tags'],
  additionalProperties: false,
  properties: {
    tenantId: { type: 'string' },
    eventId: { type: 'string' },
    name: { type: 'string' },
    startsAt: { type: ['string', 'null'], format: 'date-time', description: 'Beginn (UTC)' },
    endsAt: { type: ['string', 'null'], format: 'date-time', description: 'Ende (UTC)' },
    isPublic: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

const eventWebhooks: Record<Extract<WebhookEventType, `event.${string}`>, WebhookDescription> = {
  'event.created': { summary: 'Veranstaltung angelegt', description: 'Angelegt oder dupliziert.', data: ref('EventWebhook') },
  'event.changed': { summary: 'Veranstaltung geändert', data: ref('EventWebhook') },
  'event.deleted': {
    summary: 'Veranstaltung gelöscht',
    description: 'Nur die Kennungen.',
    data: { type: 'object', required: ['tenantId', 'eventId'], additionalProperties: false, properties: { tenantId: { type: 'string' }, eventId: { type: 'string' } } },
  },
};

export const eventApi: ApiDomain = {
  tag: { name: 'Veranstaltungen', description: 'Veranstaltungen eines Mandanten, ihre Tickets und Teilnehmenden.' },
  source: 'server/src/events/event.openapi.ts',
  schemas: {
    Event: { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, isPublic: { type: 'boolean' }, information: { type: 'object', additionalProperties: true } } },
    EventWebhook: eventWebhookSchema,
  },
  webhooks: eventWebhooks,
  operations: [
    { method: 'get', path: '/api/{tenantId}/events/_meta/tags', summary: 'Schlagwörter der Veranstaltungen', access: 'signedIn', answers: { 200: jsonList('Die Schlagwörter.', { type: 'string' }) } },
    { method: 'get', path: '/api/{tenantId}/events/count/check', summary: 'Darf eine weitere öffentliche Veranstaltung angelegt werden?', access: 'signedIn', answers: { 200: { description: 'Ja oder nein.', schema: { type: 'boolean' } } } },
    {
      method: 'get',
      path: '/api/{tenantId}/events',
      summary: 'Veranstaltungen',
      description: 'Öffentliche Veranstaltungen und die, die die anfragende Person lesen darf.',
      access: 'optional',
      parameters: [
        { name: 'tags', in: 'query', description: 'Schlagwörter, kommagetrennt', schema: { type: 'string' } },
        { name: 'includePast', in: 'query', description: '`false`: vergangene weglassen', schema: { type: 'string', enum: ['true', 'false', '1', '0'] } },
        ...page,
      ],
      answers: { 200: jsonList('Die Veranstaltungen.', ref('Event')) },
    },
    { method: 'get', path: '/api/{tenantId}/events/{id}', summary: 'Eine Veranstaltung', access: 'optional', answers: { 200: { description: 'Die Veranstaltung.', schema: ref('Event') } } },
    {
      method: 'get',
      path: '/api/{tenantId}/events/{id}/bookings',
      summary: 'Buchungen einer Veranstaltung',
      access: 'signedIn',
      parameters: page,
      answers: { 200: { description: 'Die Buchungen, die die Person lesen darf.', schema: { type: 'array', items: ref('Booking') }, headers: { 'X-Total-Count': { description: 'Anzahl aller Treffer', schema: { type: 'integer' } } } } },
    },
    {
      method: 'put',
      path: '/api/{tenantId}/events',
      summary: 'Veranstaltung anlegen (ohne `id`) oder ändern',
      access: 'signedIn',
      parameters: [{ name: 'withTickets', in: 'query', description: '`true`: Tickets zu den Preiskategorien anlegen', schema: { type: 'string', enum: ['true', 'false', '1', '0'] } }],
      body: {
        input: {
          schema: eventSchema,
          fields: { isPublic: f.bool('Öffentlich'), format: { description: 'Form (Präsenz, online, hybrid)' }, ticketCodePer: { description: 'Einlasscodes der Tickets: `person` (ein Code pro Person, Vorgabe) oder `order` (ein Code pro Bestellung); optional' } },
          extra: { id: f.id('Kennung einer bestehenden Veranstaltung') },
        },
        examples: {
          lesung: {
            summary: 'Lesung in der Stadtbibliothek',
            value: {
              isPublic: true,
              information: { name: 'Lesung: Musterstädter Geschichten', teaserText: 'Heimatgeschichten mit Musik', startDate: '2026-12-05', startTime: '19:00', endDate: '2026-12-05', endTime: '21:00', tags: ['Kultur'] },
              eventLocation: { name: 'Stadtbibliothek' },
            },
          },
        },
      },
      answers: { 201: { description: 'Die gespeicherte Veranstaltung.', schema: ref('Event') } },
      problems: [409],
    },
    { method: 'post', path: '/api/{tenantId}/events/{id}/duplicate', summary: 'Veranstaltung duplizieren', access: 'signedIn', answers: { 201: { description: 'Die Kopie.', schema: ref('Event') } } },
    { method: 'delete', path: '/api/{tenantId}/events/{id}', summary: 'Veranstaltung löschen', access: 'signedIn', answers: { 200: okText } },
    {
      method: 'get',
      path: '/csv/{tenantId}/events/{id}/bookings',
      summary: 'Teilnehmendenliste als CSV',
      access: 'signedIn',
      query: { schema: csvExportQuerySchema, fields: { lastChange: f.flag('Neuesten Verlaufseintrag anfügen') }, example: { lastChange: 'true' } },
      answers: { 200: { description: 'CSV.', schema: { type: 'string' }, contentType: 'text/csv' } },
    },
  ],
};
