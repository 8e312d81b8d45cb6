// Reading the log: a stream in order, the events of one write, the whole log in commit order, a stream's version.
import type pg from 'pg';
import type { EventCatalog } from './catalog';
import type { EventMetadata, Queryable, RecordedEvent } from './types';

export interface EventReads {
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

export interface EventRow {
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
  /** The data key of the subject that sealed it, looked up with the row: null once that person is forgotten. */
  person_key?: Buffer | null;
}

// The key is read in the same statement as the event: a forgotten person's events stop opening in every process
// at the moment the key's deletion commits, with no cache to invalidate.
export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id_text, stream_id, stream_position, event_id, type, version, data, metadata, recorded_at, ' +
  "(SELECT k.key FROM person_keys k WHERE k.subject = events.metadata ->> 'sealedFor') AS person_key";

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

// The hot statements are named: prepared once per connection, then PostgreSQL only binds and runs them.
const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_position > $2 AND ($3::bigint IS NULL OR stream_position <= $3)
  ORDER BY stream_position`;
// One write is one stream's events in one transaction (a batch holds at most one write per stream), from
// its first event on.
const FIND_WRITE_SQL = `WITH f AS (SELECT stream_id AS s, stream_position AS p, transaction_id AS x FROM events WHERE event_id = $1)
  SELECT ${EVENT_COLUMNS} FROM events, f WHERE stream_id = f.s AND stream_position >= f.p AND transaction_id = f.x
  ORDER BY stream_position`;
// Commit-safe order, and only transactions that have finished: a later read never finds an event behind `after`.
const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $3`;

/** The stream's version: the position of its last event, 0 when it has none. */
export async function currentVersion(db: Queryable, streamId: string): Promise<number> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
  return rows[0] ? Number(rows[0].version) : 0;
}

/** Reads on the pool; every event read is opened (sealed fields) and upcast to its type's current version. */
export function createReads(pool: pg.Pool, catalog: EventCatalog): EventReads {
  const upcast = (rows: EventRow[]) => rows.map((r) => catalog.open(r));
  return {
    async readStream(streamId, { after = 0, upTo } = {}) {
      const { rows } = await pool.query<EventRow>({ name: 'mf_read_stream', text: READ_STREAM_SQL, values: [streamId, after, upTo ?? null] });
      return upcast(rows);
    },

    async readAll({ after, limit = 1000 } = {}) {
      const { rows } = await pool.query<EventRow>(READ_ALL_SQL, [after?.transactionId ?? '0', after?.globalPosition ?? 0, limit]);
      return upcast(rows);
    },

    streamVersion: (streamId) => currentVersion(pool, streamId),

    async findWrite(firstEventId) {
      const { rows } = await pool.query<EventRow>({ name: 'mf_find_write', text: FIND_WRITE_SQL, values: [firstEventId] });
      return rows.length ? upcast(rows) : undefined;
    },
  };
}
