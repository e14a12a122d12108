/** The payments' REST operations for the OpenAPI document (payment.routes.ts). */
import { anyJson, jsonBody, okText, type ApiDomain, type ApiOperation, type HttpMethod, type Parameter } from '../shared/openapi/operation.js';

const bookingId: Parameter = { name: 'id', in: 'query', required: true, description: 'Buchungsnummer', schema: { type: 'string' } };

const notify = (method: HttpMethod): ApiOperation => ({
  method,
  path: '/api/{tenantId}/payments/notify',
  summary: 'Benachrichtigung des Zahlungsanbieters',
  description: 'Für den Server des Anbieters (ohne CSRF-Prüfung); ändert nur etwas, wenn Signatur oder Statusabfrage des Anbieters die Zahlung bestätigen.',
  access: 'public',
  parameters: [bookingId],
  ...(method === 'post' ? { body: { contentType: 'application/x-www-form-urlencoded' as const, jsonSchema: { type: 'object', additionalProperties: true }, required: false } } : {}),
  answers: { 200: okText },
  problems: [400, 404],
});

const browserReturn = (method: HttpMethod): ApiOperation => ({
  method,
  path: '/api/{tenantId}/payments/response',
  summary: 'Rückkehr vom Zahlungsanbieter (Browser)',
  description: 'Leitet zur Statusseite des Checkouts (`outcome` paid, failed oder pending).',
  access: 'public',
  deprecated: true,
  parameters: [bookingId, { name: 'tenant', in: 'query', description: 'Mandant', schema: { type: 'string' } }],
  ...(method === 'post' ? { body: { contentType: 'application/x-www-form-urlencoded' as const, jsonSchema: { type: 'object', additionalProperties: true }, required: false } } : {}),
  answers: { 302: { description: 'Weiterleitung zur Statusseite.' } },
  problems: [400, 404],
});

export const paymentApi: ApiDomain = {
  tag: { name: 'Zahlungen', description: 'Online-Zahlung einer freigegebenen Buchung und die Rückmeldungen der Anbieter.' },
  source: 'server/src/payments/payment.openapi.ts',
  operations: [
    {
      method: 'post',
      path: '/api/{tenantId}/payments',
      summary: 'Zahlung einer Buchung beginnen',
      description: '`paymentData` ist die Seite des Anbieters, `true` bei Rechnung (per E-Mail) oder fehlt ohne Anbieter.',
      access: 'public',
      body: jsonBody({ bookingId: { type: 'string', description: 'Buchungsnummer' } }, ['bookingId'], { zahlen: { summary: 'Buchung bezahlen', value: { bookingId: 'R-2026-0042' } } }),
      answers: { 200: anyJson('`{ paymentData?, invoice?, booking }`') },
      problems: [404, 409, 502],
    },
    notify('get'),
    notify('post'),
    browserReturn('get'),
    browserReturn('post'),
  ],
};
