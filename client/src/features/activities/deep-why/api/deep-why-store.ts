// The seven levels of why in the activity store (lib/activity): a learner's on the server (deep-why-queries.ts), a
// guest's in this browser as activityData['7-niveles-deep-why'] = { selectedAreaIds, whyAnswers } (and
// `restarted`, lib/deep-why.ts), its target areas read from the wheel and activities 2 and 3 kept here.
import { DEEP_WHY_ACTIVITY } from '../../../../../../course/activities';
import { COMPLETE_ERROR } from '../../../../components/CompleteActivity/CompleteActivity';
import { activityData } from '../../../../lib/activity/use-activity-data';
import type { Completion, Write } from '../../../../lib/activity/use-activity-write';
import { readGuestProgress, saveGuestActivityData } from '../../../../lib/guest-progress';
import { guestDeepWhy, guestTargetAreas, storedGuestDeepWhy, withAnswer, type GuestDeepWhy } from '../lib/deep-why';
import {
  deepWhyMutations,
  deepWhyQueries,
  markDeepWhyCompleted,
  RESTART_ERROR,
  SAVE_ANSWER_ERROR,
  SAVE_SELECTION_ERROR,
  type DeepWhyPrerequisites,
  type TargetArea,
  type WhyAnswers,
} from './deep-why-queries';

/**
 * Where the exercise stands. `isCompleted` is the server's word for a learner; a guest's is the course's
 * completion, unless the exercise was started again since (`restarted`).
 */
export type DeepWhyStart = { targets: TargetArea[]; selectedAreaIds: string[]; whyAnswers: WhyAnswers; isCompleted?: boolean; restarted: boolean };

export const deepWhyStart = activityData({
  browser: (saved): DeepWhyStart => {
    const { selectedAreaIds, whyAnswers, restarted = false } = guestDeepWhy(saved[DEEP_WHY_ACTIVITY]);
    return { targets: guestTargetAreas(saved), selectedAreaIds, whyAnswers, restarted };
  },
  server: () => ({
    ...deepWhyQueries.prerequisites(),
    select: ({ targetAreas, selectedAreaIds, whyAnswers, isCompleted }: DeepWhyPrerequisites): DeepWhyStart => ({
      targets: targetAreas,
      selectedAreaIds,
      whyAnswers,
      isCompleted,
      restarted: false,
    }),
  }),
});

/** A guest's deep-why as this browser keeps it now. */
const stored = (): GuestDeepWhy => guestDeepWhy(readGuestProgress().activityData[DEEP_WHY_ACTIVITY]);
const keep = (next: GuestDeepWhy) => saveGuestActivityData(DEEP_WHY_ACTIVITY, storedGuestDeepWhy(next));

/** The 3 areas chosen, weakest first; the server answers them as it keeps them. A failure is always said alike. */
export const saveSelection: Write<string[], string[]> = {
  browser: (picks) => {
    keep({ ...stored(), selectedAreaIds: picks });
    return picks;
  },
  server: deepWhyMutations.saveSelection,
  failure: { says: SAVE_SELECTION_ERROR },
};

/** One level's answer. */
export const saveAnswer: Write<{ areaId: string; levelIndex: number; answer: string }, void> = {
  browser: ({ areaId, levelIndex, answer }) => {
    const current = stored();
    keep({ ...current, whyAnswers: withAnswer(current.whyAnswers, areaId, levelIndex, answer) });
  },
  server: deepWhyMutations.saveAnswer,
  failure: { says: SAVE_ANSWER_ERROR, serverWords: true },
};

/** 'Rehacer Ejercicio': an empty exercise; a guest's is marked started again until it is finished. */
export const restart: Write<void, void> = {
  browser: () => keep({ selectedAreaIds: [], whyAnswers: {}, restarted: true }),
  server: deepWhyMutations.restart,
  failure: { says: RESTART_ERROR },
};

/** The completion: a guest's choice and answers go with it (and it is no longer started again). */
export const deepWhyCompletion: Completion = {
  browser: (saved) => {
    const { selectedAreaIds, whyAnswers } = guestDeepWhy(saved[DEEP_WHY_ACTIVITY]);
    return { selectedAreaIds, whyAnswers } satisfies GuestDeepWhy;
  },
  server: markDeepWhyCompleted,
  failure: { says: COMPLETE_ERROR, serverWords: true },
};
