/**
 * Composition root of the OpenAPI document (docs/api.md, "API reference"): every domain's REST
 * operations, described beside its routes, handed to the shared builder. A domain with new REST
 * paths adds them to its own `*.openapi.ts`; a new domain adds its description here.
 */
import { allocationApi } from './allocation/allocation.openapi.js';
import { bookableApi } from './bookables/bookable.openapi.js';
import { bookingApi } from './bookings/booking.openapi.js';
import { myBookingApi } from './bookings/my-bookings.openapi.js';
import { bookingCancellationApi } from './bookings/booking-cancellation.openapi.js';
import { couponApi } from './coupons/coupon.openapi.js';
import { eventApi } from './events/event.openapi.js';
import { calendarFeedApi } from './feeds/calendar-feed.openapi.js';
import { fileApi } from './files/file.openapi.js';
import { instanceApi } from './instance/instance.openapi.js';
import { paymentApi } from './payments/payment.openapi.js';
import { privacyApi } from './privacy/privacy.openapi.js';
import { receiptApi } from './receipts/receipt.openapi.js';
import { roleApi } from './roles/role.openapi.js';
import { healthApi } from './shared/http/health.js';
import { snippetApi } from './snippets/snippet.openapi.js';
import { ssoApi } from './sso/sso.openapi.js';
import { tenantApi } from './tenants/tenant.openapi.js';
import { apiTokenApi } from './tokens/api-token.openapi.js';
import { userApi } from './users/user.openapi.js';
import { webhookDelivery } from './webhooks/webhook.openapi.js';
import { workflowApi } from './workflow/workflow.openapi.js';
import { buildOpenApiDocument, type OpenApiDocument } from './shared/openapi/document.js';
import type { ApiDomain } from './shared/openapi/operation.js';
import { apiDocsDomain } from './shared/openapi/routes.js';

/** In the order the reference shows them. */
export const apiDomains: readonly ApiDomain[] = [
  bookingApi,
  myBookingApi,
  bookingCancellationApi,
  allocationApi,
  bookableApi,
  eventApi,
  paymentApi,
  receiptApi,
  couponApi,
  fileApi,
  workflowApi,
  roleApi,
  tenantApi,
  apiTokenApi,
  calendarFeedApi,
  privacyApi,
  userApi,
  ssoApi,
  instanceApi,
  snippetApi,
  healthApi,
  apiDocsDomain,
];

const DESCRIPTION = `REST-API der Buchungsplattform für Kommunen.

Anmeldung: ein **API-Token** des Mandanten (\`Authorization: Bearer bpt_…\`, angelegt unter Mandant → API-Zugänge)
oder das **Sitzungs-Cookie** nach \`POST /auth/signin\`. Fehler antworten als \`application/problem+json\` mit deutschem
Text und stabilem \`code\`. Zeiten gelten in Europe/Berlin.

Webhooks (eingerichtet unter Mandant → Webhooks) stehen unter \`webhooks\`: je Ereignistyp der Inhalt und die
Signatur-Header nach Standard Webhooks.

Nicht hier beschrieben: GraphQL (\`POST /graphql\`, Schema unter \`/graphiql\`), die Metriken (\`/metrics\`) und die Testseite
des eingebauten Zahlungsanbieters.`;

/** The REST facade's version as the document states it; raised when a path or shape changes incompatibly. */
const API_VERSION = '1.0.0';

export function apiDocument(): OpenApiDocument {
  return buildOpenApiDocument(apiDomains, { version: API_VERSION, description: DESCRIPTION, webhooks: webhookDelivery });
}
