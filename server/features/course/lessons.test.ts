import { describe, expect, it } from 'vitest';
import { textFromServer } from '../../../course/lessons';
import { ACTIVITIES } from '../../../course/syllabus';
import { LESSON_TEXTS } from './lessons';

describe('the paid activities’ text kept on the server', () => {
  it('is there for every activity whose page asks for it, and only for those', () => {
    const asking = ACTIVITIES.filter(textFromServer).map((a) => a.slug);
    expect(asking.sort()).toEqual(Object.keys(LESSON_TEXTS).sort());
    expect(asking).toEqual(expect.arrayContaining(['teoria-5-leyes-universales', 'herramienta-respiracion-guiada', 'umbral-de-creencia']));
  });

  it('has something to say for each of them, and the five laws each with their example and practice', () => {
    for (const [slug, text] of Object.entries(LESSON_TEXTS)) expect(text.intro.length, slug).toBeGreaterThan(0);
    const laws = LESSON_TEXTS['teoria-5-leyes-universales']!.sections;
    expect(laws).toHaveLength(5);
    for (const law of laws) expect(law, law.id).toMatchObject({ motto: expect.any(String), example: expect.any(String), practice: expect.any(String) });
  });
});
