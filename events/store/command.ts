// Load → fold → decide → append with the version read, retrying when another write got in between.
import type { AppendOptions, AppendResult, EventStore } from './event-store';
import { ConcurrencyError } from './event-store';
import type { NewEvent, RecordedEvent } from './types';

export interface Decision {
  /** Nothing to record: no write happens. */
  events: NewEvent[];
  jobs?: AppendOptions['jobs'];
  alsoInTransaction?: AppendOptions['alsoInTransaction'];
}

export async function handleCommand<S>(
  store: EventStore,
  streamId: string,
  fold: { initial: S; evolve: (state: S, event: RecordedEvent) => S },
  decide: (state: S) => Decision | Promise<Decision>,
  options: Pick<AppendOptions, 'metadata' | 'streamType'> & { retries?: number } = {},
): Promise<AppendResult> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce(fold.evolve, fold.initial);
    const { events, jobs, alsoInTransaction } = await decide(state);
    const version = history.at(-1)?.streamPosition ?? 0;
    if (events.length === 0) return { nextVersion: version, events: [], idempotent: false };
    try {
      return await store.append(streamId, events, {
        expectedVersion: version,
        metadata: options.metadata,
        streamType: options.streamType,
        jobs,
        alsoInTransaction,
      });
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= retries) throw err;
    }
  }
}
