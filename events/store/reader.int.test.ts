// Async projections and rebuilds against PostgreSQL: the commit horizon against transactions left open on the
// same server, events seen exactly once when transactions commit out of order, a rebuild that gives the same tables.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { noted, Noted } from '../../tests/setup/event-store';
import { decideCaptureLead, evolveVisitor, initialVisitorState, visitorStreamId } from '../leads/leads';
import { createCatalog, projections } from '../registry';
import { EventCatalog, defineEvent } from './catalog';
import { handleCommand } from './command';
import { createEventStore, type EventStore } from './event-store';
import { rowProjection, type Projection } from './projection';
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
  (await db.pool.query<{ position: string }>("SELECT global_position::text AS position FROM projection_checkpoints WHERE projection = 'counted_events'"))
    .rows[0]?.position ?? '0';

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

describe('async projections', () => {
  it('see every event exactly once when transactions commit out of order', async () => {
    await db.pool.query('CREATE TABLE seen_events (event_id uuid PRIMARY KEY, times integer NOT NULL)');
    const seen = rowProjection<{ event_id: string; times: number }>({
      name: 'seen_events',
      mode: 'async',
      table: 'seen_events',
      keyColumns: ['event_id'],
      eventTypes: ['Noted'],
      key: (e) => ({ event_id: e.eventId }),
      evolve: (row, e) => ({ event_id: e.eventId, times: (row?.times ?? 0) + 1 }),
    });

    // An inline projection that holds its append's transaction open until we let it go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const holding: Projection = {
      name: 'gate',
      mode: 'inline',
      tables: [],
      eventTypes: ['Noted'],
      async apply(_tx, events) {
        if ((events[0]!.data as { n: number }).n === -1) {
          entered();
          await gate;
        }
      },
    };
    const catalog = new EventCatalog([Noted]);
    const gated = createEventStore({ pool: db.pool, catalog, projections: [holding] });

    const seenIds = async () =>
      new Map((await db.pool.query<{ event_id: string; times: number }>('SELECT event_id, times FROM seen_events')).rows.map((r) => [r.event_id, r.times]));

    const slow = gated.append(`test-${randomUUID()}`, [noted(-1)], { expectedVersion: 0 }); // earlier position, commits last
    await inside;
    let fast: Awaited<ReturnType<typeof gated.append>>;
    try {
      fast = await gated.append(`test-${randomUUID()}`, [noted(2)], { expectedVersion: 0 }); // later position, commits first
      await catchUp(db.pool, catalog, seen);
      // The committed later event must wait while the earlier transaction is still open.
      expect((await seenIds()).has(fast.events[0]!.eventId)).toBe(false);
    } finally {
      release();
    }
    const slowResult = await slow;
    expect(slowResult.events[0]!.globalPosition).toBeLessThan(fast.events[0]!.globalPosition);

    // Other transactions (autovacuum, other tests) may hold the horizon back for a moment: poll.
    const deadline = Date.now() + 10_000;
    let byId = await seenIds();
    while (!(byId.has(slowResult.events[0]!.eventId) && byId.has(fast.events[0]!.eventId)) && Date.now() < deadline) {
      await catchUp(db.pool, catalog, seen);
      byId = await seenIds();
    }
    expect(byId.get(slowResult.events[0]!.eventId)).toBe(1);
    expect(byId.get(fast.events[0]!.eventId)).toBe(1);
    const { rows: all } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'Noted'`);
    expect(byId.size).toBe(all[0]!.n);
    expect([...byId.entries()].filter(([, times]) => times !== 1)).toEqual([]);
  });
});

describe('rebuild', () => {
  it('rebuilds every projection from the log into identical tables', async () => {
    const catalog = createCatalog();
    const leadStore = createEventStore({ pool: db.pool, catalog, projections });
    const sources = [
      { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
      { page: 'niveles', section: 'pdf', status: 'downloaded' },
      { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
    ] as const;
    let written = 0;
    for (let i = 0; i < 60; i++) {
      const email = `persona${i % 17}@ejemplo.com`;
      const source = sources[i % sources.length]!;
      written += (
        await handleCommand(leadStore, visitorStreamId(email), { initial: initialVisitorState, evolve: evolveVisitor }, (s) =>
          decideCaptureLead(s, { email, nick: `Persona ${i}`, ...source }),
        )
      ).events.length;
    }
    // Downloads are all recorded (40); a first newsletter subscription records its request and the lead, a repeated
    // one (pending, within the hour) nothing.
    const subscribers = new Set([...Array(60).keys()].filter((i) => i % sources.length === 2).map((i) => i % 17)).size;
    expect(written).toBe(40 + 2 * subscribers);
    for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);

    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const p of projections)
        for (const t of p.tables) out[t] = (await db.pool.query(`SELECT to_jsonb(t) AS r FROM ${t} t ORDER BY 1`)).rows.map((r) => r.r);
      return out;
    };
    const live = await snapshot();
    expect(live.leads).toHaveLength(17);
    expect((live.lead_daily_counts as Array<{ captures: number }>).reduce((a, r) => a + r.captures, 0)).toBe(40 + subscribers);

    // Damage the read models: a rebuild must restore them exactly from the log.
    await db.pool.query(`UPDATE leads SET captures = 999, nick = 'x'`);
    await db.pool.query('DELETE FROM lead_daily_counts');
    await db.pool.query('DELETE FROM subscribers');
    const report = await rebuildProjections(db.pool, catalog, projections);
    expect(report.projections.filter((r) => r.projection.startsWith('lead')).map((r) => r.events)).toEqual([40 + subscribers, 40 + subscribers]);
    expect(live.subscribers).toHaveLength(subscribers);
    expect(await snapshot()).toEqual(live);
  });
});
