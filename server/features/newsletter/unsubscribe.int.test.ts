// The unsubscribe links' key: made once per database, the same for every process (pool) that reads it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { visitorStreamId } from '../../../events/leads/leads';
import { loadUnsubscribeSecret, readUnsubscribeToken, unsubscribeToken } from './unsubscribe';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 4 });
});
afterAll(async () => {
  await db?.drop();
});

it('makes one random key per database, which every process shares', async () => {
  const other = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const [a, b] = await Promise.all([loadUnsubscribeSecret(db.pool), loadUnsubscribeSecret(other)]);
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(true);
    expect(await loadUnsubscribeSecret(db.pool)).toBe(a);
    const stream = visitorStreamId('ana@example.com');
    expect(readUnsubscribeToken(b, unsubscribeToken(a, stream))).toBe(stream);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM newsletter_unsubscribe_key')).rows[0].n).toBe(1);
  } finally {
    await other.end();
  }
});
