// The event store on PostgreSQL: appends with optimistic concurrency and idempotency (append.ts), concurrent
// single-stream appends sharing a commit (group-commit.ts), what commits with them (transaction.ts), reads (read.ts).
import type pg from 'pg';
import { createAppends, type EventAppends } from './append';
import type { EventCatalog } from './catalog';
import { GROUP_COMMIT_DEFAULTS } from './group-commit';
import { createKeyring, type Keyring } from './keyring';
import type { Projection } from './projection';
import { createReads, type EventReads } from './read';
import { createFoldSnapshots, type FoldSnapshots } from './snapshots';
import { writeTransaction } from './transaction';
import { NO_STORE_METRICS, type Enqueue, type StoreMetrics } from './types';

export {
  assertRetryOf,
  ConcurrencyError,
  IdempotencyKeyReusedError,
  KEY_REUSED_MESSAGE,
  type AppendOptions,
  type AppendResult,
  type ExpectedVersion,
  type StreamWrite,
  type WriteOptions,
} from './append';
export { EVENT_COLUMNS, toRecorded } from './read';

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
  /** Seals events' personal fields with their people's keys (person_keys); `false` only to measure what sealing costs. */
  sealing?: boolean;
  /** Told of every append, batch and retried decision (the operator's metrics); nothing by default. */
  metrics?: StoreMetrics;
  /** Fold snapshots: how many events apart (SNAPSHOT_EVERY by default), and where a failed background write is told. */
  snapshots?: { every?: number; onError?: (err: unknown, streamId: string) => void };
}

export interface EventStore extends EventAppends, EventReads {
  /** The people's data keys: subject ids, and forgetting (sealing uses it when on). */
  keyring: Keyring;
  /** Where appends, batches and retried decisions are counted (handleCommand reports its retries here). */
  metrics: StoreMetrics;
  /** Persisted states of long streams' folds (handleCommand's learner fold, the coach's journey). */
  snapshots: FoldSnapshots;
}

export function createEventStore({
  pool,
  catalog,
  projections = [],
  enqueue,
  groupCommit,
  sealing = true,
  metrics = NO_STORE_METRICS,
  snapshots,
}: EventStoreDeps): EventStore {
  const reads = createReads(pool, catalog);
  const keyring = createKeyring(pool);
  const appends = createAppends({
    pool,
    catalog,
    transaction: writeTransaction(projections, enqueue),
    reads,
    ...(sealing ? { keyring } : {}),
    groupCommit: {
      batches: groupCommit?.batches ?? GROUP_COMMIT_DEFAULTS.batches,
      maxWrites: groupCommit?.maxWrites ?? GROUP_COMMIT_DEFAULTS.maxWrites,
    },
    metrics,
  });
  return { ...appends, ...reads, keyring, metrics, snapshots: createFoldSnapshots(pool, catalog, snapshots) };
}
