// Progress through the course, in the learner's stream.
import { z } from 'zod';
import { ACTIVITIES } from '../../course/syllabus';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

const slug = z.enum(ACTIVITIES.map((a) => a.slug) as [string, ...string[]]);

export const ActivityCompleted = defineEvent('ActivityCompleted', 1, z.strictObject({ userId: z.uuid(), activityId: slug }));

/** A learner's personal reflection on a lesson (the generic lesson page); the latest one wins. */
export const MAX_REFLECTION = 10_000;
export const ReflectionSaved = defineEvent(
  'ReflectionSaved',
  1,
  z.strictObject({ userId: z.uuid(), activityId: slug, text: z.string().trim().min(1).max(MAX_REFLECTION) }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['text'] } },
);

export const courseEvents = [ActivityCompleted, ReflectionSaved] as const;
