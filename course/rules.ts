// The course's rules, pure and shared: which activity is current, which are locked, which comes next.
import { ACTIVITIES, type Activity, COURSE, moduleOf } from './syllabus';

export const PREMIUM_ROLE = 7;

export type Completed = ReadonlySet<string> | readonly string[];

/** The activities the course requires (every one but the ignorable): what progress counts. */
export const REQUIRED_ACTIVITIES: readonly Activity[] = ACTIVITIES.filter((a) => !a.isIgnorable);
const asSet = (c: Completed): ReadonlySet<string> => (c instanceof Set ? c : new Set(c as readonly string[]));

/** The first activity, in course order, that is neither completed nor ignorable; undefined when all are done. */
export function currentActivity(completed: Completed, activities: readonly Activity[] = ACTIVITIES): Activity | undefined {
  const done = asSet(completed);
  return activities.find((a) => !a.isIgnorable && !done.has(a.slug));
}

/** The module to open: the current activity's; the last when everything is done; module 1 otherwise. */
export function currentModule(completed: Completed): number {
  const current = currentActivity(completed);
  if (current) return moduleOf(current);
  const done = asSet(completed);
  const allDone = REQUIRED_ACTIVITIES.every((a) => done.has(a.slug));
  return allDone ? COURSE.modules.at(-1)!.module : 1;
}

export type LockReason = 'premium' | 'previous';

/**
 * Why an activity is locked, or undefined when it is open. Paid without role 7 → 'premium'; the nearest
 * earlier non-ignorable activity not completed → 'previous' (for premium users too). Ignorable
 * activities never block others.
 */
export function lockReason(
  slug: string,
  completed: Completed,
  roles: readonly number[] = [],
  activities: readonly Activity[] = ACTIVITIES,
): LockReason | undefined {
  const index = activities.findIndex((a) => a.slug === slug);
  if (index < 0) return undefined;
  const activity = activities[index]!;
  if (!activity.isFree && !roles.includes(PREMIUM_ROLE)) return 'premium';
  const done = asSet(completed);
  for (let i = index - 1; i >= 0; i--) {
    const earlier = activities[i]!;
    if (earlier.isIgnorable) continue;
    return done.has(earlier.slug) ? undefined : 'previous';
  }
  return undefined;
}

export const isLocked = (slug: string, completed: Completed, roles: readonly number[] = []) => lockReason(slug, completed, roles) !== undefined;

/** The activity after this one in course order (ignorable ones included), or undefined after the last. */
export function nextActivity(slug: string, activities: readonly Activity[] = ACTIVITIES): Activity | undefined {
  const index = activities.findIndex((a) => a.slug === slug);
  return index < 0 ? undefined : activities[index + 1];
}

/** Share of non-ignorable activities completed, 0–100. */
export function progressPercent(completed: Completed): number {
  const done = asSet(completed);
  return Math.round((REQUIRED_ACTIVITIES.filter((a) => done.has(a.slug)).length / REQUIRED_ACTIVITIES.length) * 100);
}

/**
 * What is free in the course, as an invitation to the paid part can truthfully say it: how many activities
 * are free, the week they are in when they all share one, whether they are that week's opening activities
 * and whether they are the whole week.
 */
export function freePart(activities: readonly Activity[] = ACTIVITIES): { count: number; module: number | undefined; opening: boolean; wholeModule: boolean } {
  const free = activities.filter((a) => a.isFree);
  const modules = new Set(free.map(moduleOf));
  const module = modules.size === 1 ? [...modules][0] : undefined;
  if (module === undefined) return { count: free.length, module, opening: false, wholeModule: false };
  const week = activities.filter((a) => moduleOf(a) === module);
  const opening = week.slice(0, free.length).every((a) => a.isFree);
  return { count: free.length, module, opening, wholeModule: opening && free.length === week.length };
}
