// GET /api/health as an operator reads it: database, queue, and how far behind each async projection is.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, projections } from '../../../events/registry';
import { catchUp, startProjectionDaemon, type ProjectionDaemon } from '../../../events/store/reader';
import { startTestApp, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';

const ASYNC = projections.filter((p) => p.mode === 'async');
const THRESHOLD_SECONDS = 1;

type Lag = { name: string; eventsBehind: number; lagSeconds: number | null; checkpointMovedSecondsAgo: number | null; status: 'ok' | 'lagging' };

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { PROJECTION_LAG_DEGRADED_SECONDS: THRESHOLD_SECONDS, LEAD_RATE_LIMIT_PER_IP: 10_000 } });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; data: { status: string; projections: Lag[] | null } } };
};
const lagOf = (lags: Lag[] | null, name: string) => lags?.find((p) => p.name === name);
const view = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/leads/view', payload: { page: 'menu', section: 'hero' } });
  expect(res.statusCode, res.body).toBe(200);
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/health: the async projections', () => {
  it('lists every async projection with the events it has not processed yet and how long they have waited', async () => {
    const catalog = createCatalog();
    for (const p of ASYNC) await catchUp(db.pool, catalog, p);
    const caughtUp = await health();
    expect(caughtUp.body.data.projections?.map((p) => p.name).sort()).toEqual(ASYNC.map((p) => p.name).sort());
    for (const p of caughtUp.body.data.projections!) expect(p, p.name).toMatchObject({ eventsBehind: 0, lagSeconds: null, status: 'ok' });

    // Page views feed the projections that read LeadPageViewed; nothing processes them in this test.
    await view();
    await view();
    const { body } = await health();
    for (const p of ASYNC) {
      const expected = p.eventTypes.includes('LeadPageViewed') ? 2 : 0;
      expect(lagOf(body.data.projections, p.name)?.eventsBehind, p.name).toBe(expected);
    }
    const daily = lagOf(body.data.projections, 'analytics_daily')!;
    expect(daily.lagSeconds).toBeGreaterThanOrEqual(0);

    for (const p of ASYNC) await catchUp(db.pool, catalog, p);
    const after = lagOf((await health()).body.data.projections, 'analytics_daily')!;
    expect(after).toMatchObject({ eventsBehind: 0, lagSeconds: null, status: 'ok' });
    expect(after.checkpointMovedSecondsAgo).toBeLessThan(5);
  });

  it('says degraded (HTTP 200) while a transaction left open in our database holds them past the threshold, and ok once it ends', async () => {
    let daemon: ProjectionDaemon | undefined;
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    try {
      daemon = startProjectionDaemon(db.pool, createCatalog(), projections, { intervalMs: 100 });
      await daemon.tick();
      expect((await health()).body.data.status).toBe('ok');

      // An idle BEGIN holding a transaction id, as a forgotten psql session would.
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      await view();
      await view();
      await view();
      await pause((THRESHOLD_SECONDS + 0.5) * 1000);

      const stalled = await health();
      expect(stalled.status).toBe(200);
      expect(stalled.body).toMatchObject({ success: true, data: { status: 'degraded', database: 'ok', queue: 'ok' } });
      expect(stalled.body.message).toMatch(/estadísticas/);
      const daily = lagOf(stalled.body.data.projections, 'analytics_daily')!;
      expect(daily).toMatchObject({ eventsBehind: 3, status: 'lagging' });
      expect(daily.lagSeconds).toBeGreaterThanOrEqual(THRESHOLD_SECONDS);
      // The daemon keeps trying; the checkpoint does not move while the transaction is open.
      expect(lagOf(stalled.body.data.projections, 'lead_daily_counts')).toMatchObject({ eventsBehind: 0, status: 'ok' });

      await blocker.query('ROLLBACK');
      const recovered = await waitFor(
        async () => {
          const h = await health();
          return h.body.data.status === 'ok' ? h : undefined;
        },
        { what: 'health ok again' },
      );
      expect(lagOf(recovered.body.data.projections, 'analytics_daily')).toMatchObject({ eventsBehind: 0, status: 'ok' });
    } finally {
      await blocker.end();
      await daemon?.stop();
    }
  });
});
