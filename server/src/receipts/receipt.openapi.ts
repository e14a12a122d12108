/** The receipts' REST operations for the OpenAPI document (receipt.routes.ts). */
import { jsonBody, okText, type ApiDomain } from '../shared/openapi/operation.js';

const pdf = { description: 'PDF.', schema: { type: 'string', contentEncoding: 'binary' }, contentType: 'application/pdf' };

export const receiptApi: ApiDomain = {
  tag: { name: 'Belege', description: 'Quittungen und Rechnungen zu Buchungen.' },
  source: 'server/src/receipts/receipt.openapi.ts',
  operations: [
    { method: 'post', path: '/api/{tenantId}/bookings/{id}/receipt', summary: 'Beleg zur Buchung erstellen', access: 'signedIn', answers: { 200: okText }, problems: [409] },
    { method: 'get', path: '/api/{tenantId}/bookings/{id}/receipt/{receiptId}', summary: 'Beleg herunterladen', access: 'signedIn', answers: { 200: pdf } },
    {
      method: 'post',
      path: '/api/{tenantId}/receipts/preview',
      summary: 'Vorschau der Belegvorlage (Besitzer)',
      access: 'signedIn',
      body: jsonBody({ kind: { type: 'string', enum: ['receipt', 'invoice'], description: 'Quittung oder Rechnung (Standard Quittung)' }, template: { type: 'string', description: 'HTML-Vorlage; leer: die gespeicherte' } }),
      answers: { 200: pdf },
    },
  ],
};
