/** The files' REST operations for the OpenAPI document (file.routes.ts). */
import { okText, type ApiDomain, type Parameter } from '../shared/openapi/operation.js';

const name: Parameter = { name: 'name', in: 'query', required: true, description: 'Pfad der Datei im Mandanten (aus der Liste)', schema: { type: 'string' } };

export const fileApi: ApiDomain = {
  tag: { name: 'Dateien', description: 'Bilder und Dokumente eines Mandanten.' },
  source: 'server/src/files/file.openapi.ts',
  operations: [
    {
      method: 'get',
      path: '/api/{tenantId}/files/list',
      summary: 'Dateien des Mandanten',
      description: 'Öffentliche Dateien für alle; geschützte für Mitglieder des Mandanten.',
      access: 'optional',
      parameters: [{ name: 'includeProtected', in: 'query', description: 'Auch geschützte Dateien (Mitglieder)', schema: { type: 'string', enum: ['true', 'false'] } }],
      answers: { 200: { description: 'Die Dateien.', schema: { type: 'array', items: { type: 'object', additionalProperties: true } } } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/files/get',
      summary: 'Eine Datei herunterladen',
      access: 'optional',
      parameters: [name],
      answers: { 200: { description: 'Der Inhalt der Datei, mit dem Inhaltstyp ihrer Endung (`application/octet-stream` bei unbekannter).', schema: { type: 'string', contentEncoding: 'binary' }, contentType: '*/*' } },
      problems: [403, 404],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/files',
      summary: 'Datei hochladen',
      access: 'signedIn',
      body: {
        contentType: 'multipart/form-data',
        jsonSchema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', contentEncoding: 'binary', description: 'Die Datei' },
            accessLevel: { type: 'string', enum: ['public', 'protected'], description: 'Sichtbarkeit (Standard öffentlich)' },
            customDirectory: { type: 'string', description: 'Unterordner' },
            imagesOnly: { type: 'string', enum: ['true', 'false'], description: 'Nur Bilder annehmen' },
          },
        },
      },
      answers: { 201: { description: 'Hochgeladen; `Location` nennt die Adresse.', schema: { type: 'string' }, contentType: 'text/plain', headers: { Location: { description: 'Adresse der Datei', schema: { type: 'string' } } } } },
      problems: [413],
    },
    { method: 'delete', path: '/api/{tenantId}/files', summary: 'Datei löschen', access: 'signedIn', parameters: [name], answers: { 200: okText }, problems: [404] },
  ],
};
