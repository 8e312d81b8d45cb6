// The event store on PostgreSQL: append with optimistic concurrency and idempotency, read a stream, read the log.
import { timeOrderedUuid } from './ids';
import type pg from 'pg';
import { ConflictError } from '../errors';
import type { EventCatalog } from './catalog';
import type { Projection } from './projection';
import type { Enqueue, EventMetadata, JobRequest, NewEvent, Queryable, RecordedEvent } from './types';

/** The stream must be at exactly this version (0: must not exist yet), or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /** Defaults to the part of the stream id before the first '-'. */
  streamType?: string;
  /** Merged into every event's metadata. */
  metadata?: EventMetadata;
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
    super('Tus datos cambiaron mientras guardabas. Volvé a intentarlo.', { streamId, expected, actual });
  }
}

export interface EventStoreDeps {
  pool: pg.Pool;
  catalog: EventCatalog;
  /** Inline projections run inside the append transaction (read-your-writes). */
  projections?: readonly Projection[];
  enqueue?: Enqueue;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: { upTo?: number }): Promise<RecordedEvent[]>;
  /** The whole log in commit order, after a position taken from a previously read event. */
  readAll(options?: { after?: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>; limit?: number }): Promise<RecordedEvent[]>;
  streamVersion(streamId: string): Promise<number>;
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

interface AppendedRow extends Record<string, unknown> {
  first_position: string;
  global_positions: string[];
  transaction_id_text: string;
  recorded_at: Date;
}

export function createEventStore({ pool, catalog, projections = [], enqueue }: EventStoreDeps): EventStore {
  const inline = projections.filter((p) => p.mode === 'inline');

  async function findExisting(db: Queryable, streamId: string, ids: string[]): Promise<RecordedEvent[] | undefined> {
    const { rows } = await db.query<EventRow & Record<string, unknown>>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`,
      [ids],
    );
    if (rows.length === 0) return undefined;
    if (rows.length === ids.length && rows.every((r) => r.stream_id === streamId)) return rows.map(toRecorded);
    throw new ConflictError('Esta operación ya se registró con otros datos.', { streamId });
  }

  async function append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const metadata = options.metadata ?? {};
    const prepared = events.map((e) => {
      const { data, version } = catalog.validate(e);
      return { eventId: e.eventId ?? timeOrderedUuid(), type: e.type, version, data, metadata: { ...metadata, ...e.metadata } };
    });
    const ids = prepared.map((e) => e.eventId);
    if (new Set(ids).size !== ids.length) throw new ConflictError('Eventos repetidos en una misma escritura.');
    const streamType = options.streamType ?? streamId.split('-')[0] ?? 'stream';

    const args = [
      streamId,
      streamType,
      options.expectedVersion === 'any' ? null : options.expectedVersion,
      JSON.stringify(prepared.map((e) => ({ event_id: e.eventId, type: e.type, version: e.version, data: e.data, metadata: e.metadata }))),
    ];
    const types = new Set(prepared.map((e) => e.type));
    const projectionsHit = inline.filter((p) => p.eventTypes.some((t) => types.has(t)));
    const jobs = options.jobs ?? [];
    if (jobs.length && !enqueue) throw new Error('jobs given but the event store has no enqueue function');
    const alsoInTransaction = options.alsoInTransaction;

    // The database assigns positions, transaction and time; the payloads are the ones we sent.
    const recorded = ({ rows }: { rows: AppendedRow[] }): AppendResult => {
      const row = rows[0]!;
      const first = Number(row.first_position);
      const events: RecordedEvent[] = prepared.map((e, i) => ({
        globalPosition: Number(row.global_positions[i]),
        transactionId: row.transaction_id_text,
        streamId,
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

    try {
      if (projectionsHit.length === 0 && jobs.length === 0 && !alsoInTransaction) {
        // Nothing else commits with the events: one autocommitted statement.
        return recorded(await pool.query<AppendedRow>(APPEND_SQL, args));
      }
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = recorded(await client.query<AppendedRow>(APPEND_SQL, args));
        for (const projection of projectionsHit) {
          const relevant = result.events.filter((e) => projection.eventTypes.includes(e.type));
          if (relevant.length) await projection.apply(client, relevant);
        }
        await alsoInTransaction?.(client);
        for (const job of jobs) await enqueue!(client, job);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    } catch (err) {
      const e = err as { code?: string; detail?: string; constraint?: string };
      const duplicateId = e.code === UNIQUE_VIOLATION && e.constraint === EVENT_ID_KEY;
      // Other unique violations come from read models (a taken e-mail): the caller maps them.
      if (e.code !== WRONG_VERSION && !duplicateId) throw err;
      // A retry of a write that is already stored (or a concurrent twin that won the race) is success.
      const existing = await findExisting(pool, streamId, ids);
      if (existing) return { nextVersion: existing.at(-1)!.streamPosition, events: existing, idempotent: true };
      const actual = e.code === WRONG_VERSION ? Number(e.detail ?? 0) : await currentVersion(pool, streamId);
      throw new ConcurrencyError(streamId, options.expectedVersion, actual);
    }
  }

  async function currentVersion(db: Queryable, streamId: string): Promise<number> {
    const { rows } = await db.query<{ version: string }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
    return rows[0] ? Number(rows[0].version) : 0;
  }

  return {
    append,
    streamVersion: (streamId) => currentVersion(pool, streamId),

    async readStream(streamId, { upTo } = {}) {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE stream_id = $1 AND ($2::bigint IS NULL OR stream_position <= $2)
         ORDER BY stream_position`,
        [streamId, upTo ?? null],
      );
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
