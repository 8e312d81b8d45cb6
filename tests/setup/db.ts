// Each integration test file gets its own freshly migrated database on the run's PostgreSQL server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `migrationsDir`: migrate from another folder (a test of a migration starts from the ones before it). */
export async function createTestDatabase({ poolSize = 20, migrationsDir = undefined as string | undefined } = {}): Promise<TestDatabase> {
  const name = `manifiesta_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const pool = createPool(url, poolSize);
  await migrate(pool, migrationsDir);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
