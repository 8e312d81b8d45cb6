import { describe, expect, it } from 'vitest';
import { currentStreak, dayIn, isTimeZone, minutesMeditated } from './meditation';

describe('currentStreak', () => {
  it('counts consecutive days ending today', () => {
    expect(currentStreak(['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-22')).toBe(3);
  });
  it('still counts a streak that ended yesterday: today can extend it', () => {
    expect(currentStreak(['2026-11-20', '2026-11-21'], '2026-11-22')).toBe(2);
  });
  it('is broken by a missed day', () => {
    expect(currentStreak(['2026-11-18', '2026-11-20'], '2026-11-22')).toBe(0);
    expect(currentStreak(['2026-11-18', '2026-11-21', '2026-11-22'], '2026-11-22')).toBe(2);
  });
  it('crosses month and year boundaries', () => {
    expect(currentStreak(['2025-12-30', '2025-12-31', '2026-01-01'], '2026-01-01')).toBe(3);
    expect(currentStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
  });
  it('is zero with no sessions', () => {
    expect(currentStreak([], '2026-11-22')).toBe(0);
  });
});

describe('dayIn', () => {
  it("uses the meditator's time zone, not the server's", () => {
    const lateEvening = new Date('2026-11-23T01:30:00Z'); // 22:30 on the 22nd in Buenos Aires
    expect(dayIn(lateEvening, 'America/Argentina/Buenos_Aires')).toBe('2026-11-22');
    expect(dayIn(lateEvening, 'Europe/Madrid')).toBe('2026-11-23');
    expect(dayIn(lateEvening, undefined)).toBe('2026-11-23');
  });
  it('recognises real zones only', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('Marte/Olympus')).toBe(false);
  });
});

it('shows whole minutes, rounded down', () => {
  expect(minutesMeditated(0)).toBe(0);
  expect(minutesMeditated(59)).toBe(0);
  expect(minutesMeditated(1259)).toBe(20);
  expect(minutesMeditated(1260)).toBe(21);
});
