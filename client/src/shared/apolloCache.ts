import { InMemoryCache, type TypePolicies } from '@apollo/client';
import { cacheSizes } from '@apollo/client/utilities';

/**
 * The app's normalized cache with the type policies the domains hand in (how entities are
 * identified where `id` alone is not enough, and how lists are stored); the composition root
 * (client/src/cachePolicies.ts) collects them, so shared code imports no domain.
 */
export function createCache(typePolicies: TypePolicies = {}): InMemoryCache {
  // Apollo remembers each object and array it has read, up to these counts, so that a write re-reads
  // only what it changed. Its defaults (50,000 objects, 10,000 arrays) are below a tenant's bookings
  // list (every booking has its items array): the memo then drops entries while reading, and every
  // write to the cache re-reads all loaded pages, seconds with 10,000 bookings. Set before the cache exists.
  cacheSizes['inMemoryCache.executeSelectionSet'] = 1_000_000;
  cacheSizes['inMemoryCache.executeSubSelectedArray'] = 250_000;
  return new InMemoryCache({ typePolicies });
}
