// Sealing personal fields: what is stored says nothing readable, opens only with its key, in its own event and field.
import { describe, expect, it } from 'vitest';
import { isSealed, mapPersonal, newDataKey, openData, REDACTED, sealData } from './sealing';

const EVENT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const goal = {
  userId: 'u1',
  manifestGoal: 'Abrir mi taller de cerámica',
  hesitations: [
    { timeFrame: { label: '1 año', years: 1 }, belief: 'No tengo dinero' },
    { timeFrame: { label: '5 años', years: 5 }, belief: 'Soy demasiado mayor' },
  ],
};
const fields = ['manifestGoal', 'hesitations[].belief'];

describe('sealing', () => {
  it('seals every declared string, nested and in arrays, and nothing else; the payload keeps its shape', () => {
    const sealed = sealData(fields, EVENT, goal, newDataKey()) as typeof goal;
    expect(JSON.stringify(sealed)).not.toMatch(/cerámica|dinero|mayor/);
    expect(isSealed(sealed.manifestGoal)).toBe(true);
    expect(sealed.hesitations.map((h) => isSealed(h.belief))).toEqual([true, true]);
    expect(sealed.hesitations.map((h) => h.timeFrame)).toEqual(goal.hesitations.map((h) => h.timeFrame));
    expect(sealed.userId).toBe('u1');
  });

  it('opens with its key; the same text sealed twice differs (a fresh IV per value)', () => {
    const key = newDataKey();
    const sealed = sealData(fields, EVENT, goal, key);
    expect(openData(fields, EVENT, sealed, key)).toEqual({ data: goal, redacted: false });
    expect(sealData(fields, EVENT, goal, key)).not.toEqual(sealed);
  });

  it('reads as redacted without its key, with another key, or moved to another event or field', () => {
    const key = newDataKey();
    const sealed = sealData(fields, EVENT, goal, key) as typeof goal;
    const redacted = {
      ...goal,
      manifestGoal: REDACTED,
      hesitations: goal.hesitations.map((h) => ({ ...h, belief: REDACTED })),
    };
    expect(openData(fields, EVENT, sealed, null)).toEqual({ data: redacted, redacted: true });
    expect(openData(fields, EVENT, sealed, newDataKey())).toEqual({ data: redacted, redacted: true });
    expect(openData(fields, OTHER, sealed, key).redacted).toBe(true);
    const swapped = { ...sealed, manifestGoal: sealed.hesitations[0]!.belief };
    expect((openData(fields, EVENT, swapped, key).data as typeof goal).manifestGoal).toBe(REDACTED);
  });

  it('leaves absent and non-string fields alone', () => {
    expect(mapPersonal({ a: 1, list: null }, ['a', 'b', 'list[].x'], () => 'x')).toEqual({ a: 1, list: null });
  });
});
