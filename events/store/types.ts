// Shapes shared by the event store, the catalog and projections.
import type { z } from 'zod';
import type { PersonalFields } from './sealing';

/** Anything that runs SQL: a pool or a client inside a transaction. */
export interface Queryable {
  /** A `{ name, text }` statement is prepared once per connection and then only bound and executed. */
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string | { name: string; text: string },
    values?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface EventMetadata {
  /** Who caused it: a user id, 'visitor' or 'system'. */
  actor?: string;
  requestId?: string;
  /** Where it came from when not a plain request, e.g. 'guest-sync'. */
  origin?: string;
  /** The time the client reported, as ISO text (never trusted for ordering). */
  clientTime?: string;
  /** The subject whose key sealed this event's personal fields (`user:<id>`, `lead:<keyed hash>`); absent when it has none. */
  sealedFor?: string;
  /** Written under an Idempotency-Key: the digest of that request (RequestKey), so a reuse can be told from a retry. */
  request?: string;
  [key: string]: unknown;
}

/**
 * A write made under an Idempotency-Key: the id of the first event it records (derived from the key) and a
 * digest of the request (who sent it, to which route, with what data). The digest is stored with the events;
 * a later write under the same key is a retry when its digest matches — it writes nothing and is answered
 * from what the first one recorded — and is refused otherwise.
 */
export interface RequestKey {
  firstEventId: string;
  digest: string;
}

export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  schema: S;
  /** Upcasters: upcast[v] maps a payload of version v to version v + 1. */
  upcast: Record<number, (data: unknown) => unknown>;
  /** Its personal fields and whose they are: sealed in the log with that person's key (sealing.ts). */
  personal?: PersonalFields<z.output<S>>;
  /** Builds an event to append, checked against the schema at append time. */
  create(data: z.input<S>, options?: { eventId?: string; metadata?: EventMetadata }): NewEvent<T>;
  /** Type guard for recorded events. */
  is(event: RecordedEvent): event is RecordedEvent<T, z.output<S>>;
}

export interface NewEvent<T extends string = string> {
  type: T;
  data: unknown;
  /** A deterministic id makes a retried request idempotent; random when absent. */
  eventId?: string;
  metadata?: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamPosition: number;
  eventId: string;
  type: T;
  version: number;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
  /** Its person was forgotten: its personal fields read as REDACTED (sealing.ts). */
  redacted?: true;
}

/** A job to enqueue in the same transaction as the append (pg-boss). */
export interface JobRequest {
  name: string;
  data: object;
  options?: Record<string, unknown>;
}

/** Enqueues jobs inside the caller's transaction (all of a write, or of a batch of writes, at once). */
export type Enqueue = (tx: Queryable, jobs: readonly JobRequest[]) => Promise<void>;

/** How an append ended: written, found already stored (a retried request), refused for its stream's version, or failed. */
export type AppendOutcome = 'appended' | 'idempotent' | 'conflict' | 'error';

/**
 * What the store reports for the operator's metrics, as it happens: each append's time and outcome, the size of
 * each group-committed batch, each decision made again after a conflict. The store knows nothing of Prometheus.
 */
export interface StoreMetrics {
  appended(seconds: number, outcome: AppendOutcome): void;
  batched(writes: number): void;
  retried(): void;
}

export const NO_STORE_METRICS: StoreMetrics = { appended() {}, batched() {}, retried() {} };
