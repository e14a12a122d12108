/** The roles' REST operations for the OpenAPI document (role.routes.ts). */
import { roleSchema } from '../../../common/roles/role.schema.js';
import { fieldSchemas as f, jsonList, okText, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const permission = (description: string): JsonSchema => ({
  description,
  type: 'object',
  additionalProperties: true,
  properties: { create: { type: 'boolean' }, readAny: { type: 'boolean' }, readOwn: { type: 'boolean' }, updateAny: { type: 'boolean' }, updateOwn: { type: 'boolean' }, deleteAny: { type: 'boolean' }, deleteOwn: { type: 'boolean' } },
});

export const roleApi: ApiDomain = {
  tag: { name: 'Rollen', description: 'Rollen eines Mandanten und ihre Rechte.' },
  source: 'server/src/roles/role.openapi.ts',
  schemas: { Role: { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, name: { type: 'string' }, adminInterfaces: { type: 'array', items: { type: 'string' } } } } },
  operations: [
    { method: 'get', path: '/api/roles', summary: 'Rollen aller Mandanten der anfragenden Person', access: 'signedIn', answers: { 200: jsonList('Die Rollen.', ref('Role')) } },
    { method: 'get', path: '/api/{tenantId}/roles', summary: 'Rollen des Mandanten', access: 'signedIn', answers: { 200: jsonList('Die Rollen.', ref('Role')) } },
    { method: 'get', path: '/api/{tenantId}/roles/{id}', summary: 'Eine Rolle', access: 'signedIn', answers: { 200: { description: 'Die Rolle.', schema: ref('Role') } } },
    {
      method: 'put',
      path: '/api/{tenantId}/roles',
      summary: 'Rolle anlegen (ohne `id`) oder ändern',
      access: 'signedIn',
      body: {
        input: {
          schema: roleSchema(true),
          fields: {
            name: f.text('Name der Rolle'),
            adminInterfaces: { description: 'Bereiche der Verwaltung', type: 'array', items: { type: 'string' } },
            freeBookings: f.bool('Bucht kostenlos'),
            manageRoles: permission('Rollen verwalten'),
            manageUsers: permission('Mitglieder verwalten'),
            manageTenants: permission('Mandant verwalten'),
            manageBookings: permission('Buchungen verwalten'),
            manageBookables: permission('Objekte verwalten'),
            manageCoupons: permission('Gutscheine verwalten'),
          },
          extra: { id: f.id('Kennung einer bestehenden Rolle') },
        },
        examples: { kasse: { summary: 'Rolle „Kasse“: Buchungen lesen und ändern', value: { name: 'Kasse', adminInterfaces: ['bookings'], manageBookings: { readAny: true, updateAny: true } } } },
      },
      answers: { 201: { description: 'Gespeichert; `Location` nennt die Rolle.', headers: { Location: { description: 'Pfad der Rolle', schema: { type: 'string' } } } } },
    },
    { method: 'delete', path: '/api/{tenantId}/roles/{id}', summary: 'Rolle löschen (mit ihren API-Tokens)', access: 'signedIn', answers: { 200: okText } },
  ],
};
