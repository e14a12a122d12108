import { useState } from 'react';
import { notifyError } from '../toast';

/**
 * "Mehr laden" of a list paged by cursor: reads the page after `endCursor` through the query's
 * fetchMore (the cache policy appends it), says while it is on its way, and tells a failure in a
 * toast with `failure` ("Weitere Mandanten konnten nicht geladen werden.").
 */
export function useLoadMore(fetchMore: (options: { variables: { after: string } }) => Promise<unknown>, endCursor: string | null | undefined, failure: string) {
  const [loading, setLoading] = useState(false);
  const loadMore = async () => {
    if (!endCursor) return;
    setLoading(true);
    try {
      await fetchMore({ variables: { after: endCursor } });
    } catch (error) {
      notifyError(error, { title: 'Fehler', message: failure });
    } finally {
      setLoading(false);
    }
  };
  return { loadingMore: loading, loadMore };
}
