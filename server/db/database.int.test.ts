// Our own connections carry limits: a transaction left idle is ended (an open transaction id holds every async
// projection of the database back), a runaway statement is cancelled; migrations and rebuilds are exempt.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/boss';
import { createCatalog, projections } from '../../events/registry';
import { rebuildProjections } from '../../events/store/reader';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { openDatabase, type Database } from './database';
import { migrate } from './migrate';

let db: TestDatabase;
let ours: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  ours = await openDatabase(
    { DATABASE_URL: db.url, dataDir: tmpdir(), DATABASE_POOL_SIZE: 3, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 300, DATABASE_STATEMENT_TIMEOUT_MS: 400 },
    () => {},
  );
});
afterAll(async () => {
  await ours?.close();
  await db?.drop();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sessionWithXid = (xid: string) =>
  db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_xid = $1::xid', [xid]).then((r) => r.rows[0]!.n);

describe('our database connections', () => {
  it('end a transaction of ours left idle past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', async () => {
    const client = await ours.pool.connect();
    let released = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const xid = rows[0]!.xid;
      expect(await sessionWithXid(xid)).toBe(1);
      await pause(1000);
      expect(await sessionWithXid(xid)).toBe(0);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      released = true;
      // The pool goes on with fresh connections.
      expect((await ours.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      if (!released) client.release(true);
    }
  });

  it('cancel a statement of ours that runs past DATABASE_STATEMENT_TIMEOUT_MS, with the error PostgreSQL gives', async () => {
    await expect(ours.pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
  });

  it('let migrations and rebuilds run as long as they need', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mf-migrations-'));
    try {
      await writeFile(path.join(dir, '900_slow.sql'), 'SELECT pg_sleep(0.8);');
      expect(await migrate(ours.pool, dir)).toEqual(['900_slow.sql']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const client = await ours.pool.connect();
    try {
      expect((await client.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('400ms');
    } finally {
      client.release();
    }
    // A rebuild is one transaction whose statements may each be long on a large log.
    await expect(rebuildProjections(ours.pool, createCatalog(), projections)).resolves.toBeTruthy();
  });

  it("give pg-boss's connections the same idle-transaction limit", async () => {
    const jobs = await startJobs(db.url, () => {}, { idleInTransactionTimeoutMs: 300 });
    try {
      const { rows } = await jobs.boss.getDb().executeSql('SHOW idle_in_transaction_session_timeout');
      expect(rows[0].idle_in_transaction_session_timeout).toBe('300ms');
    } finally {
      await jobs.stop();
    }
  });
});
