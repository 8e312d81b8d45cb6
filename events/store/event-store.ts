// The event store on PostgreSQL: append with optimistic concurrency and idempotency, read a stream, read the log.
import { timeOrderedUuid } from './ids';
import type pg from 'pg';
import { ConflictError, UnprocessableError } from '../errors';
import type { EventCatalog } from './catalog';
import type { Projection } from './projection';
import type { Enqueue, EventMetadata, JobRequest, NewEvent, Queryable, RecordedEvent, RequestKey } from './types';

/** The stream must be at exactly this version (0: must not exist yet), or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendOptions extends WriteOptions {
  expectedVersion: ExpectedVersion;
  /** Defaults to the part of the stream id before the first '-'. */
  streamType?: string;
}

/** One stream's events in a write that may span several streams (all or nothing). */
export interface StreamWrite {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
  streamType?: string;
}

export interface WriteOptions {
  /**
   * When the events happened, for imports of historical events only (the demo seed); live writes leave
   * it to the database clock.
   */
  recordedAt?: Date;
  /** Merged into every event's metadata. */
  metadata?: EventMetadata;
  /**
   * The write is a request made under an Idempotency-Key (one stream only): its digest is stored in every
   * event's metadata, and when the key's events are already stored the write is a retry only if the digest
   * matches (it returns them, writing nothing); otherwise it is refused (IdempotencyKeyReusedError).
   */
  key?: RequestKey;
  /** Jobs this write causes, enqueued in the same transaction. */
  jobs?: readonly JobRequest[];
  /**
   * Other writes that must commit or fail with these events and must never be in the log (a password
   * hash, a token's hash). Runs after the events and inline projections, in the same transaction.
   */
  alsoInTransaction?: (tx: Queryable) => Promise<void>;
}

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  events: RecordedEvent[];
  /** True when every event id was already stored: a retry, nothing written. */
  idempotent: boolean;
}

export class ConcurrencyError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super('Tus datos cambiaron mientras guardabas. Vuelve a intentarlo.', { streamId, expected, actual });
  }
}

export const KEY_REUSED_MESSAGE = 'Esta clave de idempotencia ya se usó con otros datos: no guardamos nada. Envía cada cambio nuevo con una clave nueva.';

/** An Idempotency-Key already used by another request: other data, another account, another learner's path. */
export class IdempotencyKeyReusedError extends UnprocessableError {
  constructor() {
    super(KEY_REUSED_MESSAGE);
  }
}

/**
 * Refuses a write under `key` unless `stored` (what the key's first write recorded) came from the same
 * request: the same digest. The stream does not have to match: a request can name a stream the server makes
 * up (a visitor without a cookie yet gets a new one on each copy). Events without a digest (recorded before
 * requests were digested) can only be told by their stream.
 */
export function assertRetryOf(stored: readonly RecordedEvent[], streamId: string, key: RequestKey): void {
  const first = stored[0];
  const digest = first?.metadata.request;
  if (!first || (digest === undefined ? first.streamId !== streamId : digest !== key.digest)) throw new IdempotencyKeyReusedError();
}

export interface EventStoreDeps {
  pool: pg.Pool;
  catalog: EventCatalog;
  /** Inline projections run inside the append transaction (read-your-writes). */
  projections?: readonly Projection[];
  enqueue?: Enqueue;
  /**
   * Group commit: how many batches of single-stream appends may be on the wire at once (each holds a
   * pooled connection while it commits), and how many writes one batch takes at most.
   */
  groupCommit?: { batches?: number; maxWrites?: number };
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Several streams' events in one transaction: every expectation holds and all are written, or none is
   * (a payment claimed and what it grants). Idempotent like append: a retry returns the stored events.
   */
  appendMany(writes: readonly StreamWrite[], options?: WriteOptions): Promise<AppendResult[]>;
  /** A stream's events in order: all, or those after a position (`after`) and/or up to one (`upTo`). */
  readStream(streamId: string, options?: { after?: number; upTo?: number }): Promise<RecordedEvent[]>;
  /** The whole log in commit order, after a position taken from a previously read event. */
  readAll(options?: { after?: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>; limit?: number }): Promise<RecordedEvent[]>;
  streamVersion(streamId: string): Promise<number>;
  /**
   * The events of the write whose first event has this id (a request's Idempotency-Key names it), in order;
   * undefined when no event has it.
   */
  findWrite(firstEventId: string): Promise<RecordedEvent[] | undefined>;
}

interface EventRow {
  global_position: string;
  /** As text: xid8 exceeds what a JS number holds exactly. Aliased so ORDER BY still sees the xid8 column. */
  transaction_id_text: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id_text, stream_id, stream_position, event_id, type, version, data, metadata, recorded_at';

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id_text,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    eventId: row.event_id,
    type: row.type,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

const UNIQUE_VIOLATION = '23505';
const WRONG_VERSION = 'MF001';
const EVENT_ID_KEY = 'events_event_id_key';
const APPEND_SQL = 'SELECT * FROM mf_append_events($1, $2, $3, $4::jsonb)';
// The hot statements are named: prepared once per connection, then PostgreSQL only binds and runs them.
const appendStatement = (values: unknown[]) => ({ name: 'mf_append_events', text: APPEND_SQL, values });
const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_position > $2 AND ($3::bigint IS NULL OR stream_position <= $3)
  ORDER BY stream_position`;
// One write is one stream's events in one transaction (a batch holds at most one write per stream), from
// its first event on.
const FIND_WRITE_SQL = `WITH f AS (SELECT stream_id AS s, stream_position AS p, transaction_id AS x FROM events WHERE event_id = $1)
  SELECT ${EVENT_COLUMNS} FROM events, f WHERE stream_id = f.s AND stream_position >= f.p AND transaction_id = f.x
  ORDER BY stream_position`;

/**
 * Writes with more events than this already share one commit among many events (an import, a guest's
 * synced progress): they go on their own, where they run in parallel instead of queueing in a batch
 * (measured: 8 writers of 100-event appends ran at 38 % of raw INSERTs in batches, 64 % alone).
 */
const GROUP_COMMIT_MAX_EVENTS = 20;

/** A batched write refused for its expected version: where the stream really is. */
type Conflict = { actual: number };

interface BatchRow extends Record<string, unknown> {
  write_index: number;
  outcome: 'appended' | 'conflict';
  first_position: string | null;
  global_positions: string[] | null;
  actual_version: string | null;
  transaction_id_text: string;
  recorded_at: Date;
}

interface AppendedRow extends Record<string, unknown> {
  first_position: string;
  global_positions: string[];
  transaction_id_text: string;
  recorded_at: Date;
}

export function createEventStore({ pool, catalog, projections = [], enqueue, groupCommit: groupOptions }: EventStoreDeps): EventStore {
  const inline = projections.filter((p) => p.mode === 'inline');
  const groupCommit = { batches: groupOptions?.batches ?? 4, maxWrites: groupOptions?.maxWrites ?? 100 };

  async function findExisting(db: Queryable, streamId: string, ids: string[]): Promise<RecordedEvent[] | undefined> {
    const { rows } = await db.query<EventRow & Record<string, unknown>>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`,
      [ids],
    );
    if (rows.length === 0) return undefined;
    if (rows.length === ids.length && rows.every((r) => r.stream_id === streamId)) return rows.map((r) => catalog.upcast(toRecorded(r)));
    throw new ConflictError('Esta operación ya se registró con otros datos.', { streamId });
  }

  async function findWrite(firstEventId: string): Promise<RecordedEvent[] | undefined> {
    const { rows } = await pool.query<EventRow>({ name: 'mf_find_write', text: FIND_WRITE_SQL, values: [firstEventId] });
    return rows.length ? rows.map((r) => catalog.upcast(toRecorded(r))) : undefined;
  }

  /** What is already stored of this part's write: its request's first write (under a key), or its own events. */
  async function storedWrite(part: Prepared): Promise<RecordedEvent[] | undefined> {
    if (part.key) {
      const stored = await findWrite(part.key.firstEventId);
      if (stored) {
        assertRetryOf(stored, part.write.streamId, part.key);
        return stored;
      }
    }
    return findExisting(pool, part.write.streamId, part.ids);
  }

  /** One stream's part of a write: validated events and the arguments of mf_append_events. */
  function prepare(write: StreamWrite, given: EventMetadata, key?: RequestKey) {
    if (write.events.length === 0) throw new Error('append needs at least one event');
    const metadata = key ? { ...given, request: key.digest } : given;
    const prepared = write.events.map((e) => {
      const { data, version } = catalog.validate(e);
      return { eventId: e.eventId ?? timeOrderedUuid(), type: e.type, version, data, metadata: { ...metadata, ...e.metadata } };
    });
    const streamType = write.streamType ?? write.streamId.split('-')[0] ?? 'stream';
    const expected = write.expectedVersion === 'any' ? null : write.expectedVersion;
    const rows = prepared.map((e) => ({ event_id: e.eventId, type: e.type, version: e.version, data: e.data, metadata: e.metadata }));
    const args = [write.streamId, streamType, expected, JSON.stringify(rows)];
    /** This write as an entry of mf_append_batch's argument. */
    const batchEntry = { stream_id: write.streamId, stream_type: streamType, expected, events: rows };
    return { write, key, prepared, args, batchEntry, ids: prepared.map((e) => e.eventId) };
  }
  type Prepared = ReturnType<typeof prepare>;

  // The database assigns positions, transaction and time; the payloads are the ones we sent.
  const recorded = ({ write, prepared }: Prepared, { rows }: { rows: AppendedRow[] }): AppendResult => {
    const row = rows[0]!;
    const first = Number(row.first_position);
    const events: RecordedEvent[] = prepared.map((e, i) => ({
      globalPosition: Number(row.global_positions[i]),
      transactionId: row.transaction_id_text,
      streamId: write.streamId,
      streamPosition: first + i,
      eventId: e.eventId,
      type: e.type,
      version: e.version,
      data: e.data,
      metadata: e.metadata,
      recordedAt: row.recorded_at,
    }));
    return { nextVersion: first + prepared.length - 1, events, idempotent: false };
  };

  // ---------------------------------------------------------------------------------------------------
  // Group commit. A single-stream append with nothing else in its transaction (no alsoInTransaction, no
  // historical time) joins a queue; up to `groupCommit.batches` batches are written at once, each taking
  // what queued while the others were in flight: one statement (mf_append_batch) and one transaction —
  // one commit, one pass of each projection and its jobs — for all of them. Alone, a write goes at once.
  // Each write keeps its own outcome (appended, or a conflict). A batch that fails as a whole (a retried
  // write's event id already stored, a read model's unique key, a deadlock, the connection) is written
  // again one write at a time, so a write only ever fails for its own reasons; event ids make the second
  // attempt safe even after a commit whose answer was lost.
  interface Pending {
    part: Prepared;
    jobs: readonly JobRequest[];
    resolve(result: AppendResult): void;
    reject(err: unknown): void;
  }
  const queue: Pending[] = [];
  /** Streams with a write in a batch on the wire: their next write waits for the next batch. */
  const writing = new Set<string>();
  let batchesInFlight = 0;
  let pumpScheduled = false;

  function schedulePump() {
    if (pumpScheduled) return;
    pumpScheduled = true;
    // Writes that arrive in the same turn of the event loop leave together.
    queueMicrotask(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump() {
    while (batchesInFlight < groupCommit.batches && queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      for (const pending of queue) {
        const streamId = pending.part.write.streamId;
        if (batch.length < groupCommit.maxWrites && !writing.has(streamId)) {
          writing.add(streamId);
          batch.push(pending);
        } else rest.push(pending);
      }
      queue.splice(0, queue.length, ...rest);
      if (batch.length === 0) return;
      batchesInFlight++;
      void writeBatch(batch).finally(() => {
        batchesInFlight--;
        for (const pending of batch) writing.delete(pending.part.write.streamId);
        pump();
      });
    }
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    // Streams locked in one order by every batch: two batches never wait on each other in a cycle.
    batch.sort((a, b) => (a.part.write.streamId < b.part.write.streamId ? -1 : 1));
    const settle = (pending: Pending, result: Promise<AppendResult[]>) => result.then(([r]) => pending.resolve(r!), pending.reject);
    let outcomes: Array<AppendResult | Conflict>;
    try {
      outcomes = await commitBatch(batch);
    } catch (err) {
      // Something in the batch failed the transaction: each write again on its own.
      if (batch.length > 1) await Promise.all(batch.map((pending) => writeBatch([pending])));
      else await settle(batch[0]!, settleFailure([batch[0]!.part], err));
      return;
    }
    await Promise.all(
      batch.map((pending, i) => {
        const outcome = outcomes[i]!;
        // The stream moved on — or this is a retry of a write already stored: that one is a success.
        if ('actual' in outcome) return settle(pending, retryOrConflict([pending.part], outcome.actual));
        pending.resolve(outcome);
      }),
    );
  }

  /** One transaction for the batch; per write its result, or the version its stream was really at. */
  async function commitBatch(batch: readonly Pending[]): Promise<Array<AppendResult | Conflict>> {
    const argument = JSON.stringify(batch.map(({ part }) => part.batchEntry));
    const statement = { name: 'mf_append_batch', text: 'SELECT * FROM mf_append_batch($1::jsonb)', values: [argument] };
    const toOutcomes = (rows: BatchRow[]) =>
      rows.map((row): AppendResult | Conflict =>
        row.outcome === 'conflict' ? { actual: Number(row.actual_version) } : recorded(batch[row.write_index]!.part, { rows: [row as unknown as AppendedRow] }),
      );
    const needsTransaction = batch.some((p) => p.jobs.length > 0 || hitsInline(p.part.prepared));
    if (!needsTransaction) return toOutcomes((await pool.query<BatchRow>(statement)).rows);

    return inTransaction(async (client) => {
      const outcomes = toOutcomes((await client.query<BatchRow>(statement)).rows);
      const appended = batch.flatMap((pending, i) => {
        const outcome = outcomes[i]!;
        return 'actual' in outcome ? [] : [{ pending, result: outcome }];
      });
      await applyInline(client, appended.flatMap(({ result }) => result.events));
      const jobs = appended.flatMap(({ pending }) => pending.jobs);
      if (jobs.length) await enqueue!(client, jobs);
      return outcomes;
    });
  }

  /** BEGIN, the work, COMMIT on a pooled connection; ROLLBACK when the work fails. */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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

  const hitsInline = (events: ReadonlyArray<{ type: string }>) => inline.some((p) => events.some((e) => p.eventTypes.includes(e.type)));

  /** Each inline projection that any of these recorded events concerns, once, with those events in order. */
  async function applyInline(client: Queryable, events: readonly RecordedEvent[]) {
    for (const projection of inline) {
      const relevant = events.filter((e) => projection.eventTypes.includes(e.type));
      if (relevant.length) await projection.apply(client, relevant);
    }
  }

  /** After an append failed: a wrong version or an event id already stored is settled; anything else rethrown. */
  async function settleFailure(parts: readonly Prepared[], err: unknown): Promise<AppendResult[]> {
    const e = err as { code?: string; detail?: string; constraint?: string };
    const duplicateId = e.code === UNIQUE_VIOLATION && e.constraint === EVENT_ID_KEY;
    // Other unique violations come from read models (a taken e-mail): the caller maps them.
    if (e.code !== WRONG_VERSION && !duplicateId) throw err;
    return retryOrConflict(parts, e.code === WRONG_VERSION && parts.length === 1 ? Number(e.detail ?? 0) : undefined);
  }

  /**
   * A write refused for its version or its ids: a retry of a write that is already stored (or a concurrent
   * twin that won the race) is success; otherwise the stream's conflict (at `actual`, when known).
   */
  async function retryOrConflict(parts: readonly Prepared[], actual?: number): Promise<AppendResult[]> {
    const existing = await Promise.all(parts.map(storedWrite));
    if (existing.every((x) => x !== undefined)) {
      return existing.map((x) => ({ nextVersion: x!.at(-1)!.streamPosition, events: x!, idempotent: true }));
    }
    // The stream whose expectation failed (with one stream, that one).
    const failed = parts.find((p, i) => !existing[i] && p.write.expectedVersion !== 'any') ?? parts[0]!;
    throw new ConcurrencyError(failed.write.streamId, failed.write.expectedVersion, actual ?? (await currentVersion(pool, failed.write.streamId)));
  }

  async function appendMany(writes: readonly StreamWrite[], options: WriteOptions = {}): Promise<AppendResult[]> {
    if (writes.length === 0) throw new Error('appendMany needs at least one stream');
    if (options.key && writes.length > 1) throw new Error('a write under an Idempotency-Key is one stream');
    const parts = writes.map((w) => prepare(w, options.metadata ?? {}, options.key));
    const ids = parts.flatMap((p) => p.ids);
    if (new Set(ids).size !== ids.length) throw new ConflictError('Eventos repetidos en una misma escritura.');
    if (new Set(writes.map((w) => w.streamId)).size !== writes.length) throw new Error('appendMany: one entry per stream');
    const jobs = options.jobs ?? [];
    if (jobs.length && !enqueue) throw new Error('jobs given but the event store has no enqueue function');
    const alsoInTransaction = options.alsoInTransaction;

    if (parts.length === 1 && !alsoInTransaction && !options.recordedAt && parts[0]!.prepared.length <= GROUP_COMMIT_MAX_EVENTS) {
      return [await new Promise<AppendResult>((resolve, reject) => {
        queue.push({ part: parts[0]!, jobs, resolve, reject });
        schedulePump();
      })];
    }

    try {
      if (parts.length === 1 && jobs.length === 0 && !alsoInTransaction && !options.recordedAt && !hitsInline(parts[0]!.prepared)) {
        // A large write on its own, with nothing else to commit: one autocommitted statement.
        return [recorded(parts[0]!, await pool.query<AppendedRow>(appendStatement(parts[0]!.args)))];
      }
      return await inTransaction(async (client) => {
        if (options.recordedAt) await client.query("SELECT set_config('mf.recorded_at', $1, true)", [options.recordedAt.toISOString()]);
        const results: AppendResult[] = [];
        for (const part of parts) results.push(recorded(part, await client.query<AppendedRow>(appendStatement(part.args))));
        await applyInline(client, results.flatMap((r) => r.events));
        await alsoInTransaction?.(client);
        if (jobs.length) await enqueue!(client, jobs);
        return results;
      });
    } catch (err) {
      return settleFailure(parts, err);
    }
  }

  async function append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { expectedVersion, streamType, ...rest } = options;
    const [result] = await appendMany([{ streamId, events, expectedVersion, streamType }], rest);
    return result!;
  }

  async function currentVersion(db: Queryable, streamId: string): Promise<number> {
    const { rows } = await db.query<{ version: string }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
    return rows[0] ? Number(rows[0].version) : 0;
  }

  return {
    append,
    appendMany,
    streamVersion: (streamId) => currentVersion(pool, streamId),
    findWrite,

    async readStream(streamId, { after = 0, upTo } = {}) {
      const { rows } = await pool.query<EventRow>({ name: 'mf_read_stream', text: READ_STREAM_SQL, values: [streamId, after, upTo ?? null] });
      return rows.map((r) => catalog.upcast(toRecorded(r)));
    },

    async readAll({ after, limit = 1000 } = {}) {
      // Commit-safe order, and only transactions that have finished: a later read never finds an event
      // behind `after`.
      const { rows } = await pool.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id, global_position LIMIT $3`,
        [after?.transactionId ?? '0', after?.globalPosition ?? 0, limit],
      );
      return rows.map((r) => catalog.upcast(toRecorded(r)));
    },
  };
}
