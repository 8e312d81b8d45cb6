// A set of named values kept in one stream (the site settings, the catalogue): each event records only the fields
// that changed (null: cleared), the fold keeps every version's change as history, and an earlier version is brought
// back as one more change (with `restoredFrom`), so nothing is ever rewritten.
import { NotFoundError } from '../errors';
import type { EventStore } from './event-store';
import type { NewEvent, RecordedEvent } from './types';

export interface VersionedChange<C> {
  version: number;
  at: Date;
  /** Who saved it: the coach's user id. */
  by: string | null;
  changes: C;
  restoredFrom: number | null;
}

export interface VersionedState<V, C> {
  version: number;
  values: V;
  history: VersionedChange<C>[];
}

export interface VersionedFold<V, C> {
  initial: VersionedState<V, C>;
  evolve: (state: VersionedState<V, C>, event: RecordedEvent) => VersionedState<V, C>;
}

export type VersionedCommand<V> = { type: 'Change'; changes: Partial<V>; eventId?: string } | { type: 'Restore'; version: number; eventId?: string };

type ChangedEvent<C> = {
  is: (event: RecordedEvent) => event is RecordedEvent<string, { changes: C; restoredFrom?: number }>;
  create: (data: { changes: C; restoredFrom?: number }, options?: { eventId?: string }) => NewEvent;
};

export function versionedValues<F extends string, V extends Record<F, unknown>, C extends Partial<Record<F, unknown>>>(
  fields: readonly F[],
  changed: ChangedEvent<C>,
  versionNotFound: string,
) {
  type State = VersionedState<V, C>;
  const apply = (values: V, changes: Partial<Record<F, unknown>>): V => {
    const next = { ...values };
    for (const field of fields) if (changes[field] !== undefined) (next as Record<F, unknown>)[field] = changes[field];
    return next;
  };
  /** Only what differs from the current values; nothing when nothing does. */
  const diff = (current: V, wanted: Partial<V>): C => {
    const changes: Partial<Record<F, unknown>> = {};
    for (const field of fields) {
      const value = wanted[field];
      if (value !== undefined && value !== current[field]) changes[field] = value;
    }
    return changes as C;
  };
  /** The values as they were right after a version (0: the first values, before any change). */
  const valuesAt = (state: State, seed: V, version: number): V => state.history.filter((c) => c.version <= version).reduce((v, c) => apply(v, c.changes), seed);
  /** One fold per seed: the stream's events over the first values. */
  const fold = (seed: V): VersionedFold<V, C> => ({
    initial: { version: 0, values: seed, history: [] },
    evolve: (state: State, event: RecordedEvent): State => {
      if (!changed.is(event)) return state;
      const change: VersionedChange<C> = {
        version: event.streamPosition,
        at: event.recordedAt,
        by: event.metadata.actor ?? null,
        changes: event.data.changes,
        restoredFrom: event.data.restoredFrom ?? null,
      };
      return { version: event.streamPosition, values: apply(state.values, event.data.changes), history: [...state.history, change] };
    },
  });
  const decide = (command: VersionedCommand<V>, state: State, seed: V): NewEvent[] => {
    switch (command.type) {
      case 'Change': {
        const changes = diff(state.values, command.changes);
        return Object.keys(changes).length === 0 ? [] : [changed.create({ changes }, { eventId: command.eventId })];
      }
      case 'Restore': {
        if (command.version > state.version) throw new NotFoundError(versionNotFound);
        const changes = diff(state.values, valuesAt(state, seed, command.version));
        // Already what that version was: nothing to record (a repeated restore is harmless).
        if (Object.keys(changes).length === 0) return [];
        return [changed.create({ changes, restoredFrom: command.version }, { eventId: command.eventId })];
      }
      default: {
        const _never: never = command;
        throw new Error(`unknown command: ${JSON.stringify(_never)}`);
      }
    }
  };
  return { apply, diff, valuesAt, fold, decide };
}

/**
 * The current values of every process: each read asks the database only for what was appended after the version
 * this process holds (one indexed query, usually answering nothing), so a change made through any process is seen by
 * all at once, without a notification channel or a time-to-live to wait out.
 */
export function versionedReader<V, C>(store: Pick<EventStore, 'readStream'>, streamId: string, fold: VersionedFold<V, C>) {
  let cached = fold.initial;
  return {
    fold,
    async current(): Promise<VersionedState<V, C>> {
      const tail = await store.readStream(streamId, { after: cached.version });
      if (tail.length > 0) {
        const next = tail.reduce(fold.evolve, cached);
        if (next.version > cached.version) cached = next;
      }
      return cached;
    },
    remember(state: VersionedState<V, C>) {
      if (state.version > cached.version) cached = state;
    },
  };
}
