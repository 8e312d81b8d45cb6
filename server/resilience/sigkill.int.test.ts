// The server is killed with SIGKILL while learners write (no shutdown, no flush, transactions cut off).
// Started again on the same database, it serves the same sessions, every acknowledged write is in the
// log, and the read models are exactly what a rebuild from the log gives (npm run db:rebuild).
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, projections } from '../../events/registry';
import { catchUp, rebuildProjections } from '../../events/store/reader';
import { TEST_CONFIG } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { composeRuntime } from '../runtime';
import { call, dumpProjections, learnerTraffic, signedInLearner, startServerProcess, type HttpLearner, type ServerProcess } from './server-process';

const LEARNERS = 8;
const catalog = createCatalog();
const tables = projections.flatMap((p) => p.tables);

let db: TestDatabase;
let first: ServerProcess;
let second: ServerProcess | undefined;
let learners: HttpLearner[];

beforeAll(async () => {
  db = await createTestDatabase();
  first = await startServerProcess(db.url);
  const { store } = await composeRuntime({ config: TEST_CONFIG, database: db, log: pino({ level: 'silent' }), jobs: false });
  learners = await Promise.all(Array.from({ length: LEARNERS }, () => signedInLearner(store, first.baseUrl)));
}, 120_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await db?.drop();
});

const eventCount = async (pool: pg.Pool) => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

describe('server killed with SIGKILL mid-write', () => {
  it('after a restart the log and the projections agree, and no acknowledged write is lost', async () => {
    const traffic = learners.map((l, i) => learnerTraffic(first.baseUrl, l, i));
    // Kill once writes are flowing (150 acknowledged), with each learner's next request in flight.
    const started = Date.now();
    while (traffic.flatMap((t) => t.writes).filter((w) => w.answer.status === 200).length < 150 && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.kill();
    expect(first.exit?.signal).toBe('SIGKILL');
    await Promise.all(traffic.map((t) => t.stop()));

    const writes = traffic.flatMap((t) => t.writes);
    const acknowledged = writes.filter((w) => w.answer.status === 200).map((w) => w.eventId);
    const cutOff = writes.filter((w) => w.answer.status === 0).length;
    expect(writes.every((w) => w.answer.status === 200 || w.answer.status === 0)).toBe(true);

    // Same database, new process: the sessions still hold, writes work again.
    second = await startServerProcess(db.url);
    for (const l of learners) {
      const res = await call(second.baseUrl, l, 'POST', '/api/activity/saveReflection', {
        activityId: '12-areas-balance',
        text: `Después del corte ${l.userId}`,
      });
      expect(res.status, res.body).toBe(200);
    }

    // Every acknowledged write is in the log.
    const { rows } = await db.pool.query<{ event_id: string }>('SELECT event_id FROM events WHERE event_id = ANY($1::uuid[])', [acknowledged]);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(acknowledged));

    // The log and the projections agree: the restarted server's async projections catch up, then a
    // rebuild from the log gives the same tables.
    await second.stop();
    for (const p of projections.filter((x) => x.mode === 'async')) await catchUp(db.pool, catalog, p);
    const before = await dumpProjections(db.pool, tables);
    const events = await eventCount(db.pool);
    const report = await rebuildProjections(db.pool, catalog, projections);
    expect(await dumpProjections(db.pool, tables)).toEqual(before);
    console.info(
      `sigkill: ${writes.length} writes sent, ${acknowledged.length} acknowledged, ${cutOff} cut off by the kill; ` +
        `${events} events in the log; rebuild scanned ${report.scanned} events in ${Math.round(report.ms)} ms and gave identical tables`,
    );
    expect(second.lines.join('\n')).not.toMatch(/uncaught|unhandled|"level":(50|60)/i);
  }, 120_000);
});
