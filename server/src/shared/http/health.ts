import { Router, type Response } from 'express';
import type { ApiDomain } from '../openapi/operation.js';

/** One readiness check: `ok` with a short word on what was seen, or the failure's reason. */
export type HealthCheck = () => Promise<{ ok: boolean; detail: string }>;

/** A check that takes longer than this counts as failed: a balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: HealthCheck): Promise<{ ok: boolean; detail: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `keine Antwort nach ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
  });
  const run = check().catch((error: unknown) => ({ ok: false, detail: error instanceof Error ? error.message : String(error) }));
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/**
 * GET /healthz: the process lives (answers without touching anything). GET /readyz: every named
 * check passes (200), or 503 naming the failing ones, for a load balancer deciding where to send
 * requests. Both are unauthenticated, cheap and mounted before sessions and rate limits; they
 * reveal no data but the checks' names and states.
 */
export function healthRoutes(checks: Record<string, HealthCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    noStore(res).json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => withTimeout(checks[name])));
    const report = Object.fromEntries(names.map((name, index) => [name, results[index]]));
    const failing = names.filter((_name, index) => !results[index].ok);
    noStore(res)
      .status(failing.length === 0 ? 200 : 503)
      .json(failing.length === 0 ? { status: 'ready', checks: report } : { status: 'not ready', failing, checks: report });
  });
  return router;
}

const checkResults = { type: 'object', additionalProperties: { type: 'object', required: ['ok', 'detail'], properties: { ok: { type: 'boolean' }, detail: { type: 'string' } } } };

/** Health and readiness in the OpenAPI document. */
export const healthApi: ApiDomain = {
  tag: { name: 'Betrieb', description: 'Lebens- und Bereitschaftsprüfung für Load Balancer und Orchestrierung.' },
  source: 'server/src/shared/http/health.ts',
  operations: [
    {
      method: 'get',
      path: '/healthz',
      summary: 'Der Prozess lebt',
      access: 'public',
      answers: { 200: { description: 'Lebt.', schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }, example: { status: 'ok' } } },
    },
    {
      method: 'get',
      path: '/readyz',
      summary: 'Bereit für Anfragen',
      description: 'Datenbank, Migrationen, Job-Worker und Herunterfahren; 503 nennt die fehlschlagenden Prüfungen.',
      access: 'public',
      answers: {
        200: {
          description: 'Bereit.',
          schema: { type: 'object', required: ['status', 'checks'], properties: { status: { const: 'ready' }, checks: checkResults } },
          example: { status: 'ready', checks: { database: { ok: true, detail: 'erreichbar' }, migrations: { ok: true, detail: 'alle angewendet' } } },
        },
        503: {
          description: 'Nicht bereit (kein problem+json: Balancer lesen nur den Status).',
          schema: { type: 'object', required: ['status', 'failing', 'checks'], properties: { status: { const: 'not ready' }, failing: { type: 'array', items: { type: 'string' } }, checks: checkResults } },
        },
      },
    },
  ],
};
