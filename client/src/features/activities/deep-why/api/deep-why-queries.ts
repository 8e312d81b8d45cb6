// The seven levels of why (activity 4): the starting point, the chosen areas and the answers, and the AI
// questions (asked, then polled). The writes keep the starting point in the cache in step with what the server
// saved, so that coming back to the page starts from it. Keys: ['activities', 'deepWhy', 'prerequisites'] and
// ['activities', 'deepWhy', 'question', input].
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEEP_WHY_ACTIVITY } from '../../../../../../course/activities';
import { FOCUS_AREAS } from '../../../../../../course/deep-why';
import { api, unwrap } from '../../../../api/client';
import type { paths } from '../../../../api/schema';
import { withAnswer } from '../lib/deep-why';

type AskBody = paths['/api/activity/deepWhy/question']['post']['requestBody']['content']['application/json'];
type AreaId = AskBody['areaId'];

export type DeepWhyPrerequisites = paths['/api/activity/getDeepWhyPrerequisites']['get']['responses'][200]['content']['application/json']['data'];
export type TargetArea = DeepWhyPrerequisites['targetAreas'][number];
/** Area id → the answers by level (0–6); a level not answered is null or missing. */
export type WhyAnswers = DeepWhyPrerequisites['whyAnswers'];

/** What the question is asked from. A guest sends their own texts; a learner's come from the server. */
export type WhyQuestionInput = {
  areaId: string;
  levelIndex: number;
  previousAnswer?: string;
  currentText?: string;
  futureText?: string;
};

/** A failed load shows the server's message, or this. */
export const LOAD_ERROR = 'Error del servidor.';
export const SAVE_SELECTION_ERROR = 'No se pudo guardar la selección.';
export const SAVE_ANSWER_ERROR = 'No se pudo guardar tu respuesta. Inténtalo de nuevo.';
export const RESTART_ERROR = 'No se pudo reiniciar el ejercicio. Inténtalo de nuevo.';
const QUESTION_ERROR = 'No se pudo preparar la pregunta.';

/** How often a pending question is asked for, and how long it is waited for before the local fallback. */
export const QUESTION_POLL_MS = 600;
export const QUESTION_WAIT_MS = 15_000;

export async function fetchPrerequisites(): Promise<DeepWhyPrerequisites> {
  return unwrap(await api.GET('/api/activity/getDeepWhyPrerequisites'), LOAD_ERROR);
}

export async function postSelection(selectedAreaIds: readonly string[]): Promise<string[]> {
  return unwrap(
    await api.POST('/api/activity/saveWhySelection', { body: { activityId: DEEP_WHY_ACTIVITY, selectedAreaIds: selectedAreaIds as AreaId[] } }),
    SAVE_SELECTION_ERROR,
  );
}

export async function postAnswer({ areaId, levelIndex, answer }: { areaId: string; levelIndex: number; answer: string }): Promise<void> {
  unwrap(
    await api.POST('/api/activity/saveWhyAnswer', { body: { activityId: DEEP_WHY_ACTIVITY, areaId: areaId as AreaId, levelIndex, answer } }),
    SAVE_ANSWER_ERROR,
  );
}

export async function postRestart(): Promise<void> {
  unwrap(await api.POST('/api/activity/restartDeepWhy', { body: { activityId: DEEP_WHY_ACTIVITY } }), RESTART_ERROR);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the next question: it comes in the answer when the server has no AI to wait for, otherwise it is
 * polled until ready. Rejects on any failure (network, 429, a question that never came within
 * QUESTION_WAIT_MS): the page then asks its own fallback question.
 */
export async function fetchWhyQuestion({ areaId, ...rest }: WhyQuestionInput): Promise<string> {
  let asked = unwrap(await api.POST('/api/activity/deepWhy/question', { body: { areaId: areaId as AreaId, ...rest } }), QUESTION_ERROR);
  const { id } = asked;
  const deadline = Date.now() + QUESTION_WAIT_MS;
  for (let polls = 0; asked.status !== 'done'; polls++) {
    if (polls > 0) {
      if (Date.now() + QUESTION_POLL_MS > deadline) throw new Error(QUESTION_ERROR);
      await pause(QUESTION_POLL_MS);
    }
    asked = { id, ...unwrap(await api.GET('/api/activity/deepWhy/question/{id}', { params: { path: { id } } }), QUESTION_ERROR) };
  }
  if (asked.question?.trim()) return asked.question;
  throw new Error(QUESTION_ERROR);
}

export const deepWhyQueries = {
  all: () => ['activities', 'deepWhy'] as const,
  prerequisites: () =>
    queryOptions({
      queryKey: [...deepWhyQueries.all(), 'prerequisites'] as const,
      queryFn: fetchPrerequisites,
    }),
  question: (input: WhyQuestionInput) =>
    queryOptions({
      queryKey: [...deepWhyQueries.all(), 'question', input] as const,
      // The signal is left alone on purpose: StrictMode's unmount and remount would cancel the first ask and
      // send a second one; an abandoned poll ends by itself within QUESTION_WAIT_MS.
      queryFn: () => fetchWhyQuestion(input),
      // A question once asked stays that level's question; a failure turns into the fallback at once.
      staleTime: Infinity,
      retry: false,
    }),
};

/** The starting point in the cache, changed as the server's answer says (nothing cached: nothing to change). */
const updatePrerequisites = (client: QueryClient, change: (old: DeepWhyPrerequisites) => DeepWhyPrerequisites) =>
  client.setQueryData(deepWhyQueries.prerequisites().queryKey, (old) => (old ? change(old) : old));

export const deepWhyMutations = {
  /** The server answers the ids as it keeps them (3 of them), or anything else: then the choice as sent stands. */
  saveSelection: () =>
    mutationOptions({
      mutationKey: [...deepWhyQueries.all(), 'saveSelection'],
      mutationFn: postSelection,
      onSuccess: (saved, picks, _result, { client }) =>
        updatePrerequisites(client, (old) => ({ ...old, selectedAreaIds: saved.length === FOCUS_AREAS ? saved : [...picks] })),
    }),
  saveAnswer: () =>
    mutationOptions({
      mutationKey: [...deepWhyQueries.all(), 'saveAnswer'],
      mutationFn: postAnswer,
      onSuccess: (_saved, { areaId, levelIndex, answer }, _result, { client }) =>
        updatePrerequisites(client, (old) => ({ ...old, whyAnswers: withAnswer(old.whyAnswers, areaId, levelIndex, answer) })),
    }),
  restart: () =>
    mutationOptions({
      mutationKey: [...deepWhyQueries.all(), 'restart'],
      mutationFn: postRestart,
      onSuccess: (_saved, _none, _result, { client }) =>
        updatePrerequisites(client, (old) => ({ ...old, selectedAreaIds: [], whyAnswers: {}, isCompleted: false })),
    }),
};

/** Once the activity is completed, the starting point says so: the page opens on the summary. */
export const markDeepWhyCompleted = (client: QueryClient) => updatePrerequisites(client, (old) => ({ ...old, isCompleted: true }));
