import { describe, expect, it } from 'vitest';
import { categoryOf, CONSCIOUSNESS_LEVELS, CREATION_PYRAMID, LEVEL_COUNT, POWER_THRESHOLD } from './consciousness';

describe('the consciousness scale', () => {
  it('has every level the spec names (18, Melancolía 60 among them), in ascending order', () => {
    expect(LEVEL_COUNT).toBe(18);
    expect(CONSCIOUSNESS_LEVELS.map((l) => `${l.name} ${l.score}`)).toEqual([
      'Vergüenza 20',
      'Culpa 30',
      'Apatía 50',
      'Melancolía 60',
      'Nostalgia 75',
      'Miedo 100',
      'Deseo 125',
      'Ira 150',
      'Orgullo 175',
      'Coraje 200',
      'Neutralidad 250',
      'Voluntad 310',
      'Aceptación 350',
      'Razón 400',
      'Amor 500',
      'Alegría 540',
      'Paz 600',
      'Iluminación 700',
    ]);
    const scores = CONSCIOUSNESS_LEVELS.map((l) => l.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('splits the categories at 200: Fuerza up to Orgullo 175, Poder from Coraje 200', () => {
    expect(POWER_THRESHOLD).toBe(200);
    const force = CONSCIOUSNESS_LEVELS.filter((l) => l.category === 'Fuerza');
    const power = CONSCIOUSNESS_LEVELS.filter((l) => l.category === 'Poder');
    expect([force.length, power.length]).toEqual([9, 9]);
    expect(force.map((l) => l.name).at(-1)).toBe('Orgullo');
    expect(force.every((l) => l.score < POWER_THRESHOLD)).toBe(true);
    expect(power.every((l) => l.score >= POWER_THRESHOLD)).toBe(true);
    expect(power[0]).toMatchObject({ name: 'Coraje', score: 200, category: 'Poder' });
    expect(categoryOf(199)).toBe('Fuerza');
    expect(categoryOf(200)).toBe('Poder');
  });

  it('gives every level an emotion, a view of life and a sentence', () => {
    expect(CONSCIOUSNESS_LEVELS[0]).toMatchObject({ name: 'Vergüenza', emotion: 'Humillación', paradigm: 'Miserable' });
    for (const l of CONSCIOUSNESS_LEVELS) {
      expect(l.emotion.trim(), l.name).not.toBe('');
      expect(l.paradigm.trim(), l.name).not.toBe('');
      expect(l.insight.trim(), l.name).not.toBe('');
    }
  });
});

describe('the creation pyramid', () => {
  it('goes from beliefs (the unconscious) up to thoughts and actions (the conscious)', () => {
    expect(CREATION_PYRAMID.map((t) => [t.title, t.mind])).toEqual([
      ['Creencias', 'El inconsciente'],
      ['Emociones', 'El subconsciente'],
      ['Pensamientos y acciones', 'El consciente'],
    ]);
  });
});
