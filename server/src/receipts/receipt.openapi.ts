/** The receipts' REST operations for the OpenAPI document (receipt.routes.ts). */
import { jsonBody, ref, type ApiDomain } from '../shared/openapi/operation.js';

const pdf = { description: 'PDF.', schema: { type: 'string', contentEncoding: 'binary' }, contentType: 'application/pdf' };

export const receiptApi: ApiDomain = {
  tag: { name: 'Belege', description: 'Quittungen und Rechnungen zu Buchungen.' },
  source: 'server/src/receipts/receipt.openapi.ts',
  schemas: {
    Receipt: {
      type: 'object',
      description: 'Ein Beleg (Zahlungsbeleg oder Rechnung) zu einer Buchung.',
      required: ['id', 'kind', 'number', 'fileName', 'revision', 'createdAt', 'downloadUrl', 'isNew'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: ['receipt', 'invoice'] },
        number: { type: 'string', description: '„{Präfix}-{Jahr}-{NNNN}-{Revision}“' },
        fileName: { type: 'string' },
        revision: { type: 'integer', minimum: 1 },
        createdAt: { type: 'string', format: 'date-time' },
        downloadUrl: { type: 'string', format: 'uri', description: 'Das PDF (GET, Leserecht auf die Buchung)' },
        isNew: { type: 'boolean', description: 'true: mit dieser Anfrage erstellt; false: ein Beleg, der schon ausgestellt war (der neueste Zahlungsbeleg, auf dem sich nichts geändert hat, oder die Rechnung über denselben Betrag)' },
      },
    },
  },
  operations: [
    { method: 'post', path: '/api/{tenantId}/bookings/{id}/receipt', summary: 'Beleg zur Buchung erstellen', access: 'signedIn',
      description: 'Erstellt einen neuen Zahlungsbeleg (Revision), außer der neueste Zahlungsbeleg der Buchung zeigt schon dasselbe (Kunde, Positionen, Beträge, USt., Zahlung …; Nummer und Datum ausgenommen): dann kommt dieser zurück, und es wird kein neuer erstellt.',
      answers: {
        200: { description: 'Der neueste Zahlungsbeleg; auf ihm hat sich nichts geändert, es wurde kein neuer erstellt.', schema: ref('Receipt') },
        201: { description: 'Ein neuer Zahlungsbeleg (Revision).', schema: ref('Receipt') },
      },
      problems: [409] },
    { method: 'post', path: '/api/{tenantId}/bookings/{id}/invoices', summary: 'Rechnung zur Buchung erstellen', access: 'signedIn',
      description: 'Erstellt die Rechnung über den aktuellen Betrag der Buchung, für diese Buchung allein (auch für einen Termin einer Serie; die Rechnung der Serie bleibt, wie sie ist). Gibt es schon eine Rechnung über denselben Betrag, kommt diese zurück; ein geänderter Betrag ergibt eine neue Revision. Es wird keine E-Mail versandt.',
      answers: {
        200: { description: 'Die Rechnung über denselben Betrag, die schon ausgestellt war; es wurde keine neue erstellt.', schema: ref('Receipt') },
        201: { description: 'Eine neue Rechnung (oder Revision).', schema: ref('Receipt') },
      },
      problems: [409] },
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
