import { describe, expect, it } from 'vitest';
import { AdminUsersDocument, type AdminUsersQuery } from '../../gql/graphql';
import { createCache } from '../../shared/apolloCache';
import { appTypePolicies } from '../../cachePolicies';
import { mergeUserPages, withOneAccountLess } from './userPageCachePolicy';

const account = (id: string) => ({
  __typename: 'User' as const,
  id,
  firstName: 'Erika',
  lastName: 'Mustermann',
  isVerified: true,
  isSuspended: false,
  authType: 'local',
  created: '2026-11-20T09:00:00.000Z',
  roles: [],
});

/** One page as the server answers it, every object with its type name. */
const answer = (ids: string[], endCursor: string | null, hasNextPage: boolean, totalCount: number) =>
  ({ userPage: { __typename: 'UserPage', items: ids.map(account), totalCount, pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor } } }) as AdminUsersQuery;

describe('the users pages in the cache', () => {
  it('appends a page read after a cursor to the same search and starts anew with a first page', () => {
    const cache = createCache(appTypePolicies);
    const first = { search: 'anna', first: 2 };
    cache.writeQuery({ query: AdminUsersDocument, variables: first, data: answer(['a@x.de', 'b@x.de'], 'c1', true, 3) });
    cache.writeQuery({ query: AdminUsersDocument, variables: { ...first, after: 'c1' }, data: answer(['c@x.de'], 'c2', false, 3) });
    const read = cache.readQuery({ query: AdminUsersDocument, variables: first });
    expect(read?.userPage.items.map((user) => user.id)).toEqual(['a@x.de', 'b@x.de', 'c@x.de']);
    expect(read?.userPage.pageInfo).toMatchObject({ hasNextPage: false, endCursor: 'c2' });

    // Another search is a list of its own; the first page of a refetch replaces the pages read.
    cache.writeQuery({ query: AdminUsersDocument, variables: { search: 'berg', first: 2 }, data: answer(['z@x.de'], 'c9', false, 1) });
    expect(cache.readQuery({ query: AdminUsersDocument, variables: first })?.userPage.items).toHaveLength(3);
    cache.writeQuery({ query: AdminUsersDocument, variables: first, data: answer(['b@x.de'], 'c5', false, 1) });
    expect(cache.readQuery({ query: AdminUsersDocument, variables: first })?.userPage.items.map((user) => user.id)).toEqual(['b@x.de']);
  });

  it('lists an account held already once', () => {
    const page = (refs: string[]) => ({ items: refs.map((ref) => ({ __ref: ref })), totalCount: 3, pageInfo: { hasNextPage: false, endCursor: null } });
    expect(mergeUserPages(page(['User:a', 'User:b']), page(['User:b', 'User:c']), 'c1').items.map((item) => item.__ref)).toEqual(['User:a', 'User:b', 'User:c']);
    expect(mergeUserPages(page(['User:a']), page(['User:c']), null).items.map((item) => item.__ref)).toEqual(['User:c']);
  });

  it('drops a deleted account from the loaded pages and from the count', () => {
    const cache = createCache(appTypePolicies);
    const variables = { search: null, first: 2 };
    cache.writeQuery({ query: AdminUsersDocument, variables, data: answer(['a@x.de', 'b@x.de'], 'c1', true, 5) });
    cache.evict({ id: cache.identify({ __typename: 'User', id: 'a@x.de' }) });
    cache.modify({ fields: { userPage: withOneAccountLess } });
    const read = cache.readQuery({ query: AdminUsersDocument, variables });
    expect(read?.userPage.items.map((user) => user.id)).toEqual(['b@x.de']);
    expect(read?.userPage.totalCount).toBe(4);
    expect(withOneAccountLess({ totalCount: 0 })).toEqual({ totalCount: 0 });
  });
});
