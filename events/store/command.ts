// Load → fold → decide → append with the version read, retrying when another write got in between.
// Folded states of the streams this process has handled are kept (per store and fold), so a command reads
// only what was appended since, instead of the whole stream every time.
import type { AppendOptions, AppendResult, EventStore } from './event-store';
import { ConflictError } from '../errors';
import { assertRetryOf, ConcurrencyError } from './event-store';
import { isSnapshotFold } from './snapshots';
import type { EventMetadata, NewEvent, RecordedEvent } from './types';

export interface Decision {
  /** Nothing to record: no write happens. */
  events: NewEvent[];
  jobs?: AppendOptions['jobs'];
  alsoInTransaction?: AppendOptions['alsoInTransaction'];
}

export interface CommandResult<S> extends AppendResult {
  /**
   * The stream's state right after the command: the fold of everything up to nextVersion. For a retry
   * (`idempotent`), the state right after the first write, with that write's events: answers built from
   * these two are the same however many times the request is sent, whatever happened since.
   */
  state: S;
}

interface Snapshot<S> {
  /** The stream position the state was folded up to. */
  version: number;
  state: S;
}

/** Per stream, the most recent snapshots first out when full (a map keeps insertion order). */
const MAX_SNAPSHOTS = 5_000;
type Snapshots = Map<string, Snapshot<unknown> & { initial: unknown }>;
const cache = new WeakMap<EventStore, WeakMap<object, Snapshots>>();

function snapshotsOf(store: EventStore, evolve: object): Snapshots {
  let byFold = cache.get(store);
  if (!byFold) cache.set(store, (byFold = new WeakMap()));
  let snapshots = byFold.get(evolve);
  if (!snapshots) byFold.set(evolve, (snapshots = new Map()));
  return snapshots;
}

/**
 * A snapshot is a fold of a prefix of an append-only stream, so it never becomes wrong, only old. An old
 * one is safe to decide on: the append expects the snapshot's version and fails with a conflict if the
 * stream moved on (then the new events are read and the command decided again). A refusal or a decision
 * to record nothing is confirmed against the stream first, since no append checks it.
 */
export async function handleCommand<S>(
  store: EventStore,
  streamId: string,
  fold: { initial: S; evolve: (state: S, event: RecordedEvent) => S },
  decide: (state: S) => Decision | Promise<Decision>,
  options: Pick<AppendOptions, 'metadata' | 'streamType' | 'key'> & {
    retries?: number;
    /**
     * The stream is usually new (a lead's first e-mail): decide on the empty state without reading
     * first. The empty state is a fold of the empty prefix, so this is safe like any old snapshot: if the
     * stream exists, the append conflicts and the command reads it and decides again.
     */
    usuallyNew?: boolean;
    /**
     * The decision depends on nothing the stream holds (a page view is recorded whatever came before it):
     * decide on the empty state without reading, and append whatever the stream's version, so that two
     * writes to one stream never conflict. The state answered is the fold of this write's events alone.
     */
    anyVersion?: boolean;
  } = {},
): Promise<CommandResult<S>> {
  const retries = options.retries ?? 3;
  const snapshots = snapshotsOf(store, fold.evolve);
  const remember = (next: Snapshot<S>) => {
    if (options.anyVersion) return;
    const known = snapshots.get(streamId);
    if (known && known.initial === fold.initial && known.version > next.version) return;
    snapshots.delete(streamId);
    snapshots.set(streamId, { ...next, initial: fold.initial });
    if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
  };
  const known = snapshots.get(streamId);
  let snapshot: Snapshot<S> = known && known.initial === fold.initial && !options.anyVersion ? (known as Snapshot<S>) : { version: 0, state: fold.initial };
  // With anyVersion there is nothing in the stream to catch up with.
  let current = Boolean(options.anyVersion);
  /** Reads what was appended after the snapshot; how many events there were. */
  const catchUp = async () => {
    const tail = await store.readStream(streamId, { after: snapshot.version });
    current = true;
    if (tail.length === 0) return 0;
    snapshot = { version: tail.at(-1)!.streamPosition, state: tail.reduce(fold.evolve, snapshot.state) };
    remember(snapshot);
    return tail.length;
  };
  if (snapshot.version === 0 && !options.usuallyNew && !options.anyVersion) {
    // Not in memory: a persisted snapshot of the fold, when it has them, spares reading the stream from its start
    // (the append still checks the version read, so an old one is as safe as the cache's).
    const persisted = isSnapshotFold(fold) ? await store.snapshots.latest(streamId, fold, { open: true }) : undefined;
    if (persisted) snapshot = { version: persisted.version, state: persisted.state };
    const read = await catchUp();
    if (isSnapshotFold(fold) && read >= store.snapshots.every) void store.snapshots.refresh(streamId, fold);
  }

  /** The state right after a write already stored: its stream folded up to its last event. */
  const replay = async (stored: RecordedEvent[]): Promise<CommandResult<S>> => {
    const { streamId: stream, streamPosition: version } = stored.at(-1)!;
    if (options.anyVersion) return { nextVersion: version, events: stored, idempotent: true, state: stored.reduce(fold.evolve, fold.initial) };
    const base = stream === streamId && snapshot.version <= version ? snapshot : { version: 0, state: fold.initial };
    const tail = base.version === version ? [] : await store.readStream(stream, { after: base.version, upTo: version });
    return { nextVersion: version, events: stored, idempotent: true, state: tail.reduce(fold.evolve, base.state) };
  };
  /**
   * A request whose decision is to refuse or to record nothing may still be a retry of one that recorded
   * something under its key (and the state has moved since): then it answers as that one did. The key is
   * looked up only here, off the common path, where no append would find it.
   */
  const earlierWrite = async (): Promise<CommandResult<S> | undefined> => {
    if (!options.key) return undefined;
    const stored = await store.findWrite(options.key.firstEventId);
    if (!stored) return undefined;
    assertRetryOf(stored, streamId, options.key);
    return replay(stored);
  };

  for (let attempt = 0; ; attempt++) {
    let decision: Decision;
    try {
      decision = await decide(snapshot.state);
    } catch (err) {
      if (current || (await catchUp()) === 0) {
        const earlier = await earlierWrite();
        if (earlier) return earlier;
        throw err;
      }
      continue;
    }
    if (decision.events.length === 0) {
      if (current || (await catchUp()) === 0)
        return (await earlierWrite()) ?? { nextVersion: snapshot.version, events: [], idempotent: false, state: snapshot.state };
      continue;
    }
    try {
      const result = await store.append(streamId, decision.events, {
        expectedVersion: options.anyVersion ? 'any' : snapshot.version,
        metadata: options.metadata,
        key: options.key,
        streamType: options.streamType,
        jobs: decision.jobs,
        alsoInTransaction: decision.alsoInTransaction,
      });
      // A retry whose events were already stored says nothing about the version the snapshot is at.
      if (result.idempotent) return replay(result.events);
      const after = { version: result.nextVersion, state: result.events.reduce(fold.evolve, snapshot.state) };
      remember(after);
      return { ...result, state: after.state };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= retries) throw err;
      store.metrics.retried();
      await catchUp();
    }
  }
}

/** One stream's events in a decision that writes to several streams at once. */
export interface StreamEvents {
  streamId: string;
  events: readonly NewEvent[];
}

/** A decision over several streams, with the jobs it causes (enqueued in the same transaction). */
export interface MultiStreamDecision {
  writes: readonly StreamEvents[];
  jobs?: AppendOptions['jobs'];
}

export interface MultiStreamResult<S> {
  /** Per stream written, in the order decided; empty when the decision was to record nothing. */
  results: AppendResult[];
  /** The decided stream's state right after the command. */
  state: S;
}

/**
 * Load → fold → decide → append for a decision made on one stream whose events also go to other streams, all
 * in one transaction (a payment claimed and the access it grants, in the buyer's stream). The decided stream is
 * appended at the version its state was folded from; the others whatever their version, since what happens
 * there follows from this decision. When that stream moved on, it is read again and the command decided again.
 *
 * Event ids of such a decision come from the facts (a payment's id), not from a request: when they are already
 * stored — every one (a twin request) or some in another stream (a request of someone else on the same facts) —
 * another request decided first, and this one is decided again on the state that includes it, as a later
 * request would be.
 */
export async function handleMultiStreamCommand<S>(
  store: EventStore,
  streamId: string,
  fold: { initial: S; evolve: (state: S, event: RecordedEvent) => S },
  decide: (state: S) => readonly StreamEvents[] | MultiStreamDecision | Promise<readonly StreamEvents[] | MultiStreamDecision>,
  options: { metadata?: EventMetadata; retries?: number } = {},
): Promise<MultiStreamResult<S>> {
  const retries = options.retries ?? 3;
  let version = 0;
  let state = fold.initial;
  const catchUp = async () => {
    const tail = await store.readStream(streamId, { after: version });
    if (tail.length === 0) return;
    version = tail.at(-1)!.streamPosition;
    state = tail.reduce(fold.evolve, state);
  };
  await catchUp();

  for (let attempt = 0; ; attempt++) {
    const decided = await decide(state);
    const { writes: all, jobs } = 'writes' in decided ? decided : { writes: decided, jobs: undefined };
    const writes = all.filter((w) => w.events.length > 0);
    if (writes.length === 0) return { results: [], state };
    let results: AppendResult[];
    try {
      results = await store.appendMany(
        writes.map((w) => ({ streamId: w.streamId, events: w.events, expectedVersion: w.streamId === streamId ? version : 'any' })),
        { metadata: options.metadata, ...(jobs?.length ? { jobs } : {}) },
      );
    } catch (err) {
      // The decided stream moved on, or an event id is stored in another stream (another request decided on
      // the same facts for someone else): either way the state has changed under the decision.
      if (!(err instanceof ConflictError) || attempt >= retries) throw err;
      store.metrics.retried();
      await catchUp();
      continue;
    }
    if (!results.every((r) => r.idempotent) || attempt >= retries) {
      const own = results.flatMap((r) => r.events).filter((e) => e.streamId === streamId && e.streamPosition > version);
      return { results, state: own.reduce(fold.evolve, state) };
    }
    store.metrics.retried();
    await catchUp();
  }
}
