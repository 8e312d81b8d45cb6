// The deep-why slice: the chosen areas and the answers per level, and the decisions to save them; how many
// rounds were started again and questions recorded, so that neither list grows without end. One decider.
import { DEEP_WHY_ACTIVITY } from '../../course/activities';
import { FOCUS_AREAS, NEEDS_WHEEL, TARGET_AREAS, targetAreaIdsFrom } from '../../course/deep-why';
import { assertUnlocked, type ProgressState } from '../course/course';
import { ActivityCompleted } from '../course/course.events';
import { ConflictError, InvalidError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { WhyAnswerSaved, WhyExerciseRestarted, WhyQuestionAsked, WhySelectionSaved } from './deep-why.events';

export interface DeepWhyState {
  selectedAreaIds: readonly string[];
  /** Area id → answers by level index (0–6). */
  answers: Readonly<Record<string, readonly (string | null)[]>>;
  /** Started again ('Rehacer Ejercicio') and not completed since: there is no summary to show. */
  restarted: boolean;
}

export const initialDeepWhy: DeepWhyState = { selectedAreaIds: [], answers: {}, restarted: false };

export function evolveDeepWhy(state: DeepWhyState, event: RecordedEvent): DeepWhyState {
  if (WhySelectionSaved.is(event)) return { ...state, selectedAreaIds: event.data.areaIds };
  if (WhyAnswerSaved.is(event)) {
    const { areaId, levelIndex, answer } = event.data;
    const list = [...(state.answers[areaId] ?? [])];
    while (list.length < levelIndex) list.push(null);
    list[levelIndex] = answer;
    return { ...state, answers: { ...state.answers, [areaId]: list } };
  }
  if (WhyExerciseRestarted.is(event)) return { selectedAreaIds: [], answers: {}, restarted: true };
  if (ActivityCompleted.is(event) && event.data.activityId === DEEP_WHY_ACTIVITY && state.restarted) return { ...state, restarted: false };
  return state;
}

/**
 * The most a learner's account keeps. 'Rehacer Ejercicio' starts a new round (the coach's replay shows each):
 * redoing it every day of a five-week course is 35 rounds. A round asks at most 21 questions (3 areas × 7
 * levels), a few more when a page is reloaded mid-level: 50 rounds' worth is about 1,000 — the cap leaves room
 * for more than twice that. Past it a question is still asked and shown; it is just not recorded.
 */
export const MAX_DEEP_WHY_RESTARTS = 50;
export const MAX_RECORDED_WHY_QUESTIONS = 2_500;
export const TOO_MANY_RESTARTS = `Ya rehiciste este ejercicio ${MAX_DEEP_WHY_RESTARTS} veces, el máximo. Puedes seguir trabajando en tu ronda actual: tus respuestas se pueden cambiar cuando quieras.`;

/** What the caps count. */
export interface DeepWhyCounts {
  restarts: number;
  questions: number;
}

export const initialDeepWhyCounts: DeepWhyCounts = { restarts: 0, questions: 0 };

export function evolveDeepWhyCounts(state: DeepWhyCounts, event: RecordedEvent): DeepWhyCounts {
  if (WhyExerciseRestarted.is(event)) return { ...state, restarts: state.restarts + 1 };
  if (WhyQuestionAsked.is(event)) return { ...state, questions: state.questions + 1 };
  return state;
}

export { NEEDS_WHEEL };
export const SELECTION_MESSAGE = `Elige exactamente ${FOCUS_AREAS} áreas distintas entre tus ${TARGET_AREAS} áreas con menor calificación.`;
export const AREA_NOT_SELECTED = 'Esa área no está entre las tres que elegiste.';

/** The 7 lowest-rated areas, ascending; the wheel must be rated first. */
export function targetAreaIds(ratings: Readonly<Record<string, number>>): string[] {
  const targets = targetAreaIdsFrom(ratings);
  if (targets.length === 0) throw new ConflictError(NEEDS_WHEEL);
  return targets;
}

type Command = { userId: string; roles: readonly number[]; eventId?: string };

export function decideSelect(
  progress: ProgressState,
  ratings: Readonly<Record<string, number>>,
  state: DeepWhyState,
  command: Command & { areaIds: readonly string[] },
): NewEvent[] {
  assertUnlocked(progress, DEEP_WHY_ACTIVITY, command.roles);
  const targets = targetAreaIds(ratings);
  const chosen = [...new Set(command.areaIds)];
  if (chosen.length !== FOCUS_AREAS || command.areaIds.length !== FOCUS_AREAS || !chosen.every((id) => targets.includes(id))) {
    throw new InvalidError(SELECTION_MESSAGE);
  }
  if (state.selectedAreaIds.join() === chosen.join()) return [];
  return [WhySelectionSaved.create({ userId: command.userId, areaIds: chosen }, { eventId: command.eventId })];
}

export function decideAnswer(
  progress: ProgressState,
  state: DeepWhyState,
  command: Command & { areaId: string; levelIndex: number; answer: string },
): NewEvent[] {
  assertUnlocked(progress, DEEP_WHY_ACTIVITY, command.roles);
  if (!state.selectedAreaIds.includes(command.areaId)) throw new InvalidError(AREA_NOT_SELECTED);
  const answer = command.answer.trim();
  if (state.answers[command.areaId]?.[command.levelIndex] === answer) return [];
  return [WhyAnswerSaved.create({ userId: command.userId, areaId: command.areaId, levelIndex: command.levelIndex, answer }, { eventId: command.eventId })];
}

/**
 * 'Rehacer Ejercicio': recorded when there is something to start again (areas, answers, or a completed
 * round whose summary would come back); nothing when the exercise is already fresh.
 */
export function decideRestart(progress: ProgressState, state: DeepWhyState, counts: DeepWhyCounts, command: Command): NewEvent[] {
  assertUnlocked(progress, DEEP_WHY_ACTIVITY, command.roles);
  const fresh = state.selectedAreaIds.length === 0 && Object.keys(state.answers).length === 0;
  if (fresh && (state.restarted || !progress.completed.has(DEEP_WHY_ACTIVITY))) return [];
  if (counts.restarts >= MAX_DEEP_WHY_RESTARTS) throw new ConflictError(TOO_MANY_RESTARTS);
  return [WhyExerciseRestarted.create({ userId: command.userId }, { eventId: command.eventId })];
}

/** A question as it was made for a learner; its event id comes from the question id. */
export interface QuestionAsked {
  userId: string;
  questionId: string;
  areaId: string;
  levelIndex: number;
  question: string;
  source: 'ai' | 'fallback';
  model: string | null;
  promptVersion: string;
  eventId: string;
}

/**
 * The question a learner was asked at a level, as it was made (AI or fallback): a record of what the learner
 * saw, kept up to the cap; its event id comes from the question id, so recording it again is a no-op.
 */
export function decideQuestionAsked(counts: DeepWhyCounts, command: QuestionAsked): NewEvent[] {
  if (counts.questions >= MAX_RECORDED_WHY_QUESTIONS) return [];
  const { userId, questionId, areaId, levelIndex, question, source, model, promptVersion, eventId } = command;
  return [WhyQuestionAsked.create({ userId, questionId, areaId, levelIndex, question, source, model, promptVersion }, { eventId })];
}

/** What the deep why's decisions read of the learner's stream. */
export interface DeepWhyDecisionState {
  progress: ProgressState;
  wheel: { ratings: Readonly<Record<string, number>> };
  deepWhy: DeepWhyState;
  deepWhyCounts: DeepWhyCounts;
}

export type DeepWhyCommand =
  | (Command & { type: 'SelectAreas'; areaIds: readonly string[] })
  | (Command & { type: 'AnswerLevel'; areaId: string; levelIndex: number; answer: string })
  | (Command & { type: 'Restart' })
  | (QuestionAsked & { type: 'RecordQuestion' });

export function decideDeepWhy(command: DeepWhyCommand, state: DeepWhyDecisionState): NewEvent[] {
  switch (command.type) {
    case 'SelectAreas':
      return decideSelect(state.progress, state.wheel.ratings, state.deepWhy, command);
    case 'AnswerLevel':
      return decideAnswer(state.progress, state.deepWhy, command);
    case 'Restart':
      return decideRestart(state.progress, state.deepWhy, state.deepWhyCounts, command);
    case 'RecordQuestion':
      return decideQuestionAsked(state.deepWhyCounts, command);
    default: {
      const _never: never = command;
      throw new Error(`unknown deep-why command: ${JSON.stringify(_never)}`);
    }
  }
}
