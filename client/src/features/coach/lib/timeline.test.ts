import { describe, expect, it } from 'vitest';
import { JOURNEY } from '../coach-test-utils';
import type { JourneyEvent } from '../api/coach-queries';
import { activityOptions, ALL, groupByDay, matchesActivity, NO_ACTIVITY } from './timeline';

const at = (recordedAt: string, activity: string | null, globalPosition = 1): JourneyEvent => ({
  ...JOURNEY[1]!,
  globalPosition,
  recordedAt,
  activity,
});

describe('the timeline', () => {
  it('groups consecutive events by their local day, in order', () => {
    const groups = groupByDay(JOURNEY);
    expect(groups.map((g) => g.events.map((e) => e.globalPosition))).toEqual([
      [10, 11],
      [15, 20],
    ]);
  });

  it("offers the activities present in the course's order, then events of no activity", () => {
    const events = [
      at('2025-03-03T12:00:00Z', 'umbral-de-creencia'),
      at('2025-03-03T12:00:00Z', null),
      at('2025-03-03T12:00:00Z', '12-areas-balance'),
      at('2025-03-03T12:00:00Z', '12-areas-balance'),
      at('2025-03-03T12:00:00Z', 'una-actividad-retirada'),
    ];
    expect(activityOptions(events)).toEqual([
      { value: '12-areas-balance', label: 'Rueda de la Vida' },
      { value: 'umbral-de-creencia', label: expect.any(String) },
      { value: 'una-actividad-retirada', label: 'una-actividad-retirada' },
      { value: NO_ACTIVITY, label: 'Cuenta, pagos y notas' },
    ]);
    expect(activityOptions(events.slice(2, 4)).map((o) => o.value)).toEqual(['12-areas-balance']);
  });

  it('filters by activity, by no activity, or not at all', () => {
    expect(JOURNEY.filter((e) => matchesActivity(e, ALL))).toHaveLength(4);
    expect(JOURNEY.filter((e) => matchesActivity(e, NO_ACTIVITY)).map((e) => e.globalPosition)).toEqual([10, 20]);
    expect(JOURNEY.filter((e) => matchesActivity(e, '12-areas-balance')).map((e) => e.globalPosition)).toEqual([11, 15]);
  });
});
