// The coach's "state now" folds a learner's journey with its personal texts left closed and opens only what the
// state shows. Whatever the journey (texts replaced, deep-why rounds restarted, goals deleted, old unsealed
// events, a forgotten person, a value that does not open), that must give exactly the state opening first gives,
// at every position of the journey (the state-at-position view).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREA_BELIEFS_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { ClosedValue, openClosed, REDACTED } from '../store/sealing';
import { journeyAt, journeyView } from './journey';
import { areas, catalog, rowsOf, step, storage, userId } from './journey.testing';

const closedIn = (value: unknown): boolean =>
  value instanceof ClosedValue || (value !== null && typeof value === 'object' && Object.values(value).some(closedIn));

describe('the coach’s state with personal texts opened only where shown', () => {
  it('is the state opening every event first gives, at every position, forgotten or not', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(storage, { minLength: 1, maxLength: 7 }),
        fc.boolean(),
        (steps, kinds, forgotten) => {
          const rows = rowsOf(steps, kinds, forgotten);
          const opened = rows.map((r) => catalog.open(r));
          const closed = rows.map((r) => catalog.openClosedLater(r));
          for (let at = 0; at <= rows.length; at++) {
            const shown = journeyView(journeyAt(closed, at));
            const view = openClosed(shown);
            expect(closedIn(view)).toBe(false);
            expect(view).toEqual(journeyView(journeyAt(opened, at)));
          }
          // A forgotten person's events are marked redacted before anything is opened, as the opened read marks them.
          expect(closed.map((e) => Boolean(e.redacted))).toEqual(opened.map((e, i) => Boolean(e.redacted) && (forgotten || rows[i]!.person_key === undefined)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('decrypts only the texts the state shows, and a forgotten person’s read as deleted', () => {
    const steps = [
      ...Array.from({ length: 30 }, (_, n) => ({
        type: 'AreaDefinitionSaved',
        data: { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: areas[n % 2]!, definition: `Texto ${n}` },
      })),
    ];
    const closed = rowsOf(steps, ['sealed'], false).map((r) => catalog.openClosedLater(r));
    const shown = journeyView(journeyAt(closed));
    expect(Object.values(shown.beliefs).every((v: unknown) => v instanceof ClosedValue)).toBe(true);
    expect(openClosed(shown).beliefs).toEqual({ [areas[0]!]: 'Texto 28', [areas[1]!]: 'Texto 29' });

    const forgotten = rowsOf(steps, ['sealed'], true).map((r) => catalog.openClosedLater(r));
    expect(openClosed(journeyView(journeyAt(forgotten))).beliefs).toEqual({ [areas[0]!]: REDACTED, [areas[1]!]: REDACTED });
  });

  it('a closed text never reaches a response or a log unopened', () => {
    const [row] = rowsOf([{ type: 'ReflectionSaved', data: { userId, activityId: WHEEL_ACTIVITY, text: 'Mi reflexión' } }], ['sealed'], false);
    const event = catalog.openClosedLater(row!);
    expect(() => JSON.stringify(event.data)).toThrow();
    expect(String((event.data as { text: unknown }).text)).not.toContain('Mi reflexión');
  });
});
