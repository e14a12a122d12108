import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import { Kind, OperationTypeNode, type GraphQLFormattedError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import helmet from 'helmet';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { pendingMigrationNames } from './db/migration-state.js';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppConfig } from './config.js';
import { bookableRoutes } from './bookables/bookable.routes.js';
import { eventRoutes } from './events/event.routes.js';
import { eventCsvRoutes } from './events/event-csv.routes.js';
import { bookingCsvRoutes } from './bookings/booking-csv.routes.js';
import { snippetRoutes } from './snippets/snippet.routes.js';
import { bookingRoutes } from './bookings/booking.routes.js';
import { bookingCancellationRoutes } from './bookings/booking-cancellation.routes.js';
import { checkoutRoutes } from './bookings/checkout/checkout.routes.js';
import { bookingSeriesRoutes } from './bookings/series/booking-series.routes.js';
import { allocationRoutes } from './allocation/allocation.routes.js';
import { paymentCallbackRoutes, paymentRoutes } from './payments/payment.routes.js';
import { TEST_PAYMENT_PATH } from './payments/providers/test-provider.js';
import { testPaymentRoutes } from './payments/test-payment.routes.js';
import { couponRoutes } from './coupons/coupon.routes.js';
import { fileRoutes } from './files/file.routes.js';
import { MAX_FILE_BYTES } from './files/file.rules.js';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { instanceRoutes } from './instance/instance.routes.js';
import { platformRoleRoutes, roleRoutes } from './roles/role.routes.js';
import { receiptRoutes } from './receipts/receipt.routes.js';
import { privacyRoutes } from './privacy/privacy.routes.js';
import { createServices, type Services } from './services.js';
import { AppError } from './shared/errors.js';
import type { GraphQLContext } from './shared/graphql/context.js';
import { checkedSocketOperation, graphqlLimitRules, graphqlParseOptions, operationLimitsPlugin, rejectOversizedGraphqlSource } from './shared/graphql/limits.js';
import { buildAppSchema } from './schema.js';
import { csrfProtection, graphqlPreflightProtection } from './shared/http/csrf.js';
import { HttpDrain } from './shared/http/graceful-shutdown.js';
import { healthRoutes } from './shared/http/health.js';
import { requestLogging, requestMetrics } from './shared/http/request-log.js';
import { logger } from './shared/logging.js';
import { createMetricsRegistry, metricsRoutes, QUEUE_FIGURES_SQL, type PoolFigures } from './shared/metrics.js';
import { rejectNonObjectBody } from './shared/http/json-body.js';
import { graphqlErrorHandler, sendRefusal } from './shared/http/refusal.js';
import { germanInputValueMessage } from './shared/graphql/input-value-errors.js';
import { apolloRequestError } from './shared/graphql/request-errors.js';
import { rejectOversizedPathSegments } from './shared/http/path-ids.js';
import { clientInputError, INVALID_CHARACTERS, problem, problemHandler, unavailableError } from './shared/http/problem.js';
import { serviceUnavailablePlugin } from './shared/graphql/unavailable.js';
import { createSessionStore, SESSION_MAX_AGE_MS } from './shared/http/session-store.js';
import { serveClientAssets, wantsClientPage } from './shared/http/static-assets.js';
import { createAppPubSub } from './shared/pubsub.js';
import { JobWorker, migrateJobQueue } from './shared/jobs.js';
import { tenantRoutes, tenantScopedRoutes } from './tenants/tenant.routes.js';
import { workflowRoutes } from './workflow/workflow.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { apiTokenRoutes } from './tokens/api-token.routes.js';
import { apiDocument } from './api-document.js';
import { apiDocsRoutes } from './shared/openapi/routes.js';
import { calendarFeedRoutes } from './feeds/calendar-feed.routes.js';
import { authRoutes } from './users/auth.routes.js';
import { bearerAuthentication, tokenTenantScope } from './users/bearer-auth.js';
import { SocketViewers } from './users/live-viewer.js';
import { viewerOf } from './users/session-viewer.js';
import { userRoutes } from './users/user.routes.js';
import { myBookingRoutes } from './bookings/my-bookings.routes.js';

export const SESSION_COOKIE = 'connect.sid';

/**
 * Paths that only ever hold data (the REST facade, downloads, snippets, and `/json`, which says so
 * by its name): nothing under them is a screen of the client.
 */
const DATA_PATHS = ['/auth', '/api', '/csv', '/html', '/json'];

/** The mount paths with parameters, so logs and metrics name a request's route pattern, not its ids. */
const MOUNT_PATTERNS = ['/api/:tenantId', '/csv/:tenantId', '/html/:tenantId'];

/** Connections of a pg pool for the metrics. */
const pgPoolFigures = (pool: pg.Pool) => (): PoolFigures => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

/** The ORM's connection pool (knex's tarn pool) for the metrics. */
function ormPoolFigures(orm: MikroORM): () => PoolFigures {
  return () => {
    const pool = (orm.em.getConnection().getKnex().client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
    if (!pool) return { total: 0, idle: 0, waiting: 0 };
    return { total: pool.numUsed() + pool.numFree(), idle: pool.numFree(), waiting: pool.numPendingAcquires() };
  };
}

export interface RunningApp {
  server: Server;
  services: Services;
  /**
   * The graceful shutdown, then every resource except the ORM's database: readiness fails at once,
   * running requests and jobs get `graceMs` (default SHUTDOWN_GRACE_SECONDS) to finish, WebSockets
   * are closed with 1012 (shared/http/graceful-shutdown.ts); what is left then is cut, and the jobs
   * still running go back to the queue for another process.
   */
  close(graceMs?: number): Promise<void>;
}

function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    // `http` (status and headers for Apollo) is no part of the answer.
    const { http: _http, ...extensions } = original.extensions;
    return { ...formatted, message: original.message, extensions };
  }
  // A value PostgreSQL refuses (NUL byte, malformed number or date) is the client's mistake, not a 500.
  const input = clientInputError(original);
  if (input) return { ...formatted, message: input.message, extensions: input.extensions };
  // The database is away (restart, network): 503 and retry, not a 500 (serviceUnavailablePlugin).
  const unavailable = unavailableError(original);
  if (unavailable) {
    logger.warn({ err: original }, '[db] unavailable, GraphQL answered SERVICE_UNAVAILABLE');
    return { ...formatted, message: unavailable.message, extensions: unavailable.extensions };
  }
  const code = formatted.extensions?.code;
  // Apollo's refusals of a malformed request (method, body, batching) with the catalogue's codes.
  const request = apolloRequestError(original, code, formatted.message);
  if (request) return { message: request.message, extensions: request.extensions };
  // A variable or argument of the wrong type: GraphQL's code, in German.
  const german = germanInputValueMessage(code, formatted.message);
  if (german) return { ...formatted, message: german };
  if (code && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  logger.error({ err: original }, '[graphql] unexpected error');
  const generic = new AppError('generic.error');
  return { message: generic.message, locations: formatted.locations, path: formatted.path, extensions: generic.extensions };
}

/** A NUL byte anywhere in a (decoded) query string value or key, also in nested or repeated parameters. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, nested]) => key.includes('\u0000') || containsNul(nested));
  return false;
}

/**
 * PostgreSQL stores no NUL byte in text: refuse it in the path or query string before any handler
 * passes it to the database (which would answer with an error, not a 404).
 */
function rejectNulBytes(req: Request, res: Response, next: NextFunction): void {
  const pathname = req.originalUrl.split('?', 1)[0];
  if (/%00/.test(pathname) || pathname.includes('\u0000') || containsNul(req.query)) return sendRefusal(req, res, new AppError('generic.validation', { detail: INVALID_CHARACTERS }));
  next();
}

/** Builds the whole HTTP server: security headers, sessions, REST facade, GraphQL (HTTP and WebSocket), client. */
export async function createApp(config: AppConfig, orm: MikroORM, databaseUrl: string): Promise<RunningApp> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  pool.on('error', (error) => logger.error({ err: error }, '[db] idle client error'));
  const { pubSub, signals, start: startPubSub, stop: stopPubSub } = createAppPubSub(pool, databaseUrl);
  await startPubSub();
  const services = createServices(config, orm, pubSub);
  // The job queue's schema before the first request can enqueue; its worker has its own connections.
  const jobPool = new pg.Pool({ connectionString: databaseUrl, max: config.jobConcurrency + config.webhooks.concurrency + 3 });
  jobPool.on('error', (error) => logger.error({ err: error }, '[jobs] idle client error'));
  jobPool.on('connect', (client) => client.on('error', (error) => logger.error({ err: error }, '[jobs] client error')));
  await migrateJobQueue(jobPool);
  const jobWorker = new JobWorker(jobPool, services.jobHandlers, config.jobConcurrency, services.jobSchedules, services.jobLanes);
  await jobWorker.start();
  const schema = await buildAppSchema(pubSub);
  // Subscriptions per socket (graphql-ws context): those still running are the ones its context lists.
  const subscriptionSockets = new Map<{ subscriptions: Record<string, unknown> }, Set<string>>();
  const activeSubscriptions = () => {
    let count = 0;
    // graphql-ws keeps a null placeholder while an operation is still being authorised; only one
    // with its result stream in place receives events.
    for (const [context, ids] of subscriptionSockets) for (const id of ids) if (context.subscriptions[id] != null) count++;
    return count;
  };
  const metrics = createMetricsRegistry({
    pools: { orm: ormPoolFigures(orm), app: pgPoolFigures(pool), jobs: pgPoolFigures(jobPool) },
    queue: async () => {
      const { rows } = await pool.query<{ pending: number; given_up: number; oldest: number }>(QUEUE_FIGURES_SQL);
      return { pending: rows[0]?.pending ?? 0, givenUp: rows[0]?.given_up ?? 0, oldestWaitingSeconds: rows[0]?.oldest ?? 0 };
    },
    // Read on scrapes only, after the socket server below exists.
    webSockets: () => wsServer.clients.size,
    subscriptions: activeSubscriptions,
  });

  const app = express();
  const server = createServer(app);
  // GraphQL over WebSocket on the same path; the browser's cookie identifies the user. Attached
  // through the upgrade event only (noServer): with `server` it would also take the HTTP server's
  // errors, and a port taken at start would reach graphql-ws as an "internal error".
  const wsServer = new WebSocketServer({
    noServer: true,
    path: '/graphql',
    verifyClient: ({ origin }: { origin: string }) => !origin || config.corsOrigins.includes(origin),
  });
  // Counts running requests and, once a shutdown began, ends each connection after its answer.
  const httpDrain = new HttpDrain(server, wsServer);
  app.use(httpDrain.middleware);
  // Forwarded headers count only from the proxies TRUST_PROXY names (default none): otherwise any
  // client could pick the address its attempts are rate-limited under.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // First: every request gets its id and log line, also those refused early.
  app.use(requestLogging(logger, MOUNT_PATTERNS), requestMetrics(MOUNT_PATTERNS));
  // The browser exchanges the single sign-on code at the provider: its origin joins connect-src.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    services.instanceSso.ssoOrigin().then(
      (origin) => {
        res.locals.ssoOrigin = origin;
        next();
      },
      () => next(),
    );
  });
  app.use(
    helmet({
      crossOriginResourcePolicy: false,
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'worker-src': ["'self'", 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:', (_req, res) => ((res as Response).locals.ssoOrigin as string | undefined) ?? ''],
          'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
    }),
  );

  // CORS with credentials only for the configured origins, never a reflected arbitrary one.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin && config.corsOrigins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Methods', 'GET,PUT,POST,DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'X-Requested-With, Content-Type, Accept, apollo-require-preflight');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') return void res.sendStatus(origin && config.corsOrigins.includes(origin) ? 204 : 403);
    next();
  });

  // Metrics for Prometheus, like health before sessions, CSRF and rate limits.
  app.use(metricsRoutes(metrics, { production: config.nodeEnv === 'production', token: config.metricsToken }));
  // Health and readiness for balancers and orchestrators, before sessions, CSRF and rate limits.
  app.use(
    healthRoutes({
      database: async () => {
        await pool.query('select 1');
        return { ok: true, detail: 'erreichbar' };
      },
      migrations: async () => {
        const pending = await pendingMigrationNames(pool);
        return pending.length === 0 ? { ok: true, detail: 'alle angewendet' } : { ok: false, detail: `${pending.length} ausstehend: ${pending.join(', ')}` };
      },
      jobWorker: async () => jobWorker.state(),
      shutdown: async () => httpDrain.state(),
    }),
  );
  app.use(['/auth', '/api', '/graphql', '/csv', '/html', '/ical'], rejectNulBytes);
  // An id longer than any stored one answers 404 before it reaches the database (shared/ids.ts).
  app.use(['/auth', '/api', '/csv', '/html', '/ical'], rejectOversizedPathSegments);
  // The API reference (OpenAPI document and its page): public, before tokens and sessions.
  app.use('/api', apiDocsRoutes(apiDocument()));
  // Calendar feeds for calendar programs: no session, no cookie; the URL's token is the credential.
  app.use('/ical', calendarFeedRoutes(services));

  // API tokens of integrators (Authorization: Bearer …) before sessions and CSRF checks: such a
  // request carries no cookie, and its token's viewer is every route's viewer.
  app.use(
    ['/auth', '/api', '/graphql', '/csv', '/html'],
    bearerAuthentication(services.apiTokens, services.attempts, { sessionCookie: SESSION_COOKIE, perMinute: config.rateLimit.apiTokenPerMinute }),
  );

  const sessionStore = createSessionStore(pool, (sessionId) => services.viewers.readSession(sessionId));
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: SESSION_MAX_AGE_MS,
      path: '/',
    },
  });
  // Only the API, the staff's downloads and the snippets read sessions; the client's files and pages never need one.
  app.use(['/auth', '/api', '/graphql', '/csv', '/html'], sessionMiddleware);
  // A single sign-on session the provider has revoked ends before the request is served.
  app.use(['/auth', '/api', '/graphql', '/csv', '/html'], services.ssoSessions.middleware());

  const csrf = csrfProtection(config.corsOrigins);
  const json = express.json({ limit: '1mb' });
  const restJson = [json, rejectNonObjectBody];
  // The payment providers' callbacks come cross-site (their server, the browser from their page):
  // before every CSRF check, verified by the provider's signature or status lookup instead.
  app.use('/api/:tenantId', paymentCallbackRoutes(services));
  app.use('/auth', csrf, restJson, authRoutes(services), ssoRoutes(services));
  app.use('/api', csrf, restJson, userRoutes(services), myBookingRoutes(services), instanceRoutes(services), platformRoleRoutes(services), tenantRoutes(services));
  // Tenant-scoped routes after the platform ones (Express: the first match wins), so /api/tenants/... never reaches them.
  // A token of another tenant is refused on every tenant's path, before any route (shared/token-scope.ts).
  const tenantScope = tokenTenantScope(services.viewers);
  app.use('/api/:tenantId', tenantScope, csrf, restJson, roleRoutes(services), couponRoutes(services), fileRoutes(services), bookableRoutes(services), eventRoutes(services), bookingRoutes(services), bookingCancellationRoutes(services), bookingSeriesRoutes(services), allocationRoutes(services), receiptRoutes(services), privacyRoutes(services), checkoutRoutes(services), paymentRoutes(services), tenantScopedRoutes(services), workflowRoutes(services), apiTokenRoutes(services));
  // Downloads for staff (a session, read-only GETs: no CSRF token needed).
  app.use('/csv/:tenantId', tenantScope, eventCsvRoutes(services), bookingCsvRoutes(services));
  // HTML snippets for tenant websites (public; a session only adds an event's attachments).
  app.use('/html/:tenantId', tenantScope, snippetRoutes(services));
  // The built-in test provider's page (development and the demo; in production no transaction exists).
  app.use(TEST_PAYMENT_PATH, rejectNulBytes, csrf, testPaymentRoutes(services));
  // Data paths are never screens of the client: an unknown one is a 404 problem, also for browsers.
  app.use(DATA_PATHS, (_req: Request, res: Response) => problem(res, 'generic.not-found'));
  app.use(DATA_PATHS, problemHandler);

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (httpDrain.refuseUpgrade(socket)) return;
    wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
  });
  // Each socket's viewer is checked for every operation and event, and the socket is closed when its
  // session ends or its user's rights change (users/live-viewer.ts).
  const socketViewers = new SocketViewers(
    services.viewers,
    signals,
    (req) =>
      // express-session only reads here; the stub response is never written.
      new Promise<void>((resolve, reject) => (req.session ? resolve() : sessionMiddleware(req, {} as Response, (error?: unknown) => (error ? reject(error) : resolve())))),
    services.ssoSessions.confirmSocketSession,
    { authenticator: services.apiTokens, sessionCookie: SESSION_COOKIE },
  );
  const wsCleanup = useServer<Record<string, unknown>, { request: IncomingMessage; socket: WebSocket }>(
    {
      schema,
      // The same document limits as over HTTP (length, tokens, fragments, depth, cost, ids), for
      // queries, mutations and subscriptions; the checked document runs.
      onSubscribe: (ctx, id, payload) => {
        const checked = checkedSocketOperation(schema, payload);
        if ('errors' in checked) return [...checked.errors];
        if (checked.document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION)) {
          subscriptionSockets.set(ctx, (subscriptionSockets.get(ctx) ?? new Set<string>()).add(id));
        }
        return { schema, document: checked.document, operationName: payload.operationName, variableValues: payload.variables };
      },
      context: (ctx): GraphQLContext => {
        const req = ctx.extra.request as Request;
        return { services, req, viewer: () => socketViewers.viewerOf(ctx.extra.socket, req, ctx.connectionParams) };
      },
      onComplete: (ctx, id) => {
        subscriptionSockets.get(ctx)?.delete(id);
      },
      onClose: (ctx) => {
        subscriptionSockets.delete(ctx);
      },
      onError: (_ctx, _id, _payload, errors) => {
        errors.forEach((error) => logger.error({ err: error }, '[graphql-ws] error'));
      },
      // Execution errors get the same German messages and codes as over HTTP (no database texts).
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined,
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    // Stack traces are for the server log, never for clients (also in development).
    includeStacktraceInErrorResponses: false,
    introspection: true,
    // Document limits (shared/graphql/limits.ts); refusals are GRAPHQL_VALIDATION_FAILED with HTTP 400.
    parseOptions: graphqlParseOptions,
    validationRules: graphqlLimitRules,
    formatError,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used; without this plugin Apollo wraps every field's resolver to collect them.
      ApolloServerPluginCacheControlDisabled(),
      // Subscriptions only over WebSocket; oversized ids refused before any resolver.
      operationLimitsPlugin,
      // While PostgreSQL cannot be reached: HTTP 503 with SERVICE_UNAVAILABLE.
      serviceUnavailablePlugin,
      { serverWillStart: async () => ({ drainServer: async () => void (await wsCleanup.dispose()) }) },
    ],
  });
  await apollo.start();
  app.use(
    '/graphql',
    csrf,
    graphqlPreflightProtection,
    // Multipart uploads (graphql-multipart-request-spec) before express.json and Apollo. One byte above
    // the limit, so the file service's own counter refuses with its German message.
    graphqlUploadExpress({ maxFileSize: MAX_FILE_BYTES + 1, maxFiles: 1 }),
    json,
    rejectNonObjectBody,
    rejectOversizedGraphqlSource,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => ({ services, req, res, viewer: () => viewerOf(req, services.viewers) }),
    }),
  );
  // Errors before Apollo (a JSON body above 1 MB, malformed JSON or multipart, the session store
  // unreachable) as GraphQL errors with the catalogue's codes, like every refusal on /graphql.
  app.use('/graphql', graphqlErrorHandler);

  // The built client: every unknown path gets index.html (history-mode routing).
  const clientDist = config.clientDist;
  if (existsSync(path.join(clientDist, 'index.html'))) {
    app.get('/graphiql', (_req: Request, res: Response) => res.sendFile(path.join(clientDist, 'graphiql.html')));
    app.use(serveClientAssets(clientDist));
    // Read once; in production the page says so, which hides the test-system bar.
    const indexHtml = readFileSync(path.join(clientDist, 'index.html'), 'utf8').replace(
      '<meta name="test-system" content="true" />',
      `<meta name="test-system" content="${config.nodeEnv === 'production' ? 'false' : 'true'}" />`,
    );
    app.get('/{*splat}', (req: Request, res: Response, next: NextFunction) => {
      if (!wantsClientPage(req)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  } else {
    app.get('/', (_req: Request, res: Response) => res.type('text/plain').send('Client nicht gebaut: npm run build:client'));
  }
  // Neither a file, an API path nor a screen (or a request that does not ask for a page): a 404
  // problem, so a client reading JSON never takes the page for an (empty) answer.
  app.use((_req: Request, res: Response) => problem(res, 'generic.not-found'));
  app.use(problemHandler);

  return {
    server,
    services,
    close: async (graceMs = config.shutdownGraceMs) => {
      // Requests, WebSockets and jobs drain side by side, within the one grace period.
      const [http] = await Promise.all([httpDrain.drain(graceMs), jobWorker.stop(graceMs)]);
      if (http.cutConnections > 0) logger.warn(`[http] grace period over: ${http.cutRequests} running request(s) cut, ${http.cutConnections} connection(s) closed`);
      await apollo.stop();
      wsServer.close();
      await stopPubSub();
      await jobPool.end();
      // The warm PDF browser goes with the job worker that used it.
      await services.receipts.close();
      services.mail.close();
      sessionStore.close();
      await pool.end();
    },
  };
}
