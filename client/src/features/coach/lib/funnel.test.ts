import { describe, expect, it } from 'vitest';
import { everyDay, totalOf } from './funnel';

const counts = (views: number, signups: number) => ({ views, leads: 1, subscriptions: 0, signups, verifications: 0, payments: 0, revenueUsd: 1.5 });

describe('the funnel numbers', () => {
  it('adds the pages up', () => {
    expect(totalOf([counts(10, 2), counts(5, 1)])).toEqual({ views: 15, leads: 2, subscriptions: 0, signups: 3, verifications: 0, payments: 0, revenueUsd: 3 });
    expect(totalOf([]).views).toBe(0);
  });

  it('fills the days the server had no row for with zeros', () => {
    const days = everyDay(
      [
        { day: '2025-02-27', ...counts(4, 1) },
        { day: '2025-03-02', ...counts(6, 0) },
      ],
      '2025-02-27',
      '2025-03-02',
    );
    expect(days.map((d) => `${d.day}:${d.views}`)).toEqual(['2025-02-27:4', '2025-02-28:0', '2025-03-01:0', '2025-03-02:6']);
  });
});
