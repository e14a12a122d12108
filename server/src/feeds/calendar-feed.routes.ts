import { Router, type Request, type Response } from 'express';
import type { DomainServices } from '../shared/domain-services.js';
import { AppError } from '../shared/errors.js';
import { clientIp } from '../shared/http/session.js';
import { tooManyAttempts, type RateLimiter } from '../shared/rate-limit.js';

/** Unknown tokens one address may try per window before every feed request of it is refused. */
const FEED_MISSES_PER_WINDOW = 30;
const FEED_MISS_WINDOW_SECONDS = 15 * 60;

/** Whether `If-None-Match` names the entity tag (a list, weak forms and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /ical/:token.ics: a calendar feed for calendar programs, without a session (the token is
 * the credential). Every request counts against its address, a served feed takes its count back,
 * so only guesses use up the limit. Unknown and revoked tokens answer 404.
 */
export function calendarFeedRoutes(services: Pick<DomainServices, 'calendarFeeds'> & { attempts: RateLimiter }): Router {
  const router = Router();
  router.get('/:token.ics', async (req: Request<{ token: string }>, res: Response) => {
    const key = `calendar-feed:ip:${clientIp(req)}`;
    const { exceeded, retryAfterSeconds } = await services.attempts.count(key, FEED_MISSES_PER_WINDOW, FEED_MISS_WINDOW_SECONDS);
    if (exceeded) throw tooManyAttempts(retryAfterSeconds);
    const feed = await services.calendarFeeds.render(req.params.token);
    if (!feed) throw new AppError('feed.not-found');
    await services.attempts.refund(key);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.setHeader('ETag', feed.etag);
    if (matches(req.get('If-None-Match'), feed.etag)) return void res.status(304).end();
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="kalender.ics"');
    res.send(feed.body);
  });
  return router;
}
