// Activity 4, the seven levels of why: three focus areas, then seven answers per area.
import { z } from 'zod';
import { AREA_IDS } from '../../course/areas';
import { FOCUS_AREAS, MAX_ANSWER, WHY_LEVELS } from '../../course/deep-why';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

const areaId = z.enum(AREA_IDS);

export const WhySelectionSaved = defineEvent('WhySelectionSaved', 1, z.strictObject({ userId: z.uuid(), areaIds: z.array(areaId).length(FOCUS_AREAS) }));

export const WhyAnswerSaved = defineEvent(
  'WhyAnswerSaved',
  1,
  z.strictObject({
    userId: z.uuid(),
    areaId,
    levelIndex: z
      .number()
      .int()
      .min(0)
      .max(WHY_LEVELS - 1),
    answer: z.string().trim().min(1).max(MAX_ANSWER),
  }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['answer'] } },
);

/** What the learner was asked at a level, and how it was made (the coach's replay shows it). */
export const WhyQuestionAsked = defineEvent(
  'WhyQuestionAsked',
  1,
  z.strictObject({
    userId: z.uuid(),
    questionId: z.string().min(1).max(80),
    areaId,
    levelIndex: z
      .number()
      .int()
      .min(0)
      .max(WHY_LEVELS - 1),
    question: z.string().min(1).max(1000),
    source: z.enum(['ai', 'fallback']),
    model: z.string().max(100).nullable(),
    promptVersion: z.string().max(40),
  }),
  // Made from the learner's answers: as personal as they are.
  { personal: { subject: (d) => userSubject(d.userId), fields: ['question'] } },
);

/**
 * 'Rehacer Ejercicio': the chosen areas and every answer are set aside and the exercise starts again from the
 * choice of areas. The completion stays (what came after it stays open); finishing again completes it again.
 */
export const WhyExerciseRestarted = defineEvent('WhyExerciseRestarted', 1, z.strictObject({ userId: z.uuid() }));

export const deepWhyEvents = [WhySelectionSaved, WhyAnswerSaved, WhyQuestionAsked, WhyExerciseRestarted] as const;
