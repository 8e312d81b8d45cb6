import { describe, expect, it } from 'vitest';
import { initialRewiringState, REWIRING_STEP_COUNT, rewiringReducer, type RewiringEvent, type RewiringState } from './rewiring';
import { REWIRING_STEPS } from './steps';

const run = (state: RewiringState, ...events: RewiringEvent['type'][]) => events.reduce((s, type) => rewiringReducer(s, { type }), state);

const nexts = (n: number) => Array.from({ length: n }, () => 'next' as const);

describe('rewiringReducer', () => {
  it('has 5 steps, each with a title, a text and an icon', () => {
    expect(REWIRING_STEP_COUNT).toBe(5);
    expect(REWIRING_STEPS).toHaveLength(REWIRING_STEP_COUNT);
    for (const step of REWIRING_STEPS) {
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.text.length).toBeGreaterThan(80);
      expect(step.icon).toBeTruthy();
    }
  });

  it('starts idle, and start runs the first step', () => {
    expect(initialRewiringState).toEqual({ status: 'idle' });
    expect(run(initialRewiringState, 'start')).toEqual({ status: 'running', step: 0 });
  });

  it('next walks the steps 0 to 4, and after the last one the meditation is completed', () => {
    const seen: RewiringState[] = [];
    let state = run(initialRewiringState, 'start');
    for (let i = 0; i < REWIRING_STEP_COUNT; i += 1) {
      seen.push(state);
      state = rewiringReducer(state, { type: 'next' });
    }
    expect(seen).toEqual([0, 1, 2, 3, 4].map((step) => ({ status: 'running', step })));
    expect(state).toEqual({ status: 'completed' });
  });

  it('acknowledge returns from completed to idle', () => {
    const completed = run(initialRewiringState, 'start', ...nexts(5));
    expect(rewiringReducer(completed, { type: 'acknowledge' })).toEqual({ status: 'idle' });
  });

  it('start always begins at step 1, from idle, from the middle of a run and after completing', () => {
    const again = run(initialRewiringState, 'start', ...nexts(5), 'acknowledge', 'start');
    expect(again).toEqual({ status: 'running', step: 0 });
    expect(run(initialRewiringState, 'start', 'next', 'next', 'start')).toEqual({ status: 'running', step: 0 });
    expect(run(initialRewiringState, 'start', ...nexts(5), 'start')).toEqual({ status: 'running', step: 0 });
  });

  it('ignores events that do not apply, returning the same state', () => {
    const idle = initialRewiringState;
    expect(rewiringReducer(idle, { type: 'next' })).toBe(idle);
    expect(rewiringReducer(idle, { type: 'acknowledge' })).toBe(idle);

    const running = run(idle, 'start', 'next');
    expect(rewiringReducer(running, { type: 'acknowledge' })).toBe(running);

    const completed = run(idle, 'start', ...nexts(5));
    expect(rewiringReducer(completed, { type: 'next' })).toBe(completed);

    const first = run(idle, 'start');
    expect(rewiringReducer(first, { type: 'start' })).toBe(first);
  });
});
