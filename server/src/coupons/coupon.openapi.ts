/** The coupons' REST operations for the OpenAPI document (coupon.routes.ts). */
import { couponSchema, couponTypes } from '../../../common/coupons/coupon.schema.js';
import { fieldSchemas as f, jsonList, ref, type ApiDomain } from '../shared/openapi/operation.js';

export const couponApi: ApiDomain = {
  tag: { name: 'Gutscheine', description: 'Gutscheincodes eines Mandanten.' },
  source: 'server/src/coupons/coupon.openapi.ts',
  schemas: { Coupon: { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, description: { type: 'string' }, type: { enum: [...couponTypes] }, discount: { type: 'number' } } } },
  operations: [
    { method: 'get', path: '/api/{tenantId}/coupons', summary: 'Gutscheine des Mandanten', access: 'signedIn', answers: { 200: jsonList('Die Gutscheine.', ref('Coupon')) } },
    { method: 'get', path: '/api/{tenantId}/coupons/{id}', summary: 'Ein gültiger Gutschein', access: 'signedIn', answers: { 200: { description: 'Der Gutschein.', schema: ref('Coupon') } } },
    {
      method: 'put',
      path: '/api/{tenantId}/coupons',
      summary: 'Gutschein anlegen oder ändern',
      access: 'signedIn',
      body: {
        // An update is checked against the stored coupon; the document shows the rules of a new one.
        input: {
          schema: couponSchema(null),
          fields: {
            id: f.text('Gutscheincode'),
            description: f.text('Beschreibung'),
            type: { description: 'Art des Rabatts', type: 'string', enum: [...couponTypes] },
            discount: f.number('Rabatt in Prozent oder Euro'),
            maxAmount: f.number('Wie oft er eingelöst werden kann; leer: unbegrenzt'),
            validFrom: f.instant('Gültig ab'),
            validTo: f.instant('Gültig bis'),
          },
        },
        examples: { sommer: { summary: '10 % Rabatt für Vereine', value: { id: 'VEREIN10', description: 'Rabatt für Musterstädter Vereine', type: 'percentage', discount: 10, validFrom: '2026-12-01T00:00:00Z', validTo: '2027-06-30T00:00:00Z' } } },
      },
      answers: { 201: { description: 'Gespeichert.', schema: ref('Coupon') } },
      problems: [409],
    },
    { method: 'delete', path: '/api/{tenantId}/coupons/{id}', summary: 'Gutschein löschen', access: 'signedIn', answers: { 200: { description: 'Gelöscht (leere Antwort).' } } },
  ],
};
