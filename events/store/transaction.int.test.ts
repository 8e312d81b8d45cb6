// inTransaction against PostgreSQL: the work commits as a whole or not at all, and the connection goes back to the pool.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { inTransaction } from './transaction';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query('CREATE TABLE notes (n integer PRIMARY KEY)');
});
afterAll(() => db.drop());

const notes = async () => (await db.pool.query<{ n: number }>('SELECT n FROM notes ORDER BY n')).rows.map((r) => r.n);

describe('inTransaction', () => {
  it('commits the work and returns what it returned', async () => {
    const result = await inTransaction(db.pool, async (tx) => {
      await tx.query('INSERT INTO notes VALUES (1), (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await notes()).toEqual([1, 2]);
  });

  it('rolls everything back when the work fails, and rethrows its error', async () => {
    const failing = inTransaction(db.pool, async (tx) => {
      await tx.query('INSERT INTO notes VALUES (3)');
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    // A statement the database refuses fails the whole transaction too.
    await expect(inTransaction(db.pool, (tx) => tx.query('INSERT INTO notes VALUES (4), (1)'))).rejects.toMatchObject({ code: '23505' });
    expect(await notes()).toEqual([1, 2]);
  });

  it('gives the connection back to the pool, ready for the next transaction, after a failure too', async () => {
    const single = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await expect(inTransaction(single, async () => Promise.reject(new Error('first fails')))).rejects.toThrow('first fails');
      // With one connection, the next transaction runs on the same one: left inside the failed transaction, it would refuse every statement.
      await inTransaction(single, (tx) => tx.query('INSERT INTO notes VALUES (5)'));
      expect(single.totalCount).toBe(1);
      expect(single.idleCount).toBe(1);
    } finally {
      await single.end();
    }
    expect(await notes()).toEqual([1, 2, 5]);
  });
});
