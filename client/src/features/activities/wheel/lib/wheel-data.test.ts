import { describe, expect, it } from 'vitest';
import { guestDefinitions, guestRatings, storedObject } from './wheel-data';

describe("a guest's stored wheel data", () => {
  it('keeps only integer scores 0–10 of known areas', () => {
    expect(
      guestRatings({ ratings: { finances: 4, career: 0, health: 7, 'life-vision': 11, character: 2.5, friendships: '3', 'family-parenting': 10 } }),
    ).toEqual({
      finances: 4,
      career: 0,
      'family-parenting': 10,
    });
  });

  it('keeps only texts of known areas', () => {
    expect(guestDefinitions({ definitions: { finances: 'Abundancia', otra: 'x', career: 3 } })).toEqual({ finances: 'Abundancia' });
  });

  it('reads anything else as nothing', () => {
    for (const data of [undefined, null, 'texto', [1, 2], { ratings: [5] }, { definitions: 'x' }]) {
      expect(guestRatings(data)).toEqual({});
      expect(guestDefinitions(data)).toEqual({});
    }
    expect(storedObject(['x'])).toEqual({});
    expect(storedObject({ reflection: 'Hola' })).toEqual({ reflection: 'Hola' });
  });
});
