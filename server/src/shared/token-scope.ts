import type { RequestViewer } from './domain-services.js';
import { AppError } from './errors.js';

const OTHER_TENANT_DETAIL = 'Dieser API-Schlüssel gilt nur für seinen eigenen Mandanten.';

/**
 * An API token acts only in its own tenant (an instance token, without tenant, everywhere): every
 * operation naming another tenant answers 403, also the public ones a guest may use (checkout,
 * status lookups), so a token never acts, books or is assigned anything outside its tenant. Checked
 * once per transport: for REST in users/bearer-auth.ts (tokenTenantScope), for GraphQL on every root
 * field with a tenantId argument (graphql/auth.ts, scopeTokensToTheirTenant).
 */
export function assertTokenTenant(viewer: RequestViewer | null, tenantId: string): void {
  const token = viewer?.apiToken;
  if (token && token.tenantId !== null && token.tenantId !== tenantId) throw new AppError('auth.forbidden', { detail: OTHER_TENANT_DETAIL });
}
