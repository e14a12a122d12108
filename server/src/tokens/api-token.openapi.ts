/** The API tokens' REST operations for the OpenAPI document (api-token.routes.ts, docs/integrators.md). */
import { apiTokenInputSchema, apiTokenPresets } from '../../../common/tokens/api-token.js';
import { fieldSchemas as f, jsonList, ref, type ApiDomain } from '../shared/openapi/operation.js';

/** The schema's rules as of the moment the document is built; an expiry is checked against the request's time. */
export const apiTokenBodySchema = () => apiTokenInputSchema(Date.now());

export const apiTokenApi: ApiDomain = {
  tag: { name: 'API-Zugänge', description: 'API-Tokens (`bpt_…`) eines Mandanten: nur Besitzer, nur mit ihrer Sitzung, nie mit einem Token.' },
  source: 'server/src/tokens/api-token.openapi.ts',
  schemas: {
    ApiToken: {
      type: 'object',
      additionalProperties: true,
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        preset: { type: ['string', 'null'], enum: [...apiTokenPresets, null] },
        roleId: { type: ['string', 'null'] },
        prefix: { type: 'string', description: 'Die ersten Zeichen des Geheimnisses' },
        createdBy: { type: ['string', 'null'], description: 'Wer den Zugang angelegt hat; null, wenn das Konto gelöscht ist' },
        createdByName: { type: ['string', 'null'], description: 'Name der anlegenden Person; null, wenn das Konto gelöscht ist' },
        revokedAt: { type: ['string', 'null'], format: 'date-time', description: 'Widerrufen von Hand oder weil die anlegende Person das Recht verloren hat' },
        expiresAt: { type: 'string', format: 'date-time' },
      },
    },
  },
  operations: [
    { method: 'get', path: '/api/{tenantId}/api-tokens', summary: 'API-Zugänge des Mandanten', access: 'personal', answers: { 200: jsonList('Die Zugänge (ohne Geheimnis).', ref('ApiToken')) } },
    {
      method: 'post',
      path: '/api/{tenantId}/api-tokens',
      summary: 'API-Zugang anlegen',
      description: 'Das Geheimnis steht nur in dieser Antwort; gespeichert wird nur sein SHA-256.',
      access: 'personal',
      body: {
        input: {
          schema: apiTokenBodySchema(),
          fields: {
            name: f.text('Name, z. B. „Website Rathaus“'),
            preset: { description: 'Vorlage der Rechte (oder `roleId`)', type: ['string', 'null'], enum: [...apiTokenPresets, '', null] },
            roleId: { description: 'Rolle des Mandanten (oder `preset`)', type: ['string', 'null'] },
            expiresAt: { description: 'Ablauf; ohne Angabe in einem Jahr, höchstens in zwei Jahren', type: 'string', format: 'date-time' },
          },
        },
        examples: { raumanzeige: { summary: 'Raumanzeige im Foyer', value: { name: 'Raumanzeige Foyer', preset: 'OCCUPANCY_READ' } } },
      },
      answers: { 201: { description: '`{ token, secret }`', schema: { type: 'object', required: ['token', 'secret'], properties: { token: ref('ApiToken'), secret: { type: 'string', pattern: '^bpt_' } } } } },
    },
    { method: 'delete', path: '/api/{tenantId}/api-tokens/{id}', summary: 'API-Zugang widerrufen', access: 'personal', answers: { 200: { description: 'Der widerrufene Zugang.', schema: ref('ApiToken') } } },
  ],
};
