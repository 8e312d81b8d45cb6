// A snapshot of a fold followed by the events after it is the fold of the whole stream: for random journeys, a
// snapshot at a random stream position, the state at every global position (from the latest snapshot at or before
// it, as the coach's state reads), through the snapshot's JSON, both for the coach's journey and the learner fold
// the commands decide on, with the learner forgotten or not. And the snapshot never holds a sealed text in clear.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnerFold, type LearnerState } from '../learner';
import type { EventRow } from '../store/read';
import { ClosedValue, openClosed } from '../store/sealing';
import { decodeState, encodeState } from '../store/snapshots';
import type { RecordedEvent } from '../store/types';
import { evolveJourney, journeyAt, journeyFold, journeyView, type JourneyState } from './journey';
import { catalog, rowsOf, step, storage, TEXTS, userId } from './journey.testing';

const LEARNER = `learner-${userId}`;

/** A state through a snapshot row and back, its texts closed (or opened) with the keys a read would find. */
function throughSnapshot<S>(state: S, rows: EventRow[], open: boolean): { state: S; json: string } {
  const json = JSON.stringify(encodeState(state));
  const key = rows.find((r) => r.person_key !== undefined)?.person_key ?? null;
  const decoded = decodeState(JSON.parse(json), ({ sealed, aad, subject }) => {
    const closed = new ClosedValue(subject === `user:${userId}` ? key : null, aad, sealed, subject);
    return open ? closed.open() : closed;
  }) as S;
  return { state: decoded, json };
}

describe('snapshot + tail = the whole fold', () => {
  it('for the coach’s journey, at every position, and for the learner fold', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(storage, { minLength: 1, maxLength: 7 }),
        fc.boolean(),
        fc.nat(),
        (steps, kinds, forgotten, cut) => {
          const rows = rowsOf(steps, kinds, forgotten);
          const opened = rows.map((r) => catalog.open(r));
          const closed = rows.map((r) => catalog.openClosedLater(r));
          const learnerClosed = closed.filter((e) => e.streamId === LEARNER);
          const k = cut % (learnerClosed.length + 1);
          const snapshotEvents = learnerClosed.slice(0, k);
          const snapshotAt = snapshotEvents.at(-1)?.globalPosition ?? 0;

          // The journey's snapshot folds the learner's stream alone; notes are folded with the tail.
          const journey = throughSnapshot(snapshotEvents.reduce(evolveJourney, journeyFold.initial), rows, false);
          for (let at = snapshotAt; at <= rows.length; at++) {
            const tail = closed.filter((e) => e.globalPosition <= at && (e.streamId !== LEARNER || e.streamPosition > k));
            const fromSnapshot: JourneyState = tail.reduce(evolveJourney, journey.state);
            expect(openClosed(journeyView(fromSnapshot))).toEqual(journeyView(journeyAt(opened, at)));
          }

          // The learner fold: the snapshot opened as a command reads it, then the opened tail.
          const learnerOpened = opened.filter((e) => e.streamId === LEARNER);
          const learner = throughSnapshot(snapshotEvents.reduce(learnerFold.evolve, learnerFold.initial), rows, true);
          const resumed: LearnerState = learnerOpened.slice(k).reduce(learnerFold.evolve, learner.state);
          expect(resumed).toEqual(learnerOpened.reduce(learnerFold.evolve, learnerFold.initial));

          // What the learner wrote is in the snapshots only as the log holds it: sealed (unless the log holds it plain).
          if (!kinds.includes('plain')) for (const text of TEXTS) expect(journey.json + learner.json).not.toContain(text.trim());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a journey snapshot holds texts (it is not vacuous)', () => {
    const rows = rowsOf([{ type: 'ReflectionSaved', data: { userId, activityId: '12-areas-balance', text: 'Mi reflexión' } }], ['sealed'], false);
    const state = rows.map((r) => catalog.openClosedLater(r)).reduce<JourneyState>((s, e: RecordedEvent) => evolveJourney(s, e), journeyFold.initial);
    const { json, state: back } = throughSnapshot(state, rows, false);
    expect(json).toContain('$sealed');
    expect(openClosed([...back.progress.reflections!.values()])).toEqual(['Mi reflexión']);
  });
});
