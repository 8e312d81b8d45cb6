import { describe, expect, it } from 'vitest';
import { answerChain, areaInfo, finalWhy, guestDeepWhy, guestTargetAreas, resumePosition, withAnswer } from './deep-why';

const SEVEN = ['1', '2', '3', '4', '5', '6', '7'];

describe('where the deep why resumes', () => {
  const chosen = ['family-parenting', 'health-fitness', 'career'];

  it('starts at the first level of the first area with nothing answered', () => {
    expect(resumePosition(chosen, {})).toEqual({ areaIndex: 0, levelIndex: 0 });
  });

  it('carries on at the first unanswered level of the first unfinished area (blank counts as unanswered)', () => {
    expect(resumePosition(chosen, { 'family-parenting': ['a', 'b', '  ', 'd'] })).toEqual({ areaIndex: 0, levelIndex: 2 });
    expect(resumePosition(chosen, { 'family-parenting': SEVEN, 'health-fitness': [null, 'b'] })).toEqual({ areaIndex: 1, levelIndex: 0 });
    expect(resumePosition(chosen, { 'family-parenting': SEVEN, 'health-fitness': SEVEN })).toEqual({ areaIndex: 2, levelIndex: 0 });
    // Answers of areas not chosen do not count.
    expect(resumePosition(chosen, { finances: SEVEN })).toEqual({ areaIndex: 0, levelIndex: 0 });
  });

  it('with every level answered, the last level of the last area', () => {
    expect(resumePosition(chosen, { 'family-parenting': SEVEN, 'health-fitness': SEVEN, career: SEVEN })).toEqual({ areaIndex: 2, levelIndex: 6 });
  });
});

describe('the summary of an area', () => {
  it('the final why is the 7th answer; an area left earlier has none', () => {
    expect(finalWhy(['a', 'b', 'c', 'd', 'e', 'f', '  Ser libre.  '])).toBe('Ser libre.');
    expect(finalWhy(['a', 'b', 'c'])).toBeUndefined();
    expect(finalWhy(['a', 'b', 'c', 'd', 'e', 'f', ' '])).toBeUndefined();
    expect(finalWhy(undefined)).toBeUndefined();
  });

  it('the chain keeps the answers given, with their levels', () => {
    expect(answerChain(['Uno', null, ' ', 'Cuatro '])).toEqual([
      { levelIndex: 0, answer: 'Uno' },
      { levelIndex: 3, answer: 'Cuatro' },
    ]);
    expect(answerChain(undefined)).toEqual([]);
  });

  it('an area no longer among the targets keeps its title, without texts', () => {
    expect(areaInfo([], 'career')).toEqual({ id: 'career', score: null, title: 'Carrera y Propósito Profesional', currentText: null, futureText: null });
  });
});

describe('recording an answer', () => {
  it('pads the levels before it with null, as the server keeps them, and leaves the rest alone', () => {
    const before = { career: ['a'] };
    expect(withAnswer(before, 'career', 3, 'd')).toEqual({ career: ['a', null, null, 'd'] });
    expect(withAnswer(before, 'finances', 0, 'x')).toEqual({ career: ['a'], finances: ['x'] });
    expect(withAnswer({ career: ['a', 'b'] }, 'career', 0, 'z')).toEqual({ career: ['z', 'b'] });
    expect(before).toEqual({ career: ['a'] });
  });
});

describe("a guest's deep why in this browser", () => {
  it('reads the selection only as 3 distinct known areas, and the answers of known areas', () => {
    expect(guestDeepWhy({ selectedAreaIds: ['career', 'finances', 'friendships'], whyAnswers: { career: ['a', 3, null], nope: ['x'] } })).toEqual({
      selectedAreaIds: ['career', 'finances', 'friendships'],
      whyAnswers: { career: ['a', null, null] },
    });
    for (const selectedAreaIds of [['career', 'finances'], ['career', 'career', 'finances'], ['career', 'finances', 'otra'], 'career']) {
      expect(guestDeepWhy({ selectedAreaIds }).selectedAreaIds).toEqual([]);
    }
    expect(guestDeepWhy(undefined)).toEqual({ selectedAreaIds: [], whyAnswers: {} });
    expect(guestDeepWhy({ whyAnswers: { career: SEVEN.concat('8') } }).whyAnswers.career).toHaveLength(7);
  });

  it('takes the 7 weakest areas from the local wheel, with the texts of activities 2 and 3', () => {
    const targets = guestTargetAreas({
      '12-areas-balance': {
        ratings: {
          'love-relationship': 9,
          friendships: 2,
          finances: 5,
          'quality-of-life': 7,
          'health-fitness': 1,
          'intellectual-life': 10,
          'emotional-life': 4,
          'spiritual-life': 6,
          career: 3,
          character: 8,
          'family-parenting': 0,
          'life-vision': 6,
        },
      },
      'concientizando-areas-balance': { definitions: { 'family-parenting': 'Nadie pide ayuda.', career: '   ' } },
      'viendo-hacia-atras-desde-el-futuro': { definitions: { 'family-parenting': 'Comidas con risas.' } },
    });
    expect(targets.map((a) => a.id)).toEqual(['family-parenting', 'health-fitness', 'friendships', 'career', 'emotional-life', 'finances', 'spiritual-life']);
    expect(targets[0]).toEqual({
      id: 'family-parenting',
      score: 0,
      title: 'Familia y Crianza',
      currentText: 'Nadie pide ayuda.',
      futureText: 'Comidas con risas.',
    });
    expect(targets[3]).toMatchObject({ id: 'career', score: 3, currentText: null, futureText: null });
  });

  it('without ratings there are no target areas', () => {
    expect(guestTargetAreas({})).toEqual([]);
    expect(guestTargetAreas({ '12-areas-balance': { ratings: {} } })).toEqual([]);
  });
});
