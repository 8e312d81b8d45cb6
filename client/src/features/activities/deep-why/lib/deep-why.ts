// The deep-why page's pure rules: where a learner resumes, which answer is the final why, how an answer is
// recorded, and a guest's starting point read from this browser. The activity's constants and texts are
// course/deep-why.ts's.
import { areaById } from '../../../../../../course/areas';
import { FOCUS_AREAS, targetAreaIdsFrom, WHY_LEVELS } from '../../../../../../course/deep-why';
import type { TargetArea, WhyAnswers } from '../api/deep-why-queries';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, WHEEL_ACTIVITY } from '../../../../../../course/activities';
import { guestDefinitions, guestRatings, storedObject } from '../../wheel/lib/wheel-data';

/**
 * What a guest's deep-why is stored as (activityData['7-niveles-deep-why']); the server's guest sync reads
 * it. `restarted`: 'Rehacer Ejercicio' was pressed and the exercise not finished since (no summary to show).
 */
export type GuestDeepWhy = { selectedAreaIds: string[]; whyAnswers: WhyAnswers; restarted?: true };

export type WhyPosition = { areaIndex: number; levelIndex: number };

const answered = (answer: string | null | undefined): answer is string => typeof answer === 'string' && answer.trim() !== '';

/**
 * Where to carry on: the first unanswered level of the first area with one. With every level answered (a
 * completion that did not go through), the last level of the last area, whose button then finishes.
 */
export function resumePosition(selectedAreaIds: readonly string[], answers: WhyAnswers): WhyPosition {
  for (const [areaIndex, areaId] of selectedAreaIds.entries()) {
    const levels = answers[areaId] ?? [];
    for (let levelIndex = 0; levelIndex < WHY_LEVELS; levelIndex++) {
      if (!answered(levels[levelIndex])) return { areaIndex, levelIndex };
    }
  }
  return { areaIndex: Math.max(0, selectedAreaIds.length - 1), levelIndex: WHY_LEVELS - 1 };
}

/**
 * The final why of an area: the answer to its 7th level, the deepest one. An area left earlier has none
 * (the summary says 'No se completó el porqué final.' and still lists the answers it has).
 */
export function finalWhy(levels: readonly (string | null)[] | undefined): string | undefined {
  const last = levels?.[WHY_LEVELS - 1];
  return answered(last) ? last.trim() : undefined;
}

/** The answers given so far, in level order, for the summary's chain. */
export function answerChain(levels: readonly (string | null)[] | undefined): { levelIndex: number; answer: string }[] {
  return (levels ?? []).flatMap((answer, levelIndex) => (answered(answer) ? [{ levelIndex, answer: answer.trim() }] : []));
}

/** `answers` with one more, the list padded with nulls up to its level (as the server keeps them). */
export function withAnswer(answers: WhyAnswers, areaId: string, levelIndex: number, answer: string): WhyAnswers {
  const levels = [...(answers[areaId] ?? [])];
  while (levels.length < levelIndex) levels.push(null);
  levels[levelIndex] = answer;
  return { ...answers, [areaId]: levels };
}

const knownArea = (id: unknown): id is string => typeof id === 'string' && areaById(id) !== undefined;

/** A guest's stored deep-why, read defensively: a selection counts only as 3 distinct known areas. */
export function guestDeepWhy(data: unknown): GuestDeepWhy {
  const stored = storedObject(data);
  const ids = Array.isArray(stored.selectedAreaIds) ? stored.selectedAreaIds.filter(knownArea) : [];
  const selectedAreaIds = new Set(ids).size === FOCUS_AREAS && ids.length === FOCUS_AREAS ? ids : [];
  const whyAnswers: Record<string, (string | null)[]> = {};
  for (const [areaId, levels] of Object.entries(storedObject(stored.whyAnswers))) {
    if (!knownArea(areaId) || !Array.isArray(levels)) continue;
    whyAnswers[areaId] = levels.slice(0, WHY_LEVELS).map((answer) => (typeof answer === 'string' ? answer : null));
  }
  return { selectedAreaIds, whyAnswers, ...(stored.restarted === true ? { restarted: true as const } : {}) };
}

/** A guest's deep-why as stored: an empty selection is left out (the account's guest sync wants 3 or none). */
export function storedGuestDeepWhy({ selectedAreaIds, whyAnswers, restarted }: GuestDeepWhy): Partial<GuestDeepWhy> {
  return { ...(restarted ? { restarted } : {}), ...(selectedAreaIds.length ? { selectedAreaIds, whyAnswers } : {}) };
}

/** A guest's 7 target areas, as the server would give them, from the wheel and activities 2 and 3 kept here. */
export function guestTargetAreas(activityData: Readonly<Record<string, unknown>>): TargetArea[] {
  const ratings = guestRatings(activityData[WHEEL_ACTIVITY]);
  const current = guestDefinitions(activityData[AREA_BELIEFS_ACTIVITY]);
  const future = guestDefinitions(activityData[AREA_VISION_ACTIVITY]);
  return targetAreaIdsFrom(ratings).map((id) => ({
    id,
    score: ratings[id] ?? null,
    title: areaById(id)!.title,
    currentText: current[id]?.trim() ? current[id] : null,
    futureText: future[id]?.trim() ? future[id] : null,
  }));
}

/** An area's title and texts: from the target areas, or (an area no longer among them) its title alone. */
export function areaInfo(targets: readonly TargetArea[], areaId: string): TargetArea {
  return targets.find((a) => a.id === areaId) ?? { id: areaId, score: null, title: areaById(areaId)?.title ?? areaId, currentText: null, futureText: null };
}
