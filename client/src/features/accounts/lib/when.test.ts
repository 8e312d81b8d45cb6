import { describe, expect, it } from 'vitest';
import { lastUsedText } from './when';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('lastUsedText', () => {
  it.each([
    [0, 'hace un momento'],
    [59_000, 'hace un momento'],
    [60_000, 'hace 1 minuto'],
    [5 * 60_000, 'hace 5 minutos'],
    [3 * 3_600_000, 'hace 3 horas'],
    [30 * 3_600_000, 'ayer'],
    [3 * 86_400_000, 'hace 3 días'],
  ])('%i ms ago: «%s»', (ms, text) => {
    expect(lastUsedText(ago(ms), now)).toBe(text);
  });

  it('a week or more ago: the date, with the year only when it is another', () => {
    expect(lastUsedText(new Date('2026-11-12T12:00:00Z'), now)).toBe('el 12 de noviembre');
    expect(lastUsedText(new Date('2025-11-12T12:00:00Z'), now)).toBe('el 12 de noviembre de 2025');
  });
});
