// A guest's deep-why data (the chosen areas and the answers per level) becomes the events a learner
// would have written. The 3 areas were chosen among the guest's own 7 weakest, from local ratings. A guest
// who pressed 'Rehacer Ejercicio' and has not finished since carries `restarted`: the restart comes first,
// unless the account has started its rounds again as often as it may.
import { z } from 'zod';
import { AREA_IDS } from '../../course/areas';
import { DEEP_WHY_ACTIVITY } from '../../course/activities';
import { FOCUS_AREAS, MAX_ANSWER, WHY_LEVELS } from '../../course/deep-why';
import type { GuestTranslator } from '../course/guest-sync';
import type { NewEvent } from '../store/types';
import { MAX_DEEP_WHY_RESTARTS, type DeepWhyCounts } from './deep-why';
import { WhyAnswerSaved, WhyExerciseRestarted, WhySelectionSaved } from './deep-why.events';

const area = z.enum(AREA_IDS);
const DeepWhyData = z.looseObject({
  restarted: z.boolean().optional(),
  selectedAreaIds: z
    .array(area)
    .length(FOCUS_AREAS)
    .refine((ids) => new Set(ids).size === FOCUS_AREAS)
    .optional(),
  whyAnswers: z.partialRecord(area, z.array(z.string().max(MAX_ANSWER).nullable()).max(WHY_LEVELS)).optional(),
});

export const deepWhyGuestTranslator: GuestTranslator<{ deepWhyCounts: DeepWhyCounts }, typeof DeepWhyData> = {
  name: 'deep-why',
  slugs: [DEEP_WHY_ACTIVITY],
  schema: DeepWhyData,
  translate: (data, { userId, eventId }) => {
    const events: NewEvent[] = [];
    if (data.restarted) events.push(WhyExerciseRestarted.create({ userId }, { eventId: eventId(0) }));
    if (data.selectedAreaIds) events.push(WhySelectionSaved.create({ userId, areaIds: data.selectedAreaIds }, { eventId: eventId(events.length) }));
    for (const [areaId, answers] of Object.entries(data.whyAnswers ?? {})) {
      // Answers count only for the chosen areas, as they would for a learner.
      if (!data.selectedAreaIds?.includes(areaId)) continue;
      answers!.forEach((answer, levelIndex) => {
        if (answer?.trim()) {
          events.push(WhyAnswerSaved.create({ userId, areaId, levelIndex, answer: answer.trim() }, { eventId: eventId(events.length) }));
        }
      });
    }
    return events;
  },
  admits: (event, { deepWhyCounts }) => event.type !== WhyExerciseRestarted.type || deepWhyCounts.restarts < MAX_DEEP_WHY_RESTARTS,
};
