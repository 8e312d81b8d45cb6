// Load → fold → decide → append with the version read, retrying when another write got in between.
import type { AppendOptions, AppendResult, EventStore } from './event-store';
import { ConcurrencyError } from './event-store';
import type { NewEvent, RecordedEvent } from './types';

export interface Decision {
  events: NewEvent[];
  jobs?: AppendOptions['jobs'];
}

export async function handleCommand<S>(
  store: EventStore,
  streamId: string,
  fold: { initial: S; evolve: (state: S, event: RecordedEvent) => S },
  decide: (state: S) => Decision,
  options: Pick<AppendOptions, 'metadata' | 'streamType'> & { retries?: number } = {},
): Promise<AppendResult> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce(fold.evolve, fold.initial);
    const { events, jobs } = decide(state);
    try {
      return await store.append(streamId, events, {
        expectedVersion: history.at(-1)?.streamPosition ?? 0,
        metadata: options.metadata,
        streamType: options.streamType,
        jobs,
      });
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= retries) throw err;
    }
  }
}
