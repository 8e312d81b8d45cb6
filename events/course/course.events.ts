// Progress through the course, in the learner's stream.
import { z } from 'zod';
import { ACTIVITIES } from '../../course/syllabus';
import { defineEvent } from '../store/catalog';

const slug = z.enum(ACTIVITIES.map((a) => a.slug) as [string, ...string[]]);

export const ActivityCompleted = defineEvent('ActivityCompleted', 1, z.strictObject({ userId: z.uuid(), activityId: slug }));

export const courseEvents = [ActivityCompleted] as const;
