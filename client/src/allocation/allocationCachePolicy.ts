import type { TypePolicies } from '@apollo/client';

/**
 * The allocation screens in the one cache: a round's grid is the round's (it has no id of its own),
 * and a wish's conflicts and left-out dates are read whole each time, never merged field by field.
 */
export const allocationTypePolicies: TypePolicies = {
  AllocationGrid: { keyFields: ['roundId'] },
  AllocationStaffWish: { fields: { conflicts: { merge: false }, leftOutDates: { merge: false } } },
  AllocationWish: { fields: { leftOutDates: { merge: false } } },
};
