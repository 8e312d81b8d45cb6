import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { initialProgress } from '../course/course';
import { ConflictError, InvalidError } from '../errors';
import { decideAnswer, decideSelect, evolveDeepWhy, initialDeepWhy, NEEDS_WHEEL, targetAreaIds } from './deepwhy';

const userId = '00000000-0000-4000-8000-0000000000bb';
const unlocked = { completed: new Set(['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro']) };

describe('deep-why slice', () => {
  it('folds the selection and answers, padding skipped levels with null', () => {
    const state = [
      recorded('WhySelectionSaved', { userId, areaIds: ['finances', 'career', 'character'] }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 2, answer: 'Tres' }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 0, answer: 'Uno' }),
    ].reduce(evolveDeepWhy, initialDeepWhy);
    expect(state).toEqual({ selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno', null, 'Tres'] } });
  });

  it('targets the 7 lowest-rated areas and needs the wheel first', () => {
    expect(() => targetAreaIds({})).toThrow(new ConflictError(NEEDS_WHEEL));
    expect(targetAreaIds({ finances: 1, career: 9 })).toHaveLength(7);
    expect(targetAreaIds({ finances: 1, career: 9 })[0]).toBe('finances');
  });

  it('decides a selection of 3 targets once, and refuses anything else', () => {
    const ratings = { finances: 1, career: 2, character: 3 };
    const events = decideSelect(unlocked, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career', 'character'] });
    expect(events).toHaveLength(1);
    const state = { ...initialDeepWhy, selectedAreaIds: ['finances', 'career', 'character'] };
    expect(decideSelect(unlocked, ratings, state, { userId, roles: [], areaIds: ['finances', 'career', 'character'] })).toEqual([]);
    expect(() => decideSelect(unlocked, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career'] })).toThrow(InvalidError);
    expect(() => decideSelect(initialProgress, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career', 'character'] })).toThrow(/anterior/);
  });

  it('decides an answer only for a selected area, and nothing for the same text again', () => {
    const state = { selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno'] } };
    expect(decideAnswer(unlocked, state, { userId, roles: [], areaId: 'finances', levelIndex: 1, answer: ' Dos ' })[0]!.data).toMatchObject({ answer: 'Dos', levelIndex: 1 });
    expect(decideAnswer(unlocked, state, { userId, roles: [], areaId: 'finances', levelIndex: 0, answer: 'Uno' })).toEqual([]);
    expect(() => decideAnswer(unlocked, state, { userId, roles: [], areaId: 'health-fitness', levelIndex: 0, answer: 'x' })).toThrow(InvalidError);
  });
});
