/** The HTML snippets' operations for the OpenAPI document (snippet.routes.ts). */
import type { ApiDomain, Answer, Parameter } from '../shared/openapi/operation.js';

const html: Answer = { description: 'HTML-Ausschnitt für die Website des Mandanten (`Access-Control-Allow-Origin: *`).', schema: { type: 'string' }, contentType: 'text/html' };
const ids: Parameter = { name: 'ids', in: 'query', description: 'Nur diese Einträge, kommagetrennt', schema: { type: 'string' } };

export const snippetApi: ApiDomain = {
  tag: { name: 'HTML-Ausschnitte', description: 'Öffentliche Listen und Seiten zum Einbetten in die Website des Mandanten.' },
  source: 'server/src/snippets/snippet.openapi.ts',
  operations: [
    { method: 'get', path: '/html/{tenantId}/bookables', summary: 'Öffentliche Objekte als HTML', access: 'public', parameters: [{ name: 'type', in: 'query', description: 'Nur diese Art', schema: { type: 'string' } }, ids], answers: { 200: html } },
    { method: 'get', path: '/html/{tenantId}/bookables/{id}', summary: 'Ein öffentliches Objekt als HTML', access: 'public', answers: { 200: html } },
    { method: 'get', path: '/html/{tenantId}/events', summary: 'Öffentliche Veranstaltungen als HTML', access: 'public', parameters: [ids], answers: { 200: html } },
    { method: 'get', path: '/html/{tenantId}/events/{id}', summary: 'Eine Veranstaltung als HTML', description: 'Eine Sitzung fügt die Anhänge der Veranstaltung hinzu.', access: 'optional', answers: { 200: html } },
  ],
};
