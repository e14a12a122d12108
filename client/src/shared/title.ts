import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import type { BookableType } from '../gql/graphql';
import type { AdminInterface } from './permissions';

/** The fixed product prefix of every document title. */
export const TITLE_PREFIX = 'Buchungsplattform';

/** What a route declares in its `handle`: its German title and, for admin routes, its interface. */
export interface RouteHandle {
  title?: string;
  interface?: AdminInterface;
  /** Bookable list and editor routes: the type they show or create. */
  bookableType?: BookableType;
}

/** The handle of the deepest route that declares one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined).filter((handle): handle is RouteHandle => Boolean(handle));
  return handles.length ? { ...handles.reduce((merged, handle) => ({ ...merged, ...handle }), {}) } : {};
}

export function useDocumentTitle(): void {
  const { title } = useRouteHandle();
  useEffect(() => {
    document.title = title ? `${TITLE_PREFIX} | ${title}` : TITLE_PREFIX;
  }, [title]);
}
