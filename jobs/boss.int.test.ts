// A write's jobs go in with its transaction through pg-boss's insert, prepared once per connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { startJobs, type Jobs } from './boss';
import { EMAIL_SEND } from './email/send-email';
import { QUEUES } from './registry';

let db: TestDatabase;
let jobs: Jobs;
beforeAll(async () => {
  db = await createTestDatabase();
  jobs = await startJobs(db.url, () => {});
});
afterAll(async () => {
  await jobs?.stop();
  await db?.drop();
});

const queued = async (name: string) =>
  (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'", [name])).rows[0]!.n;

describe('enqueue', () => {
  it("prepares pg-boss's insert once per connection and queue: later writes only bind it", async () => {
    const other = QUEUES.find((q) => q.name !== EMAIL_SEND)!.name;
    const [mailsBefore, othersBefore] = [await queued(EMAIL_SEND), await queued(other)];
    const client = await db.pool.connect();
    try {
      const prepared = async () =>
        (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'mf_jobs_insert_%' ORDER BY name")).rows.map(
          (r) => r.name,
        );
      for (let write = 0; write < 3; write++) {
        await client.query('BEGIN');
        await jobs.enqueue(client, [{ name: EMAIL_SEND, data: { kind: 'test', write } }]);
        await client.query('COMMIT');
      }
      expect(await prepared()).toHaveLength(1);
      await client.query('BEGIN');
      await jobs.enqueue(client, [
        { name: EMAIL_SEND, data: { kind: 'test', write: 3 } },
        { name: other, data: { kind: 'test' } },
      ]);
      await client.query('COMMIT');
      expect(await prepared()).toHaveLength(2);
      // A write that rolls back leaves no job behind, prepared statement or not.
      await client.query('BEGIN');
      await jobs.enqueue(client, [{ name: EMAIL_SEND, data: { kind: 'test', write: 4 } }]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await queued(EMAIL_SEND)).toBe(mailsBefore + 4);
    expect(await queued(other)).toBe(othersBefore + 1);
  });
});
