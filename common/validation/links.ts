/**
 * What a link field of the product accepts: http(s) addresses, or paths to this product's own files
 * (`/api/files/…`, relative to it). Shared by the event and bookable schemas. Plain TypeScript.
 */
export const linkMessage = 'Ungültige URL.';

export function isLink(value: string): boolean {
  if (value.startsWith('/api/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
