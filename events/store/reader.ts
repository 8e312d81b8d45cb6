// Async projections follow the log in commit-safe order, and every projection can be rebuilt from the log.
import type pg from 'pg';
import type { EventCatalog } from './catalog';
import { EVENT_COLUMNS } from './read';
import type { Projection } from './projection';
import type { RecordedEvent } from './types';

interface Checkpoint {
  transaction_id: string;
  global_position: string;
}

/**
 * The commit horizon: the lowest transaction id that may still add events to this database's log. Every
 * transaction below it has finished, so an event that commits later can never land behind a checkpoint.
 *
 * PostgreSQL's snapshot xmin counts the open transactions of the whole server, in every database: one left
 * open elsewhere (an operator's idle BEGIN in psql, another application on a shared server) would hold every
 * projection back, although a session of another database can never write here. So the snapshot's
 * in-progress ids are looked up in pg_stat_activity, and those held by a session of another database are left
 * out. An id not found there (it ended meanwhile, a prepared transaction, a session we may not see) still
 * counts: the horizon errs on the side of waiting. Open transactions of this database hold it, as they must.
 * pg_current_snapshot() is the statement's own snapshot, so the events read and the horizon agree.
 */
const HORIZON = `coalesce(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) x
    WHERE NOT EXISTS (
      SELECT 1 FROM pg_stat_activity a
      WHERE a.backend_xid = x::xid AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/** Reads the next batch after the checkpoint, below the commit horizon. */
async function nextBatch(tx: pg.PoolClient, catalog: EventCatalog, projection: Projection, cp: Checkpoint, limit: number) {
  await preferIndexOrder(tx);
  const { rows } = await tx.query(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
       AND transaction_id < ${HORIZON}
       AND type = ANY($3::text[])
     ORDER BY transaction_id, global_position
     LIMIT $4`,
    [cp.transaction_id, cp.global_position, projection.eventTypes, limit],
  );
  return rows.map((r) => catalog.open(r as never));
}

/**
 * With stale statistics the planner may read the whole tail of the log and sort it for every batch,
 * which makes catching up quadratic. The (transaction_id, global_position) index already has the order.
 */
async function preferIndexOrder(tx: pg.PoolClient) {
  await tx.query('SET LOCAL enable_sort = off');
}

async function saveCheckpoint(tx: pg.PoolClient, projection: Projection, last: RecordedEvent) {
  await tx.query(
    `UPDATE projection_checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now()
     WHERE projection = $1`,
    [projection.name, last.transactionId, last.globalPosition],
  );
}

/**
 * Runs one batch of an async projection in one transaction: events, read-model writes and checkpoint
 * commit together. Returns how many events were applied (0: caught up, or another process holds it).
 */
export async function runAsyncBatch(pool: pg.Pool, catalog: EventCatalog, projection: Projection, limit = 500): Promise<number> {
  await pool.query('INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING', [projection.name]);
  const tx = await pool.connect();
  try {
    await tx.query('BEGIN');
    const { rows } = await tx.query<Checkpoint>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints
       WHERE projection = $1 FOR UPDATE SKIP LOCKED`,
      [projection.name],
    );
    const cp = rows[0];
    if (!cp) {
      await tx.query('ROLLBACK');
      return 0;
    }
    const events = await nextBatch(tx, catalog, projection, cp, limit);
    if (events.length) {
      await projection.apply(tx, events);
      await saveCheckpoint(tx, projection, events.at(-1)!);
    }
    await tx.query('COMMIT');
    return events.length;
  } catch (err) {
    await tx.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    tx.release();
  }
}

/** Catches an async projection up with the log (as far as finished transactions allow). */
export async function catchUp(pool: pg.Pool, catalog: EventCatalog, projection: Projection, limit = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runAsyncBatch(pool, catalog, projection, limit);
    total += n;
    if (n < limit) return total;
  }
}

export interface ProjectionDaemon {
  stop(): Promise<void>;
  /** Resolves after one full pass over every projection (tests, health). */
  tick(): Promise<void>;
}

/** Keeps every async projection following the log, polling at `intervalMs` when caught up. */
export function startProjectionDaemon(
  pool: pg.Pool,
  catalog: EventCatalog,
  projections: readonly Projection[],
  { intervalMs = 500, onError = (_e: unknown, _p: Projection) => {} } = {},
): ProjectionDaemon {
  const asyncOnes = projections.filter((p) => p.mode === 'async');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (const p of asyncOnes) {
      try {
        await catchUp(pool, catalog, p);
      } catch (err) {
        onError(err, p);
      }
    }
  };
  const loop = () => {
    if (stopped) return;
    running = pass().finally(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs);
    });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    tick: () => (running = running.then(pass)),
  };
}

export interface RebuildReport {
  /** Events read from the log (one pass for every projection). */
  scanned: number;
  ms: number;
  projections: Array<{ projection: string; events: number }>;
}

/**
 * Rebuilds projections from the whole log in one pass and one transaction. Their tables are locked
 * first, so appends that touch them wait and then apply on top of the rebuilt rows. Inline projections
 * take every committed event; async ones stop below the horizon of finished transactions, as the
 * daemon does, and keep their checkpoint there.
 */
export async function rebuildProjections(
  pool: pg.Pool,
  catalog: EventCatalog,
  projections: readonly Projection[],
  { batchSize = 5000 } = {},
): Promise<RebuildReport> {
  const started = performance.now();
  const tables = projections.flatMap((p) => p.tables);
  const asyncOnes = projections.filter((p) => p.mode === 'async');
  const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
  const applied = new Map(projections.map((p) => [p.name, 0]));
  let scanned = 0;

  const tx = await pool.connect();
  try {
    await tx.query('BEGIN');
    // One transaction over the whole log: its statements (the table lock, a batch of a large log) may be
    // long, and none of them is a runaway.
    await tx.query('SET LOCAL statement_timeout = 0');
    if (tables.length) {
      await tx.query(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await tx.query(`TRUNCATE ${tables.join(', ')}`);
    }
    for (const p of asyncOnes) {
      await tx.query(
        `INSERT INTO projection_checkpoints (projection) VALUES ($1)
         ON CONFLICT (projection) DO UPDATE SET transaction_id = '0'::xid8, global_position = 0, updated_at = now()`,
        [p.name],
      );
      await tx.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE', [p.name]);
    }
    const { rows: horizonRows } = await tx.query<{ horizon: string }>(`SELECT ${HORIZON}::text AS horizon`);
    const horizon = BigInt(horizonRows[0]!.horizon);
    await preferIndexOrder(tx);

    let cp: Checkpoint = { transaction_id: '0', global_position: '0' };
    let lastBelowHorizon: RecordedEvent | undefined;
    for (;;) {
      const { rows } = await tx.query(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND type = ANY($3::text[])
         ORDER BY transaction_id, global_position LIMIT $4`,
        [cp.transaction_id, cp.global_position, types, batchSize],
      );
      const events = rows.map((r) => catalog.open(r as never));
      if (events.length === 0) break;
      scanned += events.length;
      const settled = events.filter((e) => BigInt(e.transactionId) < horizon);
      for (const p of projections) {
        const relevant = (p.mode === 'async' ? settled : events).filter((e) => p.eventTypes.includes(e.type));
        if (relevant.length === 0) continue;
        await p.apply(tx, relevant);
        applied.set(p.name, applied.get(p.name)! + relevant.length);
      }
      lastBelowHorizon = settled.at(-1) ?? lastBelowHorizon;
      const last = events.at(-1)!;
      cp = { transaction_id: last.transactionId, global_position: String(last.globalPosition) };
      if (events.length < batchSize) break;
    }
    if (lastBelowHorizon) for (const p of asyncOnes) await saveCheckpoint(tx, p, lastBelowHorizon);
    await tx.query('COMMIT');
  } catch (err) {
    await tx.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    tx.release();
  }
  return {
    scanned,
    ms: performance.now() - started,
    projections: projections.map((p) => ({ projection: p.name, events: applied.get(p.name)! })),
  };
}
