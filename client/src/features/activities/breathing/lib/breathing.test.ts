import { describe, expect, it } from 'vitest';
import { breathAt, CUES, cycleSeconds, MAX_SCALE, MIN_SCALE, RHYTHMS, type BreathState } from './breathing';

const rhythm = (id: string) => RHYTHMS.find((r) => r.id === id)!;
const box = rhythm('cuadrada');
const relax = rhythm('4-7-8');
const coherent = rhythm('coherente');
const s = (seconds: number) => seconds * 1000;

/** The phase under way, failing the test when the session is over. */
function running(state: BreathState) {
  if (state.done) throw new Error('expected the breathing to be under way');
  return state;
}

describe('breathAt', () => {
  it('offers box 4-4-4-4, 4-7-8 and coherent 5-5, with Spanish cues', () => {
    expect(box.seconds).toEqual({ inhale: 4, holdIn: 4, exhale: 4, holdOut: 4 });
    expect(relax.seconds).toEqual({ inhale: 4, holdIn: 7, exhale: 8, holdOut: 0 });
    expect(coherent.seconds).toEqual({ inhale: 5, holdIn: 0, exhale: 5, holdOut: 0 });
    expect(CUES).toEqual({ inhale: 'Inhala', holdIn: 'Sostén', exhale: 'Exhala', holdOut: 'Sostén' });
    expect([box, relax, coherent].map(cycleSeconds)).toEqual([16, 19, 10]);
  });

  it('walks a box cycle: inhale, hold, exhale, hold', () => {
    expect(running(breathAt(box, 3, 0))).toMatchObject({ phase: 'inhale', cycle: 1, cyclesLeft: 3, phaseElapsed: 0, phaseRemaining: 4 });
    expect(running(breathAt(box, 3, s(3.999))).phase).toBe('inhale');
    expect(running(breathAt(box, 3, s(4))).phase).toBe('holdIn');
    expect(running(breathAt(box, 3, s(8))).phase).toBe('exhale');
    expect(running(breathAt(box, 3, s(12))).phase).toBe('holdOut');
    expect(running(breathAt(box, 3, s(15.5)))).toMatchObject({ phase: 'holdOut', phaseRemaining: 0.5 });
  });

  it('counts cycles and the cycles left, then ends', () => {
    expect(running(breathAt(box, 3, s(16)))).toMatchObject({ phase: 'inhale', cycle: 2, cyclesLeft: 2 });
    expect(running(breathAt(box, 3, s(33)))).toMatchObject({ phase: 'inhale', cycle: 3, cyclesLeft: 1 });
    expect(breathAt(box, 3, s(48))).toEqual({ done: true, cycle: 3, cyclesLeft: 0, scale: MIN_SCALE });
    expect(breathAt(box, 3, s(500)).done).toBe(true);
  });

  it('skips phases of 0 seconds (4-7-8 has no hold after the exhale; 5-5 has no holds)', () => {
    expect(running(breathAt(relax, 2, s(4))).phase).toBe('holdIn');
    expect(running(breathAt(relax, 2, s(11))).phase).toBe('exhale');
    expect(running(breathAt(relax, 2, s(18.9))).phase).toBe('exhale');
    expect(running(breathAt(relax, 2, s(19)))).toMatchObject({ phase: 'inhale', cycle: 2 });
    expect(running(breathAt(coherent, 2, s(5))).phase).toBe('exhale');
    expect(running(breathAt(coherent, 2, s(10)))).toMatchObject({ phase: 'inhale', cycle: 2 });
  });

  it('grows the circle on the inhale, holds it full, shrinks it on the exhale, holds it empty', () => {
    expect(running(breathAt(box, 1, 0)).scale).toBeCloseTo(MIN_SCALE);
    const half = running(breathAt(box, 1, s(2)));
    expect(half.phaseProgress).toBeCloseTo(0.5);
    expect(half.scale).toBeCloseTo((MIN_SCALE + MAX_SCALE) / 2);
    const inhale = [0, 1, 2, 3, 3.9].map((t) => running(breathAt(box, 1, s(t))).scale);
    expect([...inhale].sort((a, b) => a - b)).toEqual(inhale);
    expect(running(breathAt(box, 1, s(6))).scale).toBe(MAX_SCALE);
    const exhale = [8, 9, 10, 11, 11.9].map((t) => running(breathAt(box, 1, s(t))).scale);
    expect([...exhale].sort((a, b) => b - a)).toEqual(exhale);
    expect(running(breathAt(box, 1, s(14))).scale).toBe(MIN_SCALE);
  });

  it('treats a negative time as the start, and no cycles as done', () => {
    expect(running(breathAt(box, 2, -500))).toMatchObject({ phase: 'inhale', cycle: 1, phaseElapsed: 0 });
    expect(breathAt(box, 0, 0).done).toBe(true);
  });
});
