/** The instance settings' REST operations for the OpenAPI document (instance.routes.ts). */
import { anyJson, type ApiDomain } from '../shared/openapi/operation.js';

export const instanceApi: ApiDomain = {
  tag: { name: 'Instanz', description: 'Einstellungen der ganzen Plattform (Instanzbesitzer).' },
  source: 'server/src/instance/instance.openapi.ts',
  operations: [
    {
      method: 'get',
      path: '/api/instances',
      summary: 'Einstellungen der Instanz',
      description: 'Mit `publicInstance=true` die öffentlichen Felder (Name, Impressum, Single Sign-on) für alle.',
      access: 'optional',
      parameters: [{ name: 'publicInstance', in: 'query', description: '`true`: nur die öffentlichen Felder', schema: { type: 'string', enum: ['true', 'false'] } }],
      answers: { 200: anyJson('Die Einstellungen mit `isInitialized` und `applications`; Geheimnisse nur als `…Set`.') },
      problems: [403],
    },
    {
      method: 'put',
      path: '/api/instances',
      summary: 'Einstellungen der Instanz ändern',
      description: 'Nur die bekannten Felder zählen; fehlende bleiben, wie sie sind. Single Sign-on als `sso` oder als Eintrag von `applications`.',
      access: 'signedIn',
      body: { jsonSchema: { type: 'object', additionalProperties: true, properties: { sso: { type: 'object', additionalProperties: true }, applications: { type: 'array', items: { type: 'object' } } } } },
      answers: { 200: anyJson('Die gespeicherten Einstellungen.') },
      problems: [409],
    },
  ],
};
