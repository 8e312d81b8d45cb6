// For unit tests of a versioned stream (site settings, catalogue): new events recorded in order by its fold, as the
// store would, with the coach as actor.
import type { NewEvent, RecordedEvent } from './types';
import type { VersionedFold, VersionedState } from './versioned-values';

export function recorder<V, C>(fold: VersionedFold<V, C>, streamId: string) {
  let position = 0;
  return (state: VersionedState<V, C>, events: NewEvent[]): VersionedState<V, C> =>
    events.reduce(
      (s, e) =>
        fold.evolve(s, {
          ...e,
          globalPosition: ++position,
          transactionId: '1',
          streamId,
          streamPosition: s.version + 1,
          eventId: String(position),
          version: 1,
          metadata: { actor: 'coach' },
          recordedAt: new Date(),
        } as RecordedEvent),
      state,
    );
}
