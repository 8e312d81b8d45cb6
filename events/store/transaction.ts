// A write's transaction: BEGIN … COMMIT on a pooled connection, and what commits with the appended events —
// the inline projections (read-your-writes), the caller's other writes, the jobs the write causes.
import type pg from 'pg';
import type { Projection } from './projection';
import type { Enqueue, JobRequest, Queryable, RecordedEvent } from './types';

/** BEGIN, the work, COMMIT on a pooled connection; ROLLBACK when the work fails. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** What commits with one write's (or one batch's) events, besides the events. */
export interface AlongsideEvents {
  jobs: readonly JobRequest[];
  /** Writes that must never be in the log (a password hash), after the inline projections. */
  alsoInTransaction?: (tx: Queryable) => Promise<void>;
}

export interface WriteTransaction {
  /** Whether jobs can be enqueued with a write (the store was given an enqueue function). */
  readonly enqueues: boolean;
  /** True when an inline projection concerns any of these events: writing them takes a transaction. */
  hitsInline(events: ReadonlyArray<{ type: string }>): boolean;
  /**
   * Inside the append's transaction, after its events: each inline projection that any of them concerns,
   * once, with those events in order; then the caller's other writes; then the jobs, all in one insert per queue.
   */
  alongside(tx: Queryable, events: readonly RecordedEvent[], work: AlongsideEvents): Promise<void>;
}

export function writeTransaction(projections: readonly Projection[], enqueue: Enqueue | undefined): WriteTransaction {
  const inline = projections.filter((p) => p.mode === 'inline');
  return {
    enqueues: enqueue !== undefined,
    hitsInline: (events) => inline.some((p) => events.some((e) => p.eventTypes.includes(e.type))),
    async alongside(tx, events, { jobs, alsoInTransaction }) {
      for (const projection of inline) {
        const relevant = events.filter((e) => projection.eventTypes.includes(e.type));
        if (relevant.length) await projection.apply(tx, relevant);
      }
      await alsoInTransaction?.(tx);
      // A write with jobs and no enqueue function is refused before anything is written (see `enqueues`).
      if (jobs.length) await enqueue!(tx, jobs);
    },
  };
}
