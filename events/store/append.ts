// Appending: a write's events validated and given ids, its stream's version claimed and its events inserted
// (mf_append_events for one write, mf_append_batch for a group-committed batch) in one transaction with what
// commits with them; a refused write is told apart as a retry of one already stored (success), a reused
// Idempotency-Key (422) or a conflict (409).
import type pg from 'pg';
import { ConflictError, UnprocessableError } from '../errors';
import type { EventCatalog } from './catalog';
import { type BatchOutcome, createGroupCommit, type GroupCommitOptions, joinsBatch } from './group-commit';
import { timeOrderedUuid } from './ids';
import { currentVersion, EVENT_COLUMNS, type EventReads, type EventRow } from './read';
import type { Keyring } from './keyring';
import { newDataKey, openData, sealData } from './sealing';
import { inTransaction, type WriteTransaction } from './transaction';
import type { AppendOutcome, EventMetadata, JobRequest, NewEvent, Queryable, RecordedEvent, RequestKey, StoreMetrics } from './types';

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

export interface EventAppends {
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Several streams' events in one transaction: every expectation holds and all are written, or none is
   * (a payment claimed and what it grants). Idempotent like append: a retry returns the stored events.
   */
  appendMany(writes: readonly StreamWrite[], options?: WriteOptions): Promise<AppendResult[]>;
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

/** One stream's part of a write: validated events with their ids and metadata, and the arguments of the append statements. */
export interface PreparedWrite {
  write: StreamWrite;
  key?: RequestKey;
  /** `data` is the plain payload; `stored`, when its personal fields are sealed, what the log gets. */
  prepared: Array<{ eventId: string; type: string; version: number; data: unknown; stored?: unknown; metadata: EventMetadata; redacted?: true }>;
  /** The arguments of mf_append_events. */
  args: unknown[];
  /** This write as an entry of mf_append_batch's argument. */
  batchEntry: { stream_id: string; stream_type: string; expected: number | null; events: unknown[] };
  ids: string[];
}

/** Validates a stream's events against the catalog and gives each its id and metadata (the key's digest included). */
export function prepareWrite(catalog: EventCatalog, write: StreamWrite, given: EventMetadata, key?: RequestKey): PreparedWrite {
  return withStatements(validateWrite(catalog, write, given, key));
}

/** prepareWrite without the statements' arguments (built once the events are sealed). */
function validateWrite(catalog: EventCatalog, write: StreamWrite, given: EventMetadata, key?: RequestKey): PreparedWrite {
  if (write.events.length === 0) throw new Error('append needs at least one event');
  const metadata = key ? { ...given, request: key.digest } : given;
  const prepared = write.events.map((e) => {
    const { data, version } = catalog.validate(e);
    return { eventId: e.eventId ?? timeOrderedUuid(), type: e.type, version, data, metadata: { ...metadata, ...e.metadata } };
  });
  return { write, key, prepared, args: [], batchEntry: { stream_id: '', stream_type: '', expected: null, events: [] }, ids: [] };
}

/** The append statements' arguments for a write's events as they go to the log (`stored` when sealed, else `data`). */
function withStatements(part: PreparedWrite): PreparedWrite {
  const { write, prepared } = part;
  const streamType = write.streamType ?? write.streamId.split('-')[0] ?? 'stream';
  const expected = write.expectedVersion === 'any' ? null : write.expectedVersion;
  const rows = prepared.map((e) => ({ event_id: e.eventId, type: e.type, version: e.version, data: e.stored ?? e.data, metadata: e.metadata }));
  const args = [write.streamId, streamType, expected, JSON.stringify(rows)];
  const batchEntry = { stream_id: write.streamId, stream_type: streamType, expected, events: rows };
  return { ...part, args, batchEntry, ids: prepared.map((e) => e.eventId) };
}

/**
 * Seals the personal fields of a write's events with their people's keys (made on first need): the log gets the
 * sealed payload and the subject in `metadata.sealedFor`; the caller and the inline projections keep the plain data.
 */
export async function sealWrite(catalog: EventCatalog, keyring: Keyring, parts: readonly PreparedWrite[]): Promise<PreparedWrite[]> {
  const personal = parts.flatMap((part) =>
    part.prepared.flatMap((e) => {
      const fields = catalog.personal(e.type);
      return fields ? [{ e, fields }] : [];
    }),
  );
  if (personal.length === 0) return parts.map(withStatements);
  const subjectOf = await keyring.subjectIds();
  const subjects = personal.map(({ e, fields }) => subjectOf(fields.subject(e.data)));
  const keys = await keyring.keysFor(subjects);
  personal.forEach(({ e, fields }, i) => {
    const subject = subjects[i]!;
    const key = keys.get(subject);
    e.metadata = { ...e.metadata, sealedFor: subject };
    if (key) {
      e.stored = sealData(fields.fields, e.eventId, e.data, key);
      return;
    }
    // A learner forgotten for good (a late job's write): sealed with a key nobody keeps, and redacted for the
    // inline projections too, so no read model gets back what the erasure removed.
    e.stored = sealData(fields.fields, e.eventId, e.data, newDataKey());
    e.data = openData(fields.fields, e.eventId, e.stored, null).data;
    e.redacted = true;
  });
  return parts.map(withStatements);
}

/** Where the database put a write's events: its first stream position, their global positions, transaction and time. */
export interface AppendedRow extends Record<string, unknown> {
  first_position: string;
  global_positions: string[];
  transaction_id_text: string;
  recorded_at: Date;
}

/** The database assigns positions, transaction and time; the payloads are the ones we sent. */
export function recorded({ write, prepared }: PreparedWrite, row: AppendedRow): AppendResult {
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
    ...(e.redacted ? { redacted: e.redacted } : {}),
  }));
  return { nextVersion: first + prepared.length - 1, events, idempotent: false };
}

interface BatchRow extends Record<string, unknown> {
  write_index: number;
  outcome: 'appended' | 'conflict';
  first_position: string | null;
  global_positions: string[] | null;
  actual_version: string | null;
  transaction_id_text: string;
  recorded_at: Date;
}

const UNIQUE_VIOLATION = '23505';
const WRONG_VERSION = 'MF001';
const EVENT_ID_KEY = 'events_event_id_key';
// The hot statements are named: prepared once per connection, then PostgreSQL only binds and runs them.
const appendStatement = (values: unknown[]) => ({ name: 'mf_append_events', text: 'SELECT * FROM mf_append_events($1, $2, $3, $4::jsonb)', values });
const batchStatement = (batch: readonly Batched[]) => ({
  name: 'mf_append_batch',
  text: 'SELECT * FROM mf_append_batch($1::jsonb)',
  values: [JSON.stringify(batch.map(({ part }) => part.batchEntry))],
});

/** A single-stream write waiting in the group commit's queue, with the jobs it causes. */
interface Batched {
  part: PreparedWrite;
  jobs: readonly JobRequest[];
}

export interface AppendDeps {
  pool: pg.Pool;
  catalog: EventCatalog;
  transaction: WriteTransaction;
  reads: Pick<EventReads, 'findWrite'>;
  groupCommit: GroupCommitOptions;
  /** Seals personal fields; without one they are written as they are (the benchmark's baseline). */
  keyring?: Keyring;
  metrics: StoreMetrics;
}

export function createAppends({ pool, catalog, transaction, reads, groupCommit, keyring, metrics }: AppendDeps): EventAppends {
  /** A write's own events, when every one is already stored in its stream (a retry); a conflict when they are elsewhere. */
  async function findExisting(streamId: string, ids: string[]): Promise<RecordedEvent[] | undefined> {
    const { rows } = await pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`, [ids]);
    if (rows.length === 0) return undefined;
    if (rows.length === ids.length && rows.every((r) => r.stream_id === streamId)) return rows.map((r) => catalog.open(r));
    throw new ConflictError('Esta operación ya se registró con otros datos.', { streamId });
  }

  /** What is already stored of this part's write: its request's first write (under a key), or its own events. */
  async function storedWrite(part: PreparedWrite): Promise<RecordedEvent[] | undefined> {
    if (part.key) {
      const stored = await reads.findWrite(part.key.firstEventId);
      if (stored) {
        assertRetryOf(stored, part.write.streamId, part.key);
        return stored;
      }
    }
    return findExisting(part.write.streamId, part.ids);
  }

  /** After an append failed: a wrong version or an event id already stored is settled; anything else rethrown. */
  async function settleFailure(parts: readonly PreparedWrite[], err: unknown): Promise<AppendResult[]> {
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
  async function retryOrConflict(parts: readonly PreparedWrite[], actual?: number): Promise<AppendResult[]> {
    const existing = await Promise.all(parts.map(storedWrite));
    if (existing.every((x) => x !== undefined)) {
      return existing.map((x) => ({ nextVersion: x!.at(-1)!.streamPosition, events: x!, idempotent: true }));
    }
    // The stream whose expectation failed (with one stream, that one).
    const failed = parts.find((p, i) => !existing[i] && p.write.expectedVersion !== 'any') ?? parts[0]!;
    throw new ConcurrencyError(failed.write.streamId, failed.write.expectedVersion, actual ?? (await currentVersion(pool, failed.write.streamId)));
  }

  /** One transaction for the batch; per write its result, or the version its stream was really at. */
  async function commitBatch(batch: readonly Batched[]): Promise<BatchOutcome<AppendResult>[]> {
    const toOutcomes = (rows: BatchRow[]) =>
      rows.map((row): BatchOutcome<AppendResult> =>
        row.outcome === 'conflict'
          ? { actual: Number(row.actual_version) }
          : { appended: recorded(batch[row.write_index]!.part, row as unknown as AppendedRow) },
      );
    const needsTransaction = batch.some((p) => p.jobs.length > 0 || transaction.hitsInline(p.part.prepared));
    const outcomes = !needsTransaction
      ? toOutcomes((await pool.query<BatchRow>(batchStatement(batch))).rows)
      : await inTransaction(pool, async (client) => {
          const outcomes = toOutcomes((await client.query<BatchRow>(batchStatement(batch))).rows);
          const appended = outcomes.flatMap((outcome, i) => ('appended' in outcome ? [{ write: batch[i]!, result: outcome.appended }] : []));
          await transaction.alongside(
            client,
            appended.flatMap(({ result }) => result.events),
            { jobs: appended.flatMap(({ write }) => write.jobs) },
          );
          return outcomes;
        });
    metrics.batched(batch.length);
    return outcomes;
  }

  const grouped = createGroupCommit<Batched, AppendResult>(
    {
      streamOf: ({ part }) => part.write.streamId,
      commit: commitBatch,
      conflicted: async ({ part }, actual) => (await retryOrConflict([part], actual))[0]!,
      failed: async ({ part }, err) => (await settleFailure([part], err))[0]!,
    },
    groupCommit,
  );

  async function appendMany(writes: readonly StreamWrite[], options: WriteOptions = {}): Promise<AppendResult[]> {
    if (writes.length === 0) throw new Error('appendMany needs at least one stream');
    if (options.key && writes.length > 1) throw new Error('a write under an Idempotency-Key is one stream');
    const validated = writes.map((w) => validateWrite(catalog, w, options.metadata ?? {}, options.key));
    const parts = keyring ? await sealWrite(catalog, keyring, validated) : validated.map(withStatements);
    const ids = parts.flatMap((p) => p.ids);
    if (new Set(ids).size !== ids.length) throw new ConflictError('Eventos repetidos en una misma escritura.');
    if (new Set(writes.map((w) => w.streamId)).size !== writes.length) throw new Error('appendMany: one entry per stream');
    const jobs = options.jobs ?? [];
    if (jobs.length && !transaction.enqueues) throw new Error('jobs given but the event store has no enqueue function');
    const alsoInTransaction = options.alsoInTransaction;
    const historical = Boolean(options.recordedAt);

    if (joinsBatch({ streams: parts.length, events: parts[0]!.prepared.length, alsoInTransaction: Boolean(alsoInTransaction), historical })) {
      return [await grouped({ part: parts[0]!, jobs })];
    }

    try {
      if (parts.length === 1 && jobs.length === 0 && !alsoInTransaction && !historical && !transaction.hitsInline(parts[0]!.prepared)) {
        // A large write on its own, with nothing else to commit: one autocommitted statement.
        return [recorded(parts[0]!, (await pool.query<AppendedRow>(appendStatement(parts[0]!.args))).rows[0]!)];
      }
      return await inTransaction(pool, async (client) => {
        if (options.recordedAt) await client.query("SELECT set_config('mf.recorded_at', $1, true)", [options.recordedAt.toISOString()]);
        const results: AppendResult[] = [];
        for (const part of parts) results.push(recorded(part, (await client.query<AppendedRow>(appendStatement(part.args))).rows[0]!));
        await transaction.alongside(
          client,
          results.flatMap((r) => r.events),
          { jobs, alsoInTransaction },
        );
        return results;
      });
    } catch (err) {
      return settleFailure(parts, err);
    }
  }

  /** appendMany, timed from the call to its answer (a write's wait in the group commit's queue included). */
  async function measured(writes: readonly StreamWrite[], options?: WriteOptions): Promise<AppendResult[]> {
    const started = performance.now();
    let outcome: AppendOutcome = 'error';
    try {
      const results = await appendMany(writes, options);
      outcome = results.every((r) => r.idempotent) ? 'idempotent' : 'appended';
      return results;
    } catch (err) {
      if (err instanceof ConcurrencyError) outcome = 'conflict';
      throw err;
    } finally {
      metrics.appended((performance.now() - started) / 1000, outcome);
    }
  }

  return {
    appendMany: measured,
    async append(streamId, events, options) {
      const { expectedVersion, streamType, ...rest } = options;
      const [result] = await measured([{ streamId, events, expectedVersion, streamType }], rest);
      return result!;
    },
  };
}
