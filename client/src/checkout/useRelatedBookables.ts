import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { type CheckoutBookableFieldsFragment, CheckoutRelatedBookableDocument } from '../gql/graphql';

/**
 * The checkout options and dependent objects of the booked object, as the public sees them; an
 * object the public cannot see maps to null (the server still books a mandatory one). Null while
 * loading.
 */
export function useRelatedBookables(tenantId: string, ids: readonly string[]): Map<string, CheckoutBookableFieldsFragment | null> | null {
  const client = useApolloClient();
  const key = ids.join(',');
  const [loaded, setLoaded] = useState<{ key: string; bookables: Map<string, CheckoutBookableFieldsFragment | null> } | null>(null);

  useEffect(() => {
    let current = true;
    const wanted = key ? key.split(',') : [];
    void Promise.all(
      wanted.map((id) =>
        client.query({ query: CheckoutRelatedBookableDocument, variables: { tenantId, id } }).then(
          ({ data }) => [id, data?.publicBookable ?? null] as const,
          () => [id, null] as const,
        ),
      ),
    ).then((entries) => {
      if (current) setLoaded({ key, bookables: new Map(entries) });
    });
    return () => {
      current = false;
    };
  }, [client, tenantId, key]);

  return loaded?.key === key ? loaded.bookables : null;
}
