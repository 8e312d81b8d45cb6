import { describe, expect, it } from 'vitest';
import { freePartText } from './free-part';

describe('freePartText', () => {
  it('says what the syllabus makes free, and no more', () => {
    expect(freePartText()).toBe('Las primeras 7 actividades de la semana 1 son tuyas, gratis.');
    expect(freePartText({ count: 11, module: 1, opening: true, wholeModule: true })).toBe('La semana 1 es tuya, gratis.');
    expect(freePartText({ count: 1, module: 2, opening: true, wholeModule: false })).toBe('La primera actividad de la semana 2 es tuya, gratis.');
    expect(freePartText({ count: 3, module: undefined, opening: false, wholeModule: false })).toBe('3 actividades del curso son tuyas, gratis.');
    expect(freePartText({ count: 0, module: undefined, opening: false, wholeModule: false })).toBe('');
  });
});
