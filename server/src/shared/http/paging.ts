import type { Request, Response } from 'express';
import type { PageInfo } from '../keyset.js';

/**
 * The next page of a REST list paged by cursor, in headers so the body stays the bare array older
 * clients read: `X-Next-Cursor` (the cursor after the page's last row, to send as `cursor`; on every
 * page with rows, so a synchronisation can resume after the last page it read) and
 * `Link: <…>; rel="next"` (this request's address with that cursor, without an offset) only while
 * more rows follow.
 */
export function setNextPageHeaders(req: Request, res: Response, publicUrl: string, pageInfo: PageInfo): void {
  if (pageInfo.endCursor === null) return;
  res.setHeader('X-Next-Cursor', pageInfo.endCursor);
  if (!pageInfo.hasNextPage) return;
  // Only the path and query of this request matter; the address in front is the public one.
  const next = new URL(req.originalUrl, 'http://localhost');
  next.searchParams.delete('offset');
  next.searchParams.set('cursor', pageInfo.endCursor);
  const link = `${publicUrl.replace(/\/$/, '')}${next.pathname}${next.search}`;
  res.setHeader('Link', `<${link}>; rel="next"`);
}
