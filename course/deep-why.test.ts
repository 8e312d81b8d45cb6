import { describe, expect, it } from 'vitest';
import {
  clipAtWord,
  fallbackWhyQuestion,
  FIRST_FALLBACK,
  IDEA_FALLBACK_LENGTH,
  ideaFallback,
  nextQuestion,
  noFutureFallback,
  SHORT_ANSWER_QUESTION,
} from './deep-why';

describe('ideaFallback: the previous answer quoted when no idea can be extracted', () => {
  it('takes no more than the first 50 characters, cut back to the last whole word, with an ellipsis', () => {
    // The 50th character falls inside «alcanzar».
    const answer = 'Porque necesito sentir que soy capaz de alcanzar lo que me propongo cada día.';
    expect(answer.slice(0, IDEA_FALLBACK_LENGTH)).toBe('Porque necesito sentir que soy capaz de alcanzar l');
    expect(ideaFallback(answer)).toBe('Porque necesito sentir que soy capaz de alcanzar…');
    expect(ideaFallback(answer).length - 1).toBeLessThanOrEqual(IDEA_FALLBACK_LENGTH);
  });

  it('keeps a word that ends exactly at the 50th character, and drops a comma left at the cut', () => {
    expect(ideaFallback('Porque quiero dejar de sentir que el dinero manda en mi vida.')).toBe('Porque quiero dejar de sentir que el dinero manda…');
    expect(ideaFallback('Quiero estar con mi familia, tranquila, sin correr, sin culpa ni miedo.')).toBe('Quiero estar con mi familia, tranquila, sin correr…');
  });

  it('an answer within 50 characters is quoted whole; one long word is cut at 50', () => {
    expect(ideaFallback('  Porque quiero sentirme libre.  ')).toBe('Porque quiero sentirme libre…');
    expect(ideaFallback('x'.repeat(80))).toBe(`${'x'.repeat(50)}…`);
  });

  it('clipAtWord leaves short text alone', () => {
    expect(clipAtWord('Hola', 10)).toBe('Hola');
    expect(clipAtWord('Hola mundo querido', 12)).toBe('Hola mundo…');
  });
});

describe('fallbackWhyQuestion: the question asked when no AI answers (server and browser alike)', () => {
  const area = { areaTitle: 'Finanzas' };
  it("the first level: the spec's texts, by whether there is a future vision", () => {
    expect(fallbackWhyQuestion({ ...area, levelIndex: 0, futureText: 'Vivo con holgura.' })).toBe(FIRST_FALLBACK);
    expect(fallbackWhyQuestion({ ...area, levelIndex: 0, futureText: '  ' })).toBe(noFutureFallback('Finanzas'));
  });

  it('later levels echo the previous answer (first 50 characters), or ask to go deeper after a short one', () => {
    const previousAnswer = 'Porque necesito sentir que soy capaz de alcanzar lo que me propongo cada día.';
    expect(fallbackWhyQuestion({ ...area, levelIndex: 3, previousAnswer })).toBe(
      'Dices: «Porque necesito sentir que soy capaz de alcanzar…». ¿Y por qué es tan importante eso para ti?',
    );
    expect(fallbackWhyQuestion({ ...area, levelIndex: 3, previousAnswer: 'Porque sí.' })).toBe(SHORT_ANSWER_QUESTION);
    expect(nextQuestion('«Libertad»')).toBe('Dices: «Libertad». ¿Y por qué es tan importante eso para ti?');
  });
});
