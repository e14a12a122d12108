import type { Request, Response } from 'express';
import type { PageInfo } from '../keyset.js';

/**
 * The next page of a REST list paged by cursor, in headers so the body stays the bare array older
 * clients read: `X-Next-Cursor` (the cursor to send as `cursor`) and `Link: <…>; rel="next"` (this
 * request's address with that cursor, without an offset). Neither header on the last page.
 */
export function setNextPageHeaders(req: Request, res: Response, publicUrl: string, pageInfo: PageInfo): void {
  if (!pageInfo.hasNextPage || pageInfo.endCursor === null) return;
  // Only the path and query of this request matter; the address in front is the public one.
  const next = new URL(req.originalUrl, 'http://localhost');
  next.searchParams.delete('offset');
  next.searchParams.set('cursor', pageInfo.endCursor);
  const link = `${publicUrl.replace(/\/$/, '')}${next.pathname}${next.search}`;
  res.setHeader('X-Next-Cursor', pageInfo.endCursor);
  res.setHeader('Link', `<${link}>; rel="next"`);
}
