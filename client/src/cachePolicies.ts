import type { TypePolicies } from '@apollo/client';
import { allocationTypePolicies } from './allocation/allocationCachePolicy';
import { seriesTypePolicies } from './bookings/series/seriesCachePolicy';
import { bookingTypePolicies } from './bookings/staff/bookingCachePolicy';

/**
 * Every domain's type policies for the app's one cache. Registered at start (main.tsx) before the
 * first query; shared/apolloCache.ts creates the cache without knowing any domain.
 */
export const appTypePolicies: TypePolicies = { ...bookingTypePolicies, ...seriesTypePolicies, ...allocationTypePolicies };
