// Activity 8, the belief threshold: a learner's goals, each tested against time frames.
import { z } from 'zod';
import { MAX_BELIEF, MAX_GOAL, TIME_FRAMES } from '../../course/belief-threshold';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

const timeFrame = z.strictObject({ label: z.string().max(20), years: z.number() });

/** The whole goal as the learner left it: a new goal or the replacement of one of theirs. */
export const BeliefGoalSaved = defineEvent(
  'BeliefGoalSaved',
  1,
  z.strictObject({
    userId: z.uuid(),
    goalId: z.uuid(),
    manifestGoal: z.string().trim().min(1).max(MAX_GOAL),
    hesitations: z.array(z.strictObject({ timeFrame, belief: z.string().trim().min(1).max(MAX_BELIEF) })).max(TIME_FRAMES.length * 4),
    currentTimeIndex: z.number().int().min(0).max(TIME_FRAMES.length),
    perfectTimeFrameLabel: z.string().max(20).nullable(),
    perfectTimeFrameYears: z.number().nullable(),
  }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['manifestGoal', 'hesitations[].belief'] } },
);

export const BeliefGoalDeleted = defineEvent('BeliefGoalDeleted', 1, z.strictObject({ userId: z.uuid(), goalId: z.uuid() }));

export const beliefThresholdEvents = [BeliefGoalSaved, BeliefGoalDeleted] as const;
