import { describe, expect, it } from 'vitest';
import { defaultWelcome, SEQUENCE_MESSAGES as M, SEQUENCE_SOURCES, sequenceSourceOf, stepOrderProblem, stepProblems } from './sequences';

describe('the welcome sequences’ rules', () => {
  it('gives a sequence to the four downloads and none to the newsletter form', () => {
    expect(SEQUENCE_SOURCES.map((s) => `${s.page}|${s.section}`)).toEqual([
      'nostalgia|fragmento',
      'niveles|pdf',
      'afirmaciones|fragmento',
      'afirmaciones|ebook',
    ]);
    expect(sequenceSourceOf('Newsletter Archive', 'Subscription Form')).toBeUndefined();
  });

  it('checks a step’s subject, text and day in Spanish', () => {
    expect(stepProblems(2, { subject: 'Hola', markdown: 'Texto', day: 2 })).toEqual({});
    expect(stepProblems(2, { subject: ' ', markdown: '', day: 0 })).toEqual({ subject: M.subject, markdown: M.markdown, day: M.day });
    expect(stepProblems(3, { subject: 'x'.repeat(121), markdown: 'x'.repeat(20_001), day: 31 })).toEqual({
      subject: M.subjectTooLong,
      markdown: M.markdownTooLong,
      day: M.day,
    });
    expect(stepProblems(3, { subject: 'x'.repeat(120), markdown: 'x'.repeat(20_000), day: 30 })).toEqual({});
    expect(stepProblems(2, { subject: 'Hola', markdown: 'Texto', day: 2.5 })).toEqual({ day: M.day });
    expect(stepProblems(1, { subject: 'Hola', markdown: 'Texto', day: 0 })).toEqual({});
    expect(stepProblems(1, { subject: 'Hola', markdown: 'Texto', day: 1 })).toEqual({ day: M.firstDay });
  });

  it('keeps the written steps’ days strictly increasing; an unwritten step has no day', () => {
    expect(stepOrderProblem(2, 3, {})).toBeNull();
    expect(stepOrderProblem(2, 3, { 3: 5 })).toBeNull();
    expect(stepOrderProblem(2, 5, { 3: 5 })).toBe(M.orderNext(5, 5));
    expect(stepOrderProblem(3, 2, { 2: 2 })).toBe(M.order(2, 2));
    expect(stepOrderProblem(3, 1, {})).toBeNull();
  });

  it('writes the default welcome in the words the site always sent, with the link to the download’s page', () => {
    const welcome = defaultWelcome(SEQUENCE_SOURCES[1]);
    expect(welcome).toMatchObject({ subject: 'Tu guía de los niveles de conciencia', day: 0 });
    expect(welcome.markdown).toContain('Ya tienes la guía en PDF de los niveles de conciencia.');
    expect(welcome.markdown).toContain('[aquí](/niveles)');
    expect(welcome.markdown).not.toMatch(/Hola|Con cariño/);
  });
});
