/** The tenants' REST operations for the OpenAPI document (tenant.routes.ts). */
import { tenantChangeLogQuerySchema } from '../../../common/tenants/change-log.js';
import { WHOLE_LIST_CAP } from '../../../common/validation/paging.js';
import { pagedListHeaders, pagedListQuery } from '../shared/openapi/list-paging.js';
import { anyJson, fieldSchemas as f, jsonBody, jsonList, jsonObject, okText, ref, type ApiDomain, type ApiOperation, type JsonSchema } from '../shared/openapi/operation.js';

const tenantSchema: JsonSchema = {
  type: 'object',
  description: 'Ein Mandant (Kommune, Amt, Verein). Geheimnisse werden nie gezeigt, nur `…Set: true|false`.',
  additionalProperties: true,
  properties: { id: { type: 'string' }, name: { type: 'string' }, users: { type: 'array' }, ownerUserIds: { type: 'array', items: { type: 'string' } } },
};

const memberBody = (withRoles: boolean, withRole = false) =>
  jsonBody(
    {
      userId: { type: 'string', description: 'Kennung (E-Mail) des Benutzers' },
      ...(withRoles ? { roles: { type: 'array', items: { type: 'string' }, description: 'Kennungen der Rollen im Mandanten' } } : {}),
      ...(withRole ? { roleId: { type: 'string', description: 'Kennung der Rolle' } } : {}),
    },
    ['userId'],
  );

const memberOperation = (path: string, summary: string, body: ReturnType<typeof memberBody>, status = 200): ApiOperation => ({
  method: 'post',
  path: `/api/tenants/{id}/${path}`,
  summary,
  access: 'signedIn',
  body,
  answers: { [status]: anyJson(path === 'remove-user' ? 'Der Mandant mit seinen Mitglieder- und Besitzerlisten.' : '`{ users, owner }`') },
  problems: [409],
});

export const tenantApi: ApiDomain = {
  tag: { name: 'Mandanten', description: 'Mandanten, ihre Mitglieder und ihr Änderungsprotokoll.' },
  source: 'server/src/tenants/tenant.openapi.ts',
  schemas: { Tenant: tenantSchema },
  operations: [
    {
      method: 'get',
      path: '/api/tenants',
      summary: 'Mandanten',
      description: `Die Mandanten, die die anfragende Person verwaltet; mit \`publicTenants=true\` die, in denen sie arbeitet, mit öffentlichen Feldern. Nach Namen, seitenweise (ohne \`limit\` die ersten ${WHOLE_LIST_CAP}); die nächste Seite steht in \`X-Next-Cursor\` und \`Link\`.`,
      access: 'optional',
      query: pagedListQuery('Kennung, Name, Ansprechpartner, Adresse, E-Mail-Adresse oder Telefonnummer', 'diesem Mandanten'),
      parameters: [{ name: 'publicTenants', in: 'query', description: '`true`: die öffentlichen Felder aller sichtbaren Mandanten', schema: { type: 'string', enum: ['true', 'false'] } }],
      answers: { 200: { description: 'Die Mandanten der Seite.', schema: { type: 'array', items: ref('Tenant') }, headers: pagedListHeaders('Mandanten') } },
    },
    { method: 'post', path: '/api/tenants', summary: 'Mandant anlegen', access: 'signedIn', body: jsonBody({ id: f.id('Kennung'), name: f.text('Name') }, ['name']), answers: { 201: { description: 'Angelegt.', schema: ref('Tenant') } }, problems: [409] },
    {
      method: 'put',
      path: '/api/tenants',
      summary: 'Mandant anlegen oder ändern',
      description: 'Felder, die fehlen, bleiben, wie sie sind; Geheimnisse nur schreiben.',
      access: 'signedIn',
      body: jsonBody({ id: f.id('Kennung; unbekannt legt an'), name: f.text('Name') }, ['id']),
      answers: { 200: { description: 'Geändert.', schema: ref('Tenant') }, 201: { description: 'Angelegt.', schema: ref('Tenant') } },
      problems: [409],
    },
    { method: 'get', path: '/api/tenants/count/check', summary: 'Darf ein weiterer Mandant angelegt werden?', access: 'signedIn', answers: { 200: jsonObject('Ja oder nein.', { type: 'boolean' }) } },
    { method: 'get', path: '/api/tenants/{id}', summary: 'Ein Mandant', access: 'signedIn', answers: { 200: { description: 'Der Mandant.', schema: ref('Tenant') } } },
    { method: 'delete', path: '/api/tenants/{id}', summary: 'Mandant löschen', access: 'signedIn', answers: { 200: okText } },
    { method: 'get', path: '/api/tenants/{id}/payment-apps', summary: 'Aktive Zahlungsanbieter des Mandanten', access: 'public', answers: { 200: jsonList('Die Zahlungsanbieter.', { type: 'object', additionalProperties: true }) } },
    {
      method: 'get',
      path: '/api/tenants/{id}/privacy',
      summary: 'Datenschutzhinweis des Mandanten',
      access: 'public',
      answers: { 200: jsonObject('`{ privacyNotice, privacyPolicyLink }`', { type: 'object', properties: { privacyNotice: { type: ['string', 'null'] }, privacyPolicyLink: { type: ['string', 'null'] } } }) },
    },
    { method: 'get', path: '/api/tenants/{id}/users', summary: 'Mitglieder des Mandanten', access: 'signedIn', answers: { 200: anyJson('Die Mitglieder mit ihren Rollen.') } },
    memberOperation('add-user', 'Mitglied hinzufügen', memberBody(true), 201),
    memberOperation('remove-user', 'Mitglied entfernen', memberBody(false)),
    memberOperation('remove-user-role', 'Rolle eines Mitglieds entfernen', memberBody(false, true)),
    memberOperation('edit-user-roles', 'Rollen eines Mitglieds setzen', memberBody(true)),
    memberOperation('add-owner', 'Besitzer hinzufügen', memberBody(false)),
    memberOperation('remove-owner', 'Besitzer entfernen', memberBody(false)),
    {
      method: 'get',
      path: '/api/{tenantId}/change-log',
      summary: 'Änderungsprotokoll des Mandanten',
      description: 'Neueste Einträge zuerst; für Besitzer und Instanzbesitzer.',
      access: 'signedIn',
      query: { schema: tenantChangeLogQuerySchema, fields: { first: f.count('Einträge pro Seite, 1 bis 100 (Standard 20)'), after: f.text('`nextCursor` der vorigen Seite') }, example: { first: '50' } },
      answers: { 200: jsonObject('`{ entries, nextCursor }`', { type: 'object', required: ['entries', 'nextCursor'], properties: { entries: { type: 'array' }, nextCursor: { type: ['string', 'null'] } } }) },
    },
    { method: 'get', path: '/api/{tenantId}/users', summary: 'Mitglieder des Mandanten', access: 'signedIn', answers: { 200: anyJson('Die Mitglieder mit ihren Rollen.') } },
  ],
};
