/** The workflow board's REST operations for the OpenAPI document (workflow.routes.ts). */
import { archiveTaskSchema, moveTaskSchema, workflowStatesSchema } from '../../../common/workflow/workflow.schema.js';
import { looseObject } from '../../../common/validation/schema.js';
import { anyJson, fieldSchemas as f, type ApiDomain, type ApiOperation, type JsonSchema } from '../shared/openapi/operation.js';

const state: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { id: f.id('Kennung; fehlt bei einer neuen Spalte'), name: f.text('Name der Spalte'), color: f.text('Farbe'), tasks: { type: 'array' }, actions: { type: 'array' } },
  additionalProperties: true,
};

const saveWorkflow = (method: 'post' | 'put'): ApiOperation => ({
  method,
  path: '/api/{tenantId}/workflow',
  summary: method === 'post' ? 'Tafel speichern (wie PUT)' : 'Spalten der Tafel speichern',
  access: 'signedIn',
  body: {
    input: { schema: looseObject({ states: workflowStatesSchema }), fields: { states: { description: 'Die Spalten in ihrer Reihenfolge', type: 'array', items: state } } },
    examples: { spalten: { summary: 'Drei Spalten', value: { states: [{ name: 'Eingang' }, { name: 'In Prüfung' }, { name: 'Erledigt' }] } } },
  },
  answers: { 200: anyJson('Die gespeicherte Tafel.') },
});

export const workflowApi: ApiDomain = {
  tag: { name: 'Arbeitsablauf', description: 'Die Tafel (Kanban) der Buchungen eines Mandanten.' },
  source: 'server/src/workflow/workflow.openapi.ts',
  operations: [
    { method: 'get', path: '/api/{tenantId}/workflow', summary: 'Tafel des Mandanten', access: 'signedIn', answers: { 200: anyJson('Die Tafel mit Spalten, Archiv und Zuordnungen.') } },
    saveWorkflow('post'),
    saveWorkflow('put'),
    { method: 'get', path: '/api/{tenantId}/workflow/states', summary: 'Spalten der Tafel', access: 'signedIn', answers: { 200: anyJson('`{ states, archive, active }`') } },
    { method: 'get', path: '/api/{tenantId}/workflow/backlog', summary: 'Buchungen ohne Spalte', access: 'signedIn', answers: { 200: anyJson('Die Buchungen, die noch keiner Spalte zugeordnet sind.') } },
    {
      method: 'put',
      path: '/api/{tenantId}/workflow/task',
      summary: 'Buchung in eine Spalte verschieben',
      access: 'signedIn',
      body: {
        input: { schema: moveTaskSchema, fields: { taskId: f.id('Buchungsnummer'), destination: f.id('Kennung der Zielspalte'), newIndex: { description: 'Position in der Spalte', type: 'integer', minimum: 0 } } },
        examples: { pruefung: { summary: 'Nach „In Prüfung“, oben', value: { taskId: 'R-2026-0042', destination: 'in-pruefung', newIndex: 0 } } },
      },
      answers: { 200: anyJson('Die Tafel.') },
      problems: [409],
    },
    {
      method: 'put',
      path: '/api/{tenantId}/workflow/archive',
      summary: 'Buchung archivieren',
      access: 'signedIn',
      body: { input: { schema: archiveTaskSchema, fields: { taskId: f.id('Buchungsnummer') } }, examples: { archiv: { summary: 'Archivieren', value: { taskId: 'R-2026-0042' } } } },
      answers: { 200: anyJson('Die Tafel.') },
    },
  ],
};
