import { hasInvisibleControls } from './text.js';

/**
 * What a link field of the product accepts: http(s) addresses, or paths to this product's own files
 * (`/api/files/…`, relative to it). Shared by the event and bookable schemas. Plain TypeScript.
 */
export const linkMessage = 'Ungültige URL.';

export function isLink(value: string): boolean {
  // Addresses never need invisible controls (text.ts); they could disguise where a link leads.
  if (hasInvisibleControls(value)) return false;
  if (value.startsWith('/api/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const httpsLinkMessage = 'Ungültige URL: Bitte eine vollständige https-Adresse angeben.';

/** An absolute https address with a host: what a link leaving the product for a public page must be. */
export function isHttpsLink(value: string): boolean {
  if (hasInvisibleControls(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.host !== '';
  } catch {
    return false;
  }
}
