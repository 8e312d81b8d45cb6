// npm run bench: event-store appends vs raw INSERTs on the same database, and projection rebuild speed.
// Uses BENCH_DATABASE_URL (a role that may CREATE DATABASE) when set, else a throwaway embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import { LeadCaptured } from '../events/leads/leads.events';
import { visitorStreamId } from '../events/leads/leads';
import { createCatalog, projections } from '../events/registry';
import { defineEvent, EventCatalog } from '../events/store/catalog';
import { timeOrderedUuid } from '../events/store/ids';
import { createEventStore, type EventStore } from '../events/store/event-store';
import { userSubject } from '../events/store/sealing';
import { rebuildProjections } from '../events/store/reader';
import { createPool } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openBenchDatabase } from './database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = 100;
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 100_000);

// The note is a learner's own words: sealed with their key when the store seals (the app's store always does).
const OWNER = randomUUID();
const Noted = defineEvent('BenchNoted', 1, z.object({ n: z.number().int(), note: z.string() }), {
  personal: { subject: () => userSubject(OWNER), fields: ['note'] },
});
const payload = (n: number) => ({ n, note: 'Hoy elegí escucharme con paciencia.' });

async function timed(writers: number, work: (writer: number) => Promise<number>): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let total = 0;
      while (performance.now() < until) total += await work(w);
      return total;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

function storeWork(store: EventStore, batch: number) {
  const streams = new Map<number, { id: string; version: number }>();
  return async (w: number) => {
    let s = streams.get(w);
    if (!s) streams.set(w, (s = { id: `bench-${randomUUID()}`, version: 0 }));
    const events = Array.from({ length: batch }, (_, i) => Noted.create(payload(s!.version + i)));
    const r = await store.append(s.id, events, { expectedVersion: s.version });
    s.version = r.nextVersion;
    return batch;
  };
}

/**
 * The baseline: the same rows (same columns, same payload, same JSON path into the server) INSERTed
 * straight into a plain table with one primary key: no version claim, no unique event id, no read index.
 */
function rawWork(pool: pg.Pool, batch: number, table = 'raw_events') {
  const positions = new Map<number, number>();
  const run = randomUUID();
  return async (w: number) => {
    const from = positions.get(w) ?? 0;
    const rows = Array.from({ length: batch }, (_, i) => ({
      event_id: timeOrderedUuid(),
      type: 'BenchNoted',
      version: 1,
      data: payload(from + i),
      metadata: {},
    }));
    await pool.query(
      `INSERT INTO ${table} (stream_id, stream_position, event_id, type, version, data, metadata)
       SELECT $1, $2 + x.i, x.event_id, x.type, x.version, x.data, x.metadata
       FROM ROWS FROM (jsonb_to_recordset($3::jsonb)
              AS (event_id uuid, type text, version integer, data jsonb, metadata jsonb)) WITH ORDINALITY
            AS x(event_id, type, version, data, metadata, i)`,
      [`${run}-${w}`, from, JSON.stringify(rows)],
    );
    positions.set(w, from + batch);
    return batch;
  };
}

async function main() {
  const name = `manifiesta_bench_${Date.now()}`;
  const db = await openBenchDatabase(name, 16);
  const { pool, admin } = db;

  try {
    await migrate(pool);
    await pool.query(`CREATE TABLE raw_events (
      id bigserial PRIMARY KEY, stream_id text NOT NULL, stream_position bigint NOT NULL, event_id uuid NOT NULL,
      type text NOT NULL, version integer NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now())`);
    // The same rows again, into a table with the indexes the store needs (stream key, unique event id,
    // commit order): what remains between this and the store is the store's own work.
    await pool.query(`CREATE TABLE raw_indexed (LIKE raw_events INCLUDING DEFAULTS,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(), UNIQUE (stream_id, stream_position),
      UNIQUE (event_id), UNIQUE (transaction_id, id))`);
    const store = createEventStore({ pool, catalog: new EventCatalog([Noted]), sealing: false });
    const sealedStore = createEventStore({ pool, catalog: new EventCatalog([Noted]) });
    const { rows: v } = await pool.query<{ server_version: string }>('SHOW server_version');
    console.log(
      `PostgreSQL ${v[0]!.server_version}${db.embeddedDir ? ' (embedded)' : ''}, median of ${ROUNDS} alternating rounds of ${SECONDS}s, batches of ${BATCH}\n`,
    );

    // Raw and store take turns, ROUNDS times per scenario after a checkpoint, and the median counts:
    // autovacuum and checkpoints land on both sides instead of skewing one.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const rows: Array<{ scenario: string; store: number; sealed: number; raw: number; indexed: number }> = [];
    for (const writers of [1, 8]) {
      for (const batch of [1, BATCH]) {
        const raw: number[] = [];
        const indexed: number[] = [];
        const st: number[] = [];
        const sealed: number[] = [];
        const rawW = rawWork(pool, batch);
        const indexedW = rawWork(pool, batch, 'raw_indexed');
        const storeW = storeWork(store, batch);
        const sealedW = storeWork(sealedStore, batch);
        for (let round = 0; round < ROUNDS; round++) {
          await pool.query('CHECKPOINT');
          raw.push(await timed(writers, rawW));
          await pool.query('CHECKPOINT');
          indexed.push(await timed(writers, indexedW));
          await pool.query('CHECKPOINT');
          st.push(await timed(writers, storeW));
          await pool.query('CHECKPOINT');
          sealed.push(await timed(writers, sealedW));
        }
        rows.push({
          scenario: `${writers} writer${writers > 1 ? 's' : ''}, ${batch === 1 ? 'single events' : `batches of ${batch}`}`,
          store: median(st),
          sealed: median(sealed),
          raw: median(raw),
          indexed: median(indexed),
        });
      }
    }
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9);
    console.log('raw     = the same rows INSERTed into a plain table (one primary key, no checks)');
    console.log("indexed = the same rows INSERTed into a table with the store's three indexes\n");
    console.log('store   = the event store, personal fields written as they are; sealed = the same, sealed (as the app writes)\n');
    console.log('scenario                      store ev/s   raw rows/s  store/raw   indexed rows/s  store/indexed   sealed ev/s  sealing overhead');
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0).padStart(4)}%`;
    for (const r of rows) {
      console.log(
        `${r.scenario.padEnd(28)} ${fmt(r.store)}    ${fmt(r.raw)}      ${pct(r.store, r.raw)}       ${fmt(r.indexed)}          ${pct(r.store, r.indexed)}     ${fmt(r.sealed)}     ${pct(r.store / r.sealed - 1, 1)}`,
      );
    }

    // Rebuild, in a database of its own so the log holds only what it replays: lead captures across
    // many visitor streams, replayed into both lead projections in one pass.
    await admin.query(`CREATE DATABASE ${name}_rebuild`);
    const replayPool = createPool(db.urlFor(`${name}_rebuild`), 4);
    try {
      await migrate(replayPool);
      const leadStore = createEventStore({ pool: replayPool, catalog: createCatalog() });
      const sources = [
        ['nostalgia', 'fragmento', 'downloaded'],
        ['niveles', 'pdf', 'downloaded'],
        ['Newsletter Archive', 'Subscription Form', 'Subscribed via Form'],
      ] as const;
      for (let i = 0; i < REBUILD_EVENTS; i += BATCH) {
        const email = `persona${i / BATCH}@ejemplo.com`;
        const events = Array.from({ length: BATCH }, (_, j) => {
          const [page, section, status] = sources[j % 3]!;
          return LeadCaptured.create({ email, nick: 'Persona', page, section, status, firstForSource: j < 3 });
        });
        await leadStore.append(visitorStreamId(email), events, { expectedVersion: 'any' });
      }
      const r = await rebuildProjections(replayPool, createCatalog(), projections);
      console.log(
        `\nrebuild: ${r.scanned.toLocaleString('en-US')} events replayed into ${r.projections.map((p) => p.projection).join(' and ')} ` +
          `in ${(r.ms / 1000).toFixed(2)} s = ${fmt((r.scanned / r.ms) * 1000).trim()} events/s`,
      );
    } finally {
      await replayPool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}_rebuild WITH (FORCE)`);
    }
  } finally {
    await db.close();
  }
}

await main();
