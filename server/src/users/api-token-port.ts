import type { Viewer } from './viewer.service.js';

/**
 * Integrators' API tokens, as authentication needs them. The tokens domain, which sits above this
 * one (a token's rights come from the tenant's roles), answers; services.ts wires it.
 */
export interface ApiTokenAuthenticator {
  /**
   * The viewer a secret stands for (the token's permissions, `apiToken` set), or null when the
   * secret is unknown, revoked or expired. Notes the use (at most once a minute per token).
   */
  viewerOfSecret(secret: string): Promise<Viewer | null>;
}
