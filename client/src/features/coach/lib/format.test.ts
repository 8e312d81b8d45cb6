import { describe, expect, it } from 'vitest';
import { daysBefore, formatDay, formatRate, localDay, relativeTime } from './format';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [10_000, 'ahora'],
    [5 * MINUTE, 'hace 5 minutos'],
    [3 * HOUR + 20 * MINUTE, 'hace 3 horas'],
    [1 * DAY + HOUR, 'ayer'],
    [3 * DAY, 'hace 3 días'],
    [15 * DAY, 'hace 2 semanas'],
    [70 * DAY, 'hace 2 meses'],
    [800 * DAY, 'hace 2 años'],
  ])('%i ms ago is %s', (ms, text) => {
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });
});

describe('days', () => {
  it('counts calendar days back and forth', () => {
    expect(daysBefore('2025-03-01', 1)).toBe('2025-02-28');
    expect(daysBefore('2025-01-01', 89)).toBe('2024-10-04');
    expect(daysBefore('2025-02-28', -1)).toBe('2025-03-01');
  });

  it('names a calendar day whatever the time zone', () => {
    expect(formatDay('2025-03-01')).toBe('1 de marzo de 2025');
    expect(localDay(new Date(2025, 2, 1, 23, 59))).toBe('2025-03-01');
  });

  it('gives a rate, or a dash when there is nothing to divide by', () => {
    expect(formatRate(1, 8).replace(/\s/g, ' ')).toBe('12,5 %');
    expect(formatRate(3, 0)).toBe('—');
  });
});
