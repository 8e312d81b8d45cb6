import { describe, expect, it } from 'vitest';
import { clockText, minutesText, playedText, streakText } from './format';

describe('format', () => {
  it('counts down as mm:ss', () => {
    expect(clockText(300)).toBe('05:00');
    expect(clockText(299)).toBe('04:59');
    expect(clockText(900)).toBe('15:00');
    expect(clockText(0)).toBe('00:00');
  });
  it('says minutes and streaks in Spanish', () => {
    expect(minutesText(1)).toBe('1 minuto');
    expect(minutesText(6)).toBe('6 minutos');
    expect(streakText(0)).toBe('Racha: 0 días');
    expect(streakText(1)).toBe('Racha: 1 día');
    expect(streakText(3)).toBe('Racha: 3 días seguidos');
  });
  it('says the time meditated in whole minutes rounded down, and in seconds under a minute', () => {
    expect(playedText(0)).toBe('0 segundos');
    expect(playedText(1)).toBe('1 segundo');
    expect(playedText(59)).toBe('59 segundos');
    expect(playedText(60)).toBe('1 minuto');
    expect(playedText(359)).toBe('5 minutos');
    expect(playedText(404)).toBe('6 minutos');
  });
});
