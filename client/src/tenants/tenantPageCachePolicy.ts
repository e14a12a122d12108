import type { TypePolicies } from '@apollo/client';
import { cursorPagePolicy } from '../shared/list/cursorPages';

/** `tenantPage(search, first, after)`: one list per search, pages appended (the instance's tenants list). */
export const tenantTypePolicies: TypePolicies = {
  Query: { fields: { tenantPage: cursorPagePolicy(['search']) } },
};
