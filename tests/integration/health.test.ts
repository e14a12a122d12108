import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Health and readiness as a load balancer asks for them: no session, no CSRF token, no cache. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('health and readiness', () => {
  it('GET /healthz answers 200 without a session and sets no cookie', async () => {
    const answer = await fetch(`${app.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('GET /readyz answers 200 naming each check: database, migrations, job worker, shutdown', async () => {
    const answer = await fetch(`${app.url}/readyz`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'jobWorker', 'migrations', 'shutdown']);
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('GET /readyz answers 503 naming the failing check while a migration of this release is not applied', async () => {
    const sql = app.orm.em.getConnection();
    const [latest] = await sql.execute<{ id: number; name: string; executed_at: Date }[]>('select id, name, executed_at from mikro_orm_migrations order by id desc limit 1');
    await sql.execute('delete from mikro_orm_migrations where id = ?', [latest.id]);
    try {
      const answer = await fetch(`${app.url}/readyz`);
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as { status: string; failing: string[]; checks: Record<string, { ok: boolean; detail: string }> };
      expect(body.status).toBe('not ready');
      expect(body.failing).toEqual(['migrations']);
      expect(body.checks.migrations.detail).toContain(latest.name.replace(/\.[jt]s$/, ''));
      expect(body.checks.database.ok).toBe(true);
    } finally {
      await sql.execute('insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)', [latest.id, latest.name, latest.executed_at]);
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });

  it('GET /readyz stays 200 while every connection of the request pool is held (checkouts queued for one lock)', async () => {
    const requestPool = (app.orm.em.getConnection().getKnex().client as { pool: { max: number; numUsed(): number } }).pool;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    let allHeld!: () => void;
    const held = new Promise<void>((resolve) => (allHeld = resolve));
    const holders = Array.from({ length: requestPool.max }, () =>
      app.orm.em.fork().transactional(async (tx) => {
        await tx.execute('select 1');
        if (++holding === requestPool.max) allHeld();
        await gate;
      }),
    );
    try {
      await held;
      expect(requestPool.numUsed()).toBe(requestPool.max);
      const answer = await fetch(`${app.url}/readyz`);
      const body = (await answer.json()) as { failing?: string[] };
      expect(answer.status, JSON.stringify(body)).toBe(200);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
