import { describe, expect, it } from 'vitest';
import { allDefined, allRated, AREA_IDS, areasByEarlierScore, LIFE_AREAS, scoreColour, strongestAreas, weakestAreas } from './areas';

describe('the 12 life areas', () => {
  it('come in the spec’s default order, each with a title, a description and several prompts', () => {
    expect(AREA_IDS).toEqual([
      'love-relationship',
      'friendships',
      'finances',
      'quality-of-life',
      'health-fitness',
      'intellectual-life',
      'emotional-life',
      'spiritual-life',
      'career',
      'character',
      'family-parenting',
      'life-vision',
    ]);
    for (const a of LIFE_AREAS) {
      expect(a.title.length).toBeGreaterThan(3);
      expect(a.description.length).toBeGreaterThan(30);
      expect(a.beliefPrompts.length).toBeGreaterThanOrEqual(3);
      expect(a.visionPrompts.length).toBeGreaterThanOrEqual(3);
      for (const q of [...a.beliefPrompts, ...a.visionPrompts]) expect(q).toMatch(/\?$/);
    }
  });
});

describe('scoreColour', () => {
  it('is red up to 3, yellow up to 6, green from 7', () => {
    expect([0, 3, 4, 6, 7, 10].map(scoreColour)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
  });
});

describe('strongest and weakest areas', () => {
  const ratings = { finances: 2, 'health-fitness': 9, career: 9, friendships: 5, 'life-vision': 1, character: 7 };

  it('are the 3 highest (highest first) and the 3 lowest (lowest first), ties in the default order', () => {
    expect(strongestAreas(ratings).map((a) => [a.id, a.score])).toEqual([
      ['health-fitness', 9],
      ['career', 9],
      ['character', 7],
    ]);
    expect(weakestAreas(ratings).map((a) => [a.id, a.score])).toEqual([
      ['life-vision', 1],
      ['finances', 2],
      ['friendships', 5],
    ]);
  });

  it('ignore areas not rated and carry the Spanish title', () => {
    expect(strongestAreas({ finances: 4 })).toEqual([{ id: 'finances', title: 'Finanzas', score: 4 }]);
    expect(weakestAreas({})).toEqual([]);
  });
});

describe('areasByEarlierScore', () => {
  it('puts the weakest first and the unrated last (as 11), keeping the default order on ties', () => {
    const order = areasByEarlierScore({ career: 0, finances: 3, friendships: 3, 'life-vision': 10 }).map((a) => a.id);
    expect(order.slice(0, 4)).toEqual(['career', 'friendships', 'finances', 'life-vision']);
    expect(order.slice(4)).toEqual(AREA_IDS.filter((id) => !['career', 'finances', 'friendships', 'life-vision'].includes(id)));
  });

  it('with nothing rated is the default order', () => {
    expect(areasByEarlierScore({}).map((a) => a.id)).toEqual(AREA_IDS);
  });
});

describe('allRated and allDefined', () => {
  it('need all 12, and non-blank text', () => {
    const full = Object.fromEntries(AREA_IDS.map((id) => [id, 5]));
    expect(allRated(full)).toBe(true);
    expect(allRated({ ...full, finances: undefined as unknown as number })).toBe(false);
    const texts = Object.fromEntries(AREA_IDS.map((id) => [id, 'algo']));
    expect(allDefined(texts)).toBe(true);
    expect(allDefined({ ...texts, career: '   ' })).toBe(false);
  });
});
