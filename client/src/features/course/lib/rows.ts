// What each syllabus row shows, from the shared course rules (never re-implemented here).
import { lockReason, type LockReason } from '../../../../../course/rules';
import type { Activity } from '../../../../../course/syllabus';

export type RowIcon = 'completed' | 'premium' | 'current' | 'tool' | 'theory' | 'coaching' | 'activity';

export type RowState = {
  activity: Activity;
  done: boolean;
  isCurrent: boolean;
  /** Why the row is locked; undefined when it opens. */
  lock: LockReason | undefined;
  icon: RowIcon;
};

export const LOCK_TOOLTIPS: Record<LockReason, string> = {
  premium: 'Contenido Premium',
  previous: 'Completa la actividad anterior',
};

export function rowState(activity: Activity, completed: ReadonlySet<string>, roles: readonly number[], current: Activity | undefined): RowState {
  const done = completed.has(activity.slug);
  const lock = lockReason(activity.slug, completed, roles);
  const isCurrent = current?.slug === activity.slug;
  const icon: RowIcon = done
    ? 'completed'
    : lock === 'premium'
      ? 'premium'
      : isCurrent
        ? 'current'
        : activity.isTool
          ? 'tool'
          : activity.isTheory
            ? 'theory'
            : activity.isCoaching
              ? 'coaching'
              : 'activity';
  return { activity, done, isCurrent, lock, icon };
}
