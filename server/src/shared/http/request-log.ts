import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { httpRequestDuration } from '../metrics.js';

/**
 * One log line per request (method, route pattern, status, duration, request id) and the route
 * pattern the HTTP metrics are labelled with. The pattern, never the path: a path carries ids
 * (and a query string may carry a mailed link's token), a pattern has a fixed, small set of values.
 */

/** The pattern of a request that no route answered (static files, 404s, refusals before routing). */
export const NO_ROUTE = '(no route)';

/** The request id header: taken over from a trusted proxy, always sent back. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Probes of balancers and scrapers: logged at debug only, or they would drown everything else. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id: a proxy's X-Request-Id when the connection comes from a proxy TRUST_PROXY
 * names and the id is short and of safe characters (it lands in log lines and a response header);
 * otherwise a new one.
 */
export function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string {
  const offered = Array.isArray(header) ? header[0] : header;
  if (fromTrustedProxy && offered !== undefined && SAFE_REQUEST_ID.test(offered)) return offered;
  return randomUUID();
}

const ID_LIKE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,})$/i;

/**
 * A mount path as it was written (`/api/:tenantId`) from the path it matched (`/api/4f1c…`):
 * the first of the mount patterns with as many segments whose fixed segments agree; segments of
 * an unknown mount that look like ids become `:id`.
 */
export function mountPatternOf(baseUrl: string, mounts: readonly string[]): string {
  if (baseUrl === '' || baseUrl === '/') return '';
  const segments = baseUrl.split('/');
  for (const mount of mounts) {
    const parts = mount.split('/');
    if (parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index])) return mount;
  }
  return segments.map((segment) => (ID_LIKE.test(segment) ? ':id' : segment)).join('/');
}

/** The full pattern of a matched route: its router's mount pattern and the route's own path. */
export function routePatternOf(matched: { baseUrl: string; routePath: unknown } | undefined, mounts: readonly string[]): string {
  if (!matched || typeof matched.routePath !== 'string') return NO_ROUTE;
  const pattern = `${mountPatternOf(matched.baseUrl, mounts)}${matched.routePath === '/' && matched.baseUrl !== '' ? '' : matched.routePath}`;
  return pattern === '' ? '/' : pattern;
}

const matchedRoute = Symbol('matchedRoute');
const graphqlPath = '/graphql';

type TrackedRequest = Request & {
  [matchedRoute]?: { baseUrl: string; routePath: unknown };
};

/**
 * Remembers the route express dispatches to, with the mount path it was reached under at that
 * moment: afterwards (an error handed on, a router left) express resets `baseUrl`.
 */
export function trackRoute(req: Request, _res: Response, next: NextFunction): void {
  const tracked = req as TrackedRequest;
  let route: unknown = undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      if (value) tracked[matchedRoute] = { baseUrl: req.baseUrl, routePath: value.path };
    },
  });
  next();
}

/** The route pattern of a finished (or running) request; GraphQL over HTTP is one pattern. */
export function requestRoutePattern(req: Request, mounts: readonly string[]): string {
  const matched = (req as TrackedRequest)[matchedRoute];
  if (matched) return routePatternOf(matched, mounts);
  if (req.originalUrl.split('?', 1)[0] === graphqlPath) return graphqlPath;
  return NO_ROUTE;
}

const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** A GraphQL request's operation name, when it sent a plain one. */
function operationNameOf(req: Request): string | undefined {
  if (req.originalUrl.split('?', 1)[0] !== graphqlPath) return undefined;
  const body = req.body as { operationName?: unknown } | undefined;
  const name = body && typeof body === 'object' ? body.operationName : undefined;
  return typeof name === 'string' && OPERATION_NAME.test(name) ? name : undefined;
}

/** Whether the connection comes from a proxy express trusts (TRUST_PROXY): the first hop, as express judges it. */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  return !!trust && !!req.socket.remoteAddress && trust(req.socket.remoteAddress, 0);
}

/**
 * The request log with the request id; mounted first, after `trust proxy` is set. Mounts are the
 * app's mount paths with parameters, for the route pattern. One line per request when its answer is
 * complete (or the client went away), written by the process's logger itself: no child logger per
 * request, whose bindings would pass the redaction each time (the benchmark found that costing as
 * much as the rest of a light request).
 */
export function requestLogging(logger: Logger, mounts: readonly string[]): RequestHandler[] {
  const log: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers['x-request-id'], fromTrustedProxy(req));
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const written = (event: 'finish' | 'close') => {
      res.removeListener('finish', onFinish);
      res.removeListener('close', onClose);
      // Closed before the answer was sent completely: the client went away (closed tab, timeout, a
      // load test ending); whatever status was set for the unsent answer says nothing of the server.
      const aborted = event === 'close' && !res.writableFinished;
      const failed = !aborted && res.statusCode >= 500;
      const level = PROBE_PATHS.has(req.originalUrl.split('?', 1)[0]) ? 'debug' : failed ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const operation = operationNameOf(req);
      const line = { requestId, method: req.method, route: requestRoutePattern(req, mounts), ...(operation ? { operation } : {}), status: res.statusCode, durationMs: Math.round(performance.now() - started) };
      logger[level](line, aborted ? 'Anfrage abgebrochen' : failed ? 'Anfrage fehlgeschlagen' : 'Anfrage beantwortet');
    };
    const onFinish = () => written('finish');
    const onClose = () => written('close');
    res.on('finish', onFinish);
    res.on('close', onClose);
    next();
  };
  return [trackRoute, log];
}

/** Observes every request's duration in the HTTP histogram, labelled with its route pattern. */
export function requestMetrics(mounts: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequestDuration.observe(
        {
          method: req.method,
          route: requestRoutePattern(req, mounts),
          status: String(res.statusCode),
        },
        seconds,
      );
    });
    next();
  };
}
