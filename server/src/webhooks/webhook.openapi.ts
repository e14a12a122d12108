/**
 * How webhooks reach integrators, for the OpenAPI document's `webhooks` (docs/integrators.md,
 * "Webhooks"): the types come from the code's list, the headers from the signing; the domains
 * that send events describe their payloads beside their REST operations.
 */
import { WEBHOOK_TEST_EVENT, webhookEventTypes } from '../../../common/webhooks/webhook.js';
import type { WebhookDelivery } from '../shared/openapi/operation.js';
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX } from './webhook-signature.js';

export const webhookDelivery: WebhookDelivery = {
  types: [...webhookEventTypes, WEBHOOK_TEST_EVENT],
  headers: [
    {
      name: WEBHOOK_HEADERS.id,
      in: 'header',
      description: 'Kennung der Nachricht (`msg_…`), gleich bei jedem Versuch und jeder erneuten Zustellung: Doppeltes daran erkennen.',
      schema: { type: 'string', pattern: '^msg_' },
    },
    { name: WEBHOOK_HEADERS.timestamp, in: 'header', description: 'Zeitpunkt dieses Versuchs in Unix-Sekunden.', schema: { type: 'string', pattern: '^\\d+$' } },
    {
      name: WEBHOOK_HEADERS.signature,
      in: 'header',
      description: `Signatur nach Standard Webhooks: \`v1,\` und das Base64 des HMAC-SHA256 von \`{webhook-id}.{webhook-timestamp}.{Rohtext}\`, Schlüssel: die Bytes des Geheimnisses (das Base64 nach \`${WEBHOOK_SECRET_PREFIX}\`).`,
      schema: { type: 'string', pattern: '^v1,' },
    },
  ],
  descriptions: {
    [WEBHOOK_TEST_EVENT]: {
      summary: 'Testereignis',
      description: 'Nur auf Anforderung („Testereignis senden“), gleich welche Ereignisse der Endpunkt abonniert hat.',
      data: {
        type: 'object',
        required: ['tenantId', 'endpointId', 'message'],
        additionalProperties: false,
        properties: { tenantId: { type: 'string' }, endpointId: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};
