// Each integration test file gets its own freshly migrated database on the run's PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool } from '../../server/db/database';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate';
import { createCatalog } from '../../events/registry';
import { EVENT_COLUMNS, type EventRow } from '../../events/store/read';
import type { RecordedEvent } from '../../events/store/types';

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

/** Applies the migrations numbered below `first` (`'029'`: every file before 029_…), from a copy of those alone. */
async function migrateBefore(pool: pg.Pool, first: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'manifiesta-migrations-'));
  try {
    for (const file of await readdir(MIGRATIONS_DIR)) if (file < first) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    await migrate(pool, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `migrationsBefore`: only the migrations before this one (a test of a migration starts from the database as it was,
 * then runs `migrate`); `empty`: not migrated at all (what a restore starts from).
 */
export async function createTestDatabase({ poolSize = 20, migrationsBefore = undefined as string | undefined, empty = false } = {}): Promise<TestDatabase> {
  const name = `manifiesta_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const pool = createPool(url, poolSize);
  if (!empty) await (migrationsBefore ? migrateBefore(pool, migrationsBefore) : migrate(pool));
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Events as the application reads them (personal fields opened, or redacted once forgotten), chosen by a
 * condition on the events table (`type = $1`), in log order: tests that look into the log use this, since
 * what is stored of a personal field is sealed.
 */
export async function openedEvents(pool: pg.Pool, where = 'true', values: unknown[] = []): Promise<Array<RecordedEvent<string, OpenedData>>> {
  const catalog = createCatalog();
  const { rows } = await pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where} ORDER BY global_position`, values);
  return rows.map((r) => catalog.open(r) as RecordedEvent<string, OpenedData>);
}

// Payloads as the tests compare them, field by field, as they did with rows read straight from the table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OpenedData = Record<string, any>;
