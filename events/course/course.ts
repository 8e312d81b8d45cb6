// The course slice: which activities a learner has completed, and the decisions to complete one, to save a
// reflection and to merge a guest's progress, which apply the same lock rule the client shows (course/rules.ts),
// behind one decider.
import { lockReason, type LockReason } from '../../course/rules';
import { ACTIVITIES, findActivity } from '../../course/syllabus';
import { ForbiddenError, InvalidError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { ActivityCompleted, ReflectionSaved } from './course.events';

export interface ProgressState {
  completed: ReadonlySet<string>;
  /** The latest reflection per lesson slug. */
  reflections?: ReadonlyMap<string, string>;
}

const ORDER = new Map(ACTIVITIES.map((a, i) => [a.slug, i]));
/** Activity slugs sorted in course order. */
export const inCourseOrder = (slugs: Iterable<string>): string[] => [...slugs].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));

export const initialProgress: ProgressState = { completed: new Set(), reflections: new Map() };

export function evolveProgress(state: ProgressState, event: RecordedEvent): ProgressState {
  if (ActivityCompleted.is(event)) return { ...state, completed: new Set(state.completed).add(event.data.activityId) };
  if (ReflectionSaved.is(event)) return { ...state, reflections: new Map(state.reflections).set(event.data.activityId, event.data.text) };
  return state;
}

export const LOCK_MESSAGES: Record<LockReason, string> = {
  premium: 'Esta actividad es parte del contenido premium del curso. Inscríbete para desbloquearla.',
  previous: 'Completa la actividad anterior antes de continuar con esta.',
};
export const UNKNOWN_ACTIVITY = 'Actividad no encontrada: revisa el nombre de la actividad.';

/** The activity's slug if it exists (by slug or id), else a 400. */
export function knownActivity(slugOrId: string): string {
  const activity = findActivity(slugOrId);
  if (!activity) throw new InvalidError(UNKNOWN_ACTIVITY);
  return activity.slug;
}

/** Refuses work on a locked activity (403, Spanish reason); nothing else may be saved for it either. */
export function assertUnlocked(state: ProgressState, slug: string, roles: readonly number[]): void {
  const reason = lockReason(slug, state.completed, roles);
  if (reason) throw new ForbiddenError(LOCK_MESSAGES[reason]);
}

/**
 * Completes an activity once; `again` when it was started again after its completion (the deep why's
 * 'Rehacer Ejercicio'), so that finishing the new round is recorded too.
 */
export function decideComplete(
  state: ProgressState,
  command: { userId: string; slug: string; roles: readonly number[]; again?: boolean; eventId?: string },
): NewEvent[] {
  if (state.completed.has(command.slug) && !command.again) return [];
  assertUnlocked(state, command.slug, command.roles);
  return [ActivityCompleted.create({ userId: command.userId, activityId: command.slug }, { eventId: command.eventId })];
}

/**
 * Guest progress, in course order: each completion the rules allow at that point is recorded, a locked
 * one is skipped (not granted), one already on the server adds nothing.
 */
export function decideGuestCompletions(
  state: ProgressState,
  command: { userId: string; slugs: readonly string[]; roles: readonly number[]; eventIdFor: (slug: string) => string },
): { events: NewEvent[]; skipped: string[] } {
  const wanted = new Set(command.slugs);
  const completed = new Set(state.completed);
  const events: NewEvent[] = [];
  const skipped: string[] = [];
  for (const activity of ACTIVITIES) {
    if (!wanted.has(activity.slug) || completed.has(activity.slug)) continue;
    if (lockReason(activity.slug, completed, command.roles)) {
      skipped.push(activity.slug);
      continue;
    }
    completed.add(activity.slug);
    events.push(ActivityCompleted.create({ userId: command.userId, activityId: activity.slug }, { eventId: command.eventIdFor(activity.slug) }));
  }
  return { events, skipped };
}

/** Saving a reflection is working on the activity: the same lock applies. Unchanged text records nothing. */
export function decideSaveReflection(
  state: ProgressState & { reflections?: ReadonlyMap<string, string> },
  command: { userId: string; slug: string; text: string; roles: readonly number[]; eventId?: string },
): NewEvent[] {
  assertUnlocked(state, command.slug, command.roles);
  const text = command.text.trim();
  if (state.reflections?.get(command.slug) === text) return [];
  return [ReflectionSaved.create({ userId: command.userId, activityId: command.slug, text }, { eventId: command.eventId })];
}

/** An activity's guest data as the events a learner would have written (read by course/guest-sync.ts). */
export interface GuestActivityEvents<L = unknown> {
  slug: string;
  events: readonly NewEvent[];
  /** Whether the learner's account still takes one of these events (a cap already reached refuses it); all when absent. */
  admits?(event: NewEvent, learner: L): boolean;
}

/** A guest's progress, read and translated (course/guest-sync.ts), with the ids its events get. */
export interface GuestProgress<L = unknown> {
  userId: string;
  roles: readonly number[];
  /** The activities the guest completed. */
  slugs: readonly string[];
  completionIdFor: (slug: string) => string;
  data: readonly GuestActivityEvents<L>[];
  /** Which of the data's event ids the log already holds. */
  stored: ReadonlySet<string>;
}

/**
 * A guest's progress merged into the account: the completions the rules allow (decideGuestCompletions), and the
 * data of every activity open by then, except what the log already holds (`stored`: the same data synced once
 * has the same ids) and what the account no longer takes. Data of an activity still locked is skipped, like its
 * completion.
 */
export function decideGuestSync<L extends { progress: ProgressState }>(learner: L, command: GuestProgress<L>): { events: NewEvent[]; skipped: string[] } {
  const completions = decideGuestCompletions(learner.progress, {
    userId: command.userId,
    slugs: command.slugs,
    roles: command.roles,
    eventIdFor: command.completionIdFor,
  });
  const completedNow = new Set([...learner.progress.completed, ...completions.events.map((e) => (e.data as { activityId: string }).activityId)]);
  const locked = ({ slug }: GuestActivityEvents<L>) => lockReason(slug, completedNow, command.roles) !== undefined;
  const data = command.data
    .filter((activity) => !locked(activity))
    .flatMap((activity) => activity.events.filter((e) => !command.stored.has(e.eventId!) && (activity.admits?.(e, learner) ?? true)));
  const skipped = [...new Set([...completions.skipped, ...command.data.filter(locked).map((d) => d.slug)])];
  return { events: [...completions.events, ...data], skipped };
}

type Command = { userId: string; roles: readonly number[]; eventId?: string };

export type CourseCommand<L = unknown> =
  | (Command & { type: 'CompleteActivity'; slug: string; again?: boolean })
  | (Command & { type: 'SaveReflection'; slug: string; text: string })
  | (GuestProgress<L> & { type: 'SyncGuestProgress' });

/** Every course decision answers its events and the activities it skipped (only a guest sync skips any). */
export interface CourseDecision {
  events: NewEvent[];
  skipped: string[];
}

export function decideCourse<L extends { progress: ProgressState }>(command: CourseCommand<L>, learner: L): CourseDecision {
  switch (command.type) {
    case 'CompleteActivity':
      return { events: decideComplete(learner.progress, command), skipped: [] };
    case 'SaveReflection':
      return { events: decideSaveReflection(learner.progress, command), skipped: [] };
    case 'SyncGuestProgress':
      return decideGuestSync(learner, command);
    default: {
      const _never: never = command;
      throw new Error(`unknown course command: ${JSON.stringify(_never)}`);
    }
  }
}
