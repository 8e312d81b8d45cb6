// PostgreSQL stops while learners are writing and reading, and comes back on the same data and port.
// The real server (a child process) must answer every request it cannot serve with the Spanish 503,
// stay up, report itself unhealthy, recover by itself, and keep every write it acknowledged.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerStreamId } from '../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../events/registry';
import { catchUp, rebuildProjections } from '../../events/store/reader';
import { TEST_CONFIG } from '../../tests/setup/app';
import { APP_DATABASE, createPool } from '../db/database';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { MESSAGES } from '../http';
import { composeRuntime } from '../runtime';
import { call, dumpProjections, learnerTraffic, signedInLearner, startServerProcess, type HttpLearner, type ServerProcess } from './server-process';

const LEARNERS = 6;
const UP_BEFORE_MS = 1500;
const OUTAGE_MS = 3000;
const UP_AFTER_MS = 1500;
/** How long the server may take to notice the database is back. */
const RECOVERY_BOUND_MS = 15_000;

let dir: string;
let clusterDir: string;
let pgPort: number;
let postgres: EmbeddedDatabase;
let pool: pg.Pool;
let server: ServerProcess;
let learners: HttpLearner[];
const catalog = createCatalog();

const startPostgres = () => startEmbeddedPostgres({ clusterDir, port: pgPort });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'manifiesta-pg-restart-'));
  await chmod(dir, 0o755); // as root, postgres runs as its own user and must reach the cluster
  clusterDir = path.join(dir, 'pg');
  pgPort = await freePort();
  postgres = await startPostgres();
  await postgres.ensureDatabase(APP_DATABASE);
  const url = postgres.urlFor(APP_DATABASE);
  server = await startServerProcess(url); // migrates the empty database
  pool = createPool(url, 4);
  const { store } = await composeRuntime({ config: TEST_CONFIG, database: { pool, url }, log: pino({ level: 'silent' }), jobs: false });
  learners = await Promise.all(Array.from({ length: LEARNERS }, () => signedInLearner(store, server.baseUrl)));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await pool?.end();
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const health = async () => {
  try {
    const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as { success: boolean; data: { database: string; queue: string } } };
  } catch (err) {
    return { status: 0, body: { error: String(err) } };
  }
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarts while requests are in flight', () => {
  it('503 in Spanish during the outage, never a 500; the server stays up, recovers by itself, and loses no acknowledged write', async () => {
    expect((await health()).status).toBe(200);
    const traffic = learners.map((l, i) => learnerTraffic(server.baseUrl, l, i));
    await pause(UP_BEFORE_MS);

    const outageStart = Date.now();
    await postgres.stop(); // fast shutdown: open transactions are rolled back, connections terminated
    await pause(OUTAGE_MS / 2);
    const duringOutage = await health();
    await pause(OUTAGE_MS / 2);

    postgres = await startPostgres();
    const backAt = Date.now();
    let healthyAfterMs: number | undefined;
    let writableAfterMs: number | undefined;
    const probe = learners[0]!;
    while (Date.now() - backAt < RECOVERY_BOUND_MS && (healthyAfterMs === undefined || writableAfterMs === undefined)) {
      if (healthyAfterMs === undefined && (await health()).status === 200) healthyAfterMs = Date.now() - backAt;
      if (writableAfterMs === undefined) {
        const res = await call(server.baseUrl, probe, 'POST', '/api/activity/saveReflection', { activityId: '12-areas-balance', text: `Vuelvo ${Date.now()}` });
        if (res.status === 200) writableAfterMs = Date.now() - backAt;
        else if (res.status !== 503)
          expect.fail(
            `a write after the restart answered ${res.status}: ${res.body}; server exit ${JSON.stringify(server.exit)}\n${server.lines.slice(-20).join('\n')}`,
          );
      }
      await pause(100);
    }
    await pause(UP_AFTER_MS);
    await Promise.all(traffic.map((t) => t.stop()));
    const outageEnd = backAt + (writableAfterMs ?? RECOVERY_BOUND_MS);

    // The server noticed the outage, and came back without a restart.
    expect(duringOutage.status).toBe(503);
    expect(duringOutage.body).toMatchObject({ success: false, data: { database: 'down' } });
    expect(server.exit).toBeUndefined();
    expect(healthyAfterMs, 'health 200 after the restart').toBeDefined();
    expect(writableAfterMs, 'a write succeeds after the restart').toBeDefined();

    const writes = traffic.flatMap((t) => t.writes);
    const answers = [...writes.map((w) => w.answer), ...traffic.flatMap((t) => t.reads)];
    const during = answers.filter((a) => a.at >= outageStart && a.at < outageEnd);
    const unavailable = answers.filter((a) => a.status === 503);
    const statuses = Object.fromEntries([...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length]));
    console.info(
      `postgres restart: ${answers.length} requests (${writes.length} writes), statuses ${JSON.stringify(statuses)}; ` +
        `${during.length} started during the outage; health 200 ${healthyAfterMs} ms and first write ${writableAfterMs} ms after PostgreSQL was back`,
    );

    // Every answer is a success or the Spanish 503 with Retry-After: never a 500, a 401 (which would sign
    // the learner out) or a dropped connection.
    expect(statuses).toEqual(expect.objectContaining({ 200: expect.any(Number), 503: expect.any(Number) }));
    expect(Object.keys(statuses).sort()).toEqual(['200', '503']);
    expect(unavailable.every((a) => a.at >= outageStart - 1000 && a.at < outageEnd)).toBe(true);
    for (const a of unavailable) {
      expect(JSON.parse(a.body)).toEqual({ success: false, message: MESSAGES.unavailable, data: null });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // No internals in any body: stack frames, SQL, driver or PostgreSQL messages.
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.body).not.toMatch(/\bat \S+ \(|\.ts:\d+|ECONN|SELECT|INSERT|UPDATE|terminat|postgres|Connection/i);
    }

    // No acknowledged write is lost: each 2xx write's event is in the log — or, for a rating, the log already
    // held that very score as the area's latest value when the answer came (a no-op, nothing to record).
    const acknowledged = writes.filter((w) => w.answer.status === 200);
    const { rows } = await pool.query<{ event_id: string }>('SELECT event_id FROM events WHERE event_id = ANY($1::uuid[])', [
      acknowledged.map((w) => w.eventId),
    ]);
    const stored = new Set(rows.map((r) => r.event_id));
    const unrecorded = acknowledged.filter((w) => !stored.has(w.eventId));
    for (const w of unrecorded) {
      expect(w.rating, `an acknowledged ${w.answer.url} has no event: ${w.answer.body.slice(0, 200)}`).toBeDefined();
      const { rows: latest } = await pool.query<{ score: number }>(
        `SELECT (data->>'score')::int AS score FROM events
         WHERE stream_id = $1 AND type = 'AreaRated' AND data->>'areaId' = $2 AND recorded_at <= $3
         ORDER BY global_position DESC LIMIT 1`,
        [learnerStreamId(w.rating!.userId), w.rating!.areaId, new Date(w.answer.doneAt)],
      );
      expect(latest[0]?.score, `rating ${w.rating!.areaId}=${w.rating!.score} acknowledged without an event`).toBe(w.rating!.score);
    }
    expect(unrecorded.length, 'no-ops are the exception').toBeLessThan(acknowledged.length / 4);
    expect(acknowledged.length).toBeGreaterThan(LEARNERS * 2);

    // The server's logs: the outage is reported as warnings and errors, never as a crash.
    expect(server.lines.join('\n')).not.toMatch(/uncaught|unhandled|"level":60/i);
    const logged = new Map<string, number>();
    for (const line of server.lines) {
      const m = /"level":(\d+).*"msg":"([^"]*)"/.exec(line);
      if (m) logged.set(`${m[1]} ${m[2]}`, (logged.get(`${m[1]} ${m[2]}`) ?? 0) + 1);
    }
    console.info(`server log during the test (level message: count): ${JSON.stringify(Object.fromEntries(logged))}`);

    // The read models are exactly the fold of the log: a rebuild changes nothing.
    await server.stop();
    for (const p of projections.filter((x) => x.mode === 'async')) await catchUp(pool, catalog, p);
    const tables = projections.flatMap((p) => p.tables);
    const before = await dumpProjections(pool, tables);
    await rebuildProjections(pool, catalog, projections);
    expect(await dumpProjections(pool, tables)).toEqual(before);
  }, 90_000);
});
