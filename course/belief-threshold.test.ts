import { describe, expect, it } from 'vitest';
import { addHesitation, advance, choosePerfect, isGoalDone, isKnownFrame, isValidGoalText, restart, TIME_FRAMES, type BeliefGoal } from './belief-threshold';

const goal = (over: Partial<BeliefGoal> = {}): BeliefGoal => ({
  id: 'g1',
  manifestGoal: 'Vivir de mi trabajo como terapeuta',
  hesitations: [],
  currentTimeIndex: 0,
  perfectTimeFrameLabel: null,
  perfectTimeFrameYears: null,
  ...over,
});

describe('time frames', () => {
  it("are the spec's ten, from 20 years to 1 month", () => {
    expect(TIME_FRAMES.map((f) => f.years)).toEqual([20, 15, 10, 7, 5, 3, 1, 0.5, 0.25, 0.083]);
    expect(TIME_FRAMES.at(-1)!.label).toBe('1 mes');
  });
  it('recognise only the known label and years pairs', () => {
    expect(isKnownFrame({ label: '6 meses', years: 0.5 })).toBe(true);
    expect(isKnownFrame({ label: '6 meses', years: 0.25 })).toBe(false);
    expect(isKnownFrame({ label: '2 años', years: 2 })).toBe(false);
  });
});

describe('the goal text', () => {
  it('must be longer than 10 characters once trimmed', () => {
    expect(isValidGoalText('   Casa propia   ')).toBe(true); // 11
    expect(isValidGoalText('  Casa propi  ')).toBe(false); // 10
  });
});

describe('progression', () => {
  it("'Sí, Absolutamente' walks the frames in order and ends in the summary after the last", () => {
    expect(advance(0)).toEqual({ screen: 'questioning', index: 1 });
    expect(advance(8)).toEqual({ screen: 'questioning', index: 9 });
    expect(advance(9)).toEqual({ screen: 'summary' });
  });
  it('a doubt records the belief for the current frame and moves on', () => {
    const { goal: after, step } = addHesitation(goal({ currentTimeIndex: 2 }), '  No tengo tiempo  ');
    expect(after.hesitations).toEqual([{ timeFrame: { label: '10 años', years: 10 }, belief: 'No tengo tiempo' }]);
    expect(after.currentTimeIndex).toBe(3);
    expect(step).toEqual({ screen: 'questioning', index: 3 });
  });
  it('a doubt on the last frame goes to the summary and keeps the index', () => {
    const { goal: after, step } = addHesitation(goal({ currentTimeIndex: 9 }), 'Es muy pronto');
    expect(step).toEqual({ screen: 'summary' });
    expect(after.currentTimeIndex).toBe(9);
    expect(isGoalDone(after)).toBe(false);
  });
  it("'Este tiempo es perfecto' makes the goal done with that frame", () => {
    const done = choosePerfect(goal({ currentTimeIndex: 6 }));
    expect([done.perfectTimeFrameLabel, done.perfectTimeFrameYears]).toEqual(['1 año', 1]);
    expect(isGoalDone(done)).toBe(true);
  });
  it("'Empezar de Nuevo' clears the hesitations and the index, and nothing else: a done goal stays done", () => {
    const finished = choosePerfect(addHesitation(goal(), 'Miedo').goal);
    const again = restart(finished);
    expect(again).toEqual(goal({ perfectTimeFrameLabel: '15 años', perfectTimeFrameYears: 15 }));
    expect(isGoalDone(again)).toBe(true);
  });
});
