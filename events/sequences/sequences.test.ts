import { describe, expect, it } from 'vitest';
import { SEQUENCE_MESSAGES as M } from '../../course/sequences';
import { InvalidError } from '../errors';
import { recorded } from '../../tests/setup/recorded';
import { decideSequence, evolveSequence, initialSequence, type SequenceState } from './sequences';

const TEXT = { subject: 'Una práctica', markdown: 'Hola.', day: 2 };
const fold = (state: SequenceState, events: ReturnType<typeof decideSequence>) =>
  events.reduce((s, e) => evolveSequence(s, recorded(e.type, e.data, { streamId: 'sequence-niveles-pdf' })), state);

describe('decideSequence', () => {
  it('writes a step, rewrites it only when it changed, and takes out steps 2 and 3', () => {
    const written = decideSequence({ type: 'WriteStep', step: 2, text: TEXT }, initialSequence);
    expect(written).toMatchObject([{ type: 'SequenceStepWritten', data: { step: 2, ...TEXT } }]);
    const state = fold(initialSequence, written);
    expect(state.steps[2]).toEqual(TEXT);
    expect(decideSequence({ type: 'WriteStep', step: 2, text: TEXT }, state)).toEqual([]);
    const cleared = decideSequence({ type: 'ClearStep', step: 2 }, state);
    expect(cleared).toMatchObject([{ type: 'SequenceStepCleared', data: { step: 2 } }]);
    expect(fold(state, cleared).steps).toEqual({});
    expect(decideSequence({ type: 'ClearStep', step: 3 }, state)).toEqual([]);
  });

  it('refuses to take out step 1, a day out of range, and steps out of order', () => {
    expect(() => decideSequence({ type: 'ClearStep', step: 1 }, initialSequence)).toThrow(new InvalidError(M.clearFirst));
    expect(() => decideSequence({ type: 'WriteStep', step: 1, text: TEXT }, initialSequence)).toThrow(new InvalidError(M.firstDay));
    expect(() => decideSequence({ type: 'WriteStep', step: 3, text: { ...TEXT, day: 31 } }, initialSequence)).toThrow(new InvalidError(M.day));
    const state = fold(initialSequence, decideSequence({ type: 'WriteStep', step: 3, text: { ...TEXT, day: 4 } }, initialSequence));
    expect(() => decideSequence({ type: 'WriteStep', step: 2, text: { ...TEXT, day: 4 } }, state)).toThrow(new InvalidError(M.orderNext(4, 4)));
    expect(decideSequence({ type: 'WriteStep', step: 2, text: { ...TEXT, day: 3 } }, state)).toHaveLength(1);
  });
});
