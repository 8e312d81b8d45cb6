// The event store on PostgreSQL: append with optimistic concurrency and idempotency, read a stream, read the log.
import { randomUUID } from 'node:crypto';
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
  readAll(options?: { after?: number; limit?: number }): Promise<RecordedEvent[]>;
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
      return { eventId: e.eventId ?? randomUUID(), type: e.type, version, data, metadata: { ...metadata, ...e.metadata } };
    });
    const ids = prepared.map((e) => e.eventId);
    if (new Set(ids).size !== ids.length) throw new ConflictError('Eventos repetidos en una misma escritura.');
    const streamType = options.streamType ?? streamId.split('-')[0] ?? 'stream';
    const n = prepared.length;

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const already = await findExisting(client, streamId, ids);
      if (already) {
        await client.query('ROLLBACK');
        return { nextVersion: already.at(-1)!.streamPosition, events: already, idempotent: true };
      }

      let nextVersion: number;
      if (options.expectedVersion === 'any') {
        const { rows } = await client.query<{ version: string }>(
          `INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, $2, $3)
           ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + $3, updated_at = now()
           RETURNING version`,
          [streamId, streamType, n],
        );
        nextVersion = Number(rows[0]!.version);
      } else if (options.expectedVersion === 0) {
        const { rows } = await client.query<{ version: string }>(
          `INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, $2, $3)
           ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
          [streamId, streamType, n],
        );
        if (rows.length === 0) throw new ConcurrencyError(streamId, 0, await currentVersion(client, streamId));
        nextVersion = n;
      } else {
        const { rows } = await client.query<{ version: string }>(
          `UPDATE streams SET version = version + $3, updated_at = now()
           WHERE stream_id = $1 AND version = $2 RETURNING version`,
          [streamId, options.expectedVersion, n],
        );
        if (rows.length === 0) {
          throw new ConcurrencyError(streamId, options.expectedVersion, await currentVersion(client, streamId));
        }
        nextVersion = Number(rows[0]!.version);
      }

      const first = nextVersion - n + 1;
      const { rows } = await client.query<EventRow & Record<string, unknown>>(
        `INSERT INTO events (stream_id, stream_position, event_id, type, version, data, metadata)
         SELECT $1, $2::bigint + i - 1, e.event_id, e.type, e.version, e.data, e.metadata
         FROM ROWS FROM (jsonb_to_recordset($3::jsonb)
                AS (event_id uuid, type text, version int, data jsonb, metadata jsonb)) WITH ORDINALITY
           AS e(event_id, type, version, data, metadata, i)
         ORDER BY i
         RETURNING ${EVENT_COLUMNS}`,
        [
          streamId,
          first,
          JSON.stringify(
            prepared.map((e) => ({ event_id: e.eventId, type: e.type, version: e.version, data: e.data, metadata: e.metadata })),
          ),
        ],
      );
      const recorded = rows.map(toRecorded).sort((a, b) => a.streamPosition - b.streamPosition);

      for (const projection of inline) {
        const relevant = recorded.filter((e) => projection.eventTypes.includes(e.type));
        if (relevant.length) await projection.apply(client, relevant);
      }
      if (options.jobs?.length) {
        if (!enqueue) throw new Error('jobs given but the event store has no enqueue function');
        for (const job of options.jobs) await enqueue(client, job);
      }
      await client.query('COMMIT');
      return { nextVersion, events: recorded, idempotent: false };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      // A concurrent retry of the same request may have won the race: that is success, not a conflict.
      if (err instanceof ConcurrencyError || (err as { code?: string }).code === UNIQUE_VIOLATION) {
        const existing = await findExisting(pool, streamId, ids).catch(() => undefined);
        if (existing) return { nextVersion: existing.at(-1)!.streamPosition, events: existing, idempotent: true };
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new ConcurrencyError(streamId, options.expectedVersion, await currentVersion(pool, streamId));
        }
      }
      throw err;
    } finally {
      client.release();
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

    async readAll({ after = 0, limit = 1000 } = {}) {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
        [after, limit],
      );
      return rows.map((r) => catalog.upcast(toRecorded(r)));
    },
  };
}
