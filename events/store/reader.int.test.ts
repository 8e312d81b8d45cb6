// The async reader's commit horizon against transactions left open on the same PostgreSQL server.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { EventCatalog, defineEvent } from './catalog';
import { createEventStore, type EventStore } from './event-store';
import { rowProjection } from './projection';
import { catchUp, rebuildProjections } from './reader';

const Counted = defineEvent('Counted', 1, z.strictObject({ n: z.number().int() }));
const catalog = new EventCatalog([Counted]);

let db: TestDatabase;
let store: EventStore;

const counted = rowProjection<{ event_id: string }>({
  name: 'counted_events',
  mode: 'async',
  table: 'counted_events',
  keyColumns: ['event_id'],
  eventTypes: ['Counted'],
  key: (e) => ({ event_id: e.eventId }),
  evolve: (_row, e) => ({ event_id: e.eventId }),
});

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query('CREATE TABLE counted_events (event_id uuid PRIMARY KEY)');
  store = createEventStore({ pool: db.pool, catalog });
});
afterAll(() => db.drop());

const seen = async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM counted_events')).rows[0]!.n;
const logged = async () => (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'Counted'")).rows[0]!.n;
const checkpoint = async () =>
  (await db.pool.query<{ position: string }>("SELECT global_position::text AS position FROM projection_checkpoints WHERE projection = 'counted_events'")).rows[0]?.position ?? '0';

/** A connection that opens a transaction and takes a transaction id, then sits idle, as a forgotten psql session does. */
async function idleTransaction(url: string): Promise<{ xid: string; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  const { rows } = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
  return {
    xid: rows[0]!.xid,
    async end() {
      await client.query('ROLLBACK').catch(() => {});
      await client.end();
    },
  };
}

const appendSome = async (n: number) => {
  for (let i = 0; i < n; i++) await store.append(`test-${randomUUID()}`, [Counted.create({ n: i })], { expectedVersion: 0 });
};

/** Catches up until `want` events are seen or `ms` pass; other test files' short transactions may hold it a moment. */
async function catchUpTo(want: number, ms = 4000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    await catchUp(db.pool, catalog, counted);
    const n = await seen();
    if (n >= want || Date.now() > deadline) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the commit horizon', () => {
  it('a transaction left open in another database of the same server does not hold the projection back', async () => {
    const before = await seen();
    // The server's administrative database: another database on the same PostgreSQL server.
    const other = await idleTransaction(inject('adminDatabaseUrl'));
    try {
      await appendSome(3);
      expect(await catchUpTo(before + 3)).toBe(before + 3);
    } finally {
      await other.end();
    }
  });

  it('an open transaction with an id in our own database holds it (it may still write events) until it ends', async () => {
    await catchUpTo(await logged());
    const before = await seen();
    const at = await checkpoint();
    const ours = await idleTransaction(db.url);
    try {
      await appendSome(3);
      expect(await catchUpTo(before + 3, 1000)).toBe(before);
      expect(await checkpoint()).toBe(at);
    } finally {
      await ours.end();
    }
    expect(await catchUpTo(before + 3)).toBe(before + 3);
  });

  it('a rebuild, too, takes every event past a transaction left open in another database', async () => {
    const other = await idleTransaction(inject('adminDatabaseUrl'));
    try {
      await appendSome(2);
      await rebuildProjections(db.pool, catalog, [counted]);
      expect(await seen()).toBe(await logged());
    } finally {
      await other.end();
    }
  });
});
