// The journey's timeline: the filter's choices and the events grouped by the day they happened.
import { activityBySlug } from '../../../../../course/syllabus';
import type { JourneyEvent } from '../api/coach-queries';
import { localDay } from './format';

/** The filter's value for events of no activity (account, payments, the coach's notes). */
export const NO_ACTIVITY = '__ninguna__';
export const ALL = '';

/** Where an activity sits in the course ('2-3' → 2003); slugs the syllabus no longer knows go last. */
function courseRank(slug: string): number {
  const id = activityBySlug(slug)?.id;
  if (!id) return Number.POSITIVE_INFINITY;
  const [module = 0, index = 0] = id.split('-').map(Number);
  return module * 1000 + index;
}

export type ActivityOption = { value: string; label: string };

/** The activities present in the journey, in the course's order, then 'other events' when there are any. */
export function activityOptions(events: readonly JourneyEvent[]): ActivityOption[] {
  const slugs = new Set<string>();
  let other = false;
  for (const e of events) {
    if (e.activity === null) other = true;
    else slugs.add(e.activity);
  }
  const known = [...slugs].map((slug) => ({ value: slug, label: activityBySlug(slug)?.title ?? slug, rank: courseRank(slug) }));
  known.sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label, 'es'));
  const options: ActivityOption[] = known.map(({ value, label }) => ({ value, label }));
  if (other) options.push({ value: NO_ACTIVITY, label: 'Cuenta, pagos y notas' });
  return options;
}

export function matchesActivity(event: JourneyEvent, filter: string): boolean {
  if (filter === ALL) return true;
  if (filter === NO_ACTIVITY) return event.activity === null;
  return event.activity === filter;
}

export type DayGroup = { day: string; events: JourneyEvent[] };

/** Consecutive events of one local day together, in the journey's order. */
export function groupByDay(events: readonly JourneyEvent[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const event of events) {
    const day = localDay(event.recordedAt);
    const last = groups.at(-1);
    if (last?.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
