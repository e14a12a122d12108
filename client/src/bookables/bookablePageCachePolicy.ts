import type { TypePolicies } from '@apollo/client';
import { cursorPagePolicy } from '../shared/list/cursorPages';

/**
 * `bookablePage` and `bookingObjectChoicePage`: one list per tenant, search and filter, pages
 * appended ("Mehr laden" of the bookables lists; the pickers read first pages only).
 */
export const bookableTypePolicies: TypePolicies = {
  Query: {
    fields: {
      bookablePage: cursorPagePolicy(['tenantId', 'search', 'type', 'tags', 'newestFirst', 'ids']),
      bookingObjectChoicePage: cursorPagePolicy(['tenantId', 'search']),
    },
  },
};
