/** The privacy requests' REST operations for the OpenAPI document (privacy.routes.ts). */
import { anyJson, type ApiDomain, type Parameter } from '../shared/openapi/operation.js';

const mail: Parameter = { name: 'mail', in: 'query', required: true, description: 'E-Mail-Adresse der betroffenen Person', schema: { type: 'string', format: 'email' }, example: 'erika.mustermann@example.de' };

export const privacyApi: ApiDomain = {
  tag: { name: 'Datenschutz', description: 'Auskunft und Löschung personenbezogener Daten (Besitzer des Mandanten).' },
  source: 'server/src/privacy/privacy.openapi.ts',
  operations: [
    {
      method: 'get',
      path: '/api/{tenantId}/personal-data',
      summary: 'Auskunft über eine E-Mail-Adresse',
      description: 'JSON, oder PDF mit `format=pdf` bzw. `Accept: application/pdf`.',
      access: 'signedIn',
      parameters: [mail, { name: 'format', in: 'query', description: '`pdf` für die PDF-Auskunft', schema: { type: 'string', enum: ['json', 'pdf'] } }],
      answers: { 200: { ...anyJson('Alle Daten des Mandanten zu dieser Adresse (JSON), oder dieselben als PDF.'), otherContent: { 'application/pdf': { type: 'string', contentEncoding: 'binary' } } } },
      problems: [400],
    },
    {
      method: 'delete',
      path: '/api/{tenantId}/personal-data',
      summary: 'Daten einer E-Mail-Adresse löschen',
      description: 'Laufende Buchungen und offene Zahlungen verhindern die Löschung (409 `privacy.booking-running`); Buchungen mit Aufbewahrungspflicht werden eingeschränkt.',
      access: 'signedIn',
      parameters: [mail],
      answers: { 200: anyJson('`{ mail, erased, restricted, bookings: [{ id, outcome, reason, keptUntil }] }`') },
      problems: [400, 409],
    },
  ],
};
