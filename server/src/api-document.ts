/**
 * Composition root of the OpenAPI document (docs/api.md, "API reference"): every domain's REST
 * operations, described beside its routes, handed to the shared builder. A domain with new REST
 * paths adds them to its own `*.openapi.ts`; a new domain adds its description here.
 */
import { bookingApi } from './bookings/booking.openapi.js';
import { buildOpenApiDocument, type OpenApiDocument } from './shared/openapi/document.js';
import type { ApiDomain } from './shared/openapi/operation.js';
import { apiDocsDomain } from './shared/openapi/routes.js';

/** In the order the reference shows them. */
export const apiDomains: readonly ApiDomain[] = [bookingApi, apiDocsDomain];

const DESCRIPTION = `REST-API der Buchungsplattform für Kommunen.

Anmeldung: ein **API-Token** des Mandanten (\`Authorization: Bearer bpt_…\`, angelegt unter Mandant → API-Zugänge)
oder das **Sitzungs-Cookie** nach \`POST /auth/signin\`. Fehler antworten als \`application/problem+json\` mit deutschem
Text und stabilem \`code\`. Zeiten gelten in Europe/Berlin.

Nicht hier beschrieben: GraphQL (\`POST /graphql\`, Schema unter \`/graphiql\`), die Metriken (\`/metrics\`) und die Testseite
des eingebauten Zahlungsanbieters.`;

export function apiDocument(version: string): OpenApiDocument {
  return buildOpenApiDocument(apiDomains, { version, description: DESCRIPTION });
}
