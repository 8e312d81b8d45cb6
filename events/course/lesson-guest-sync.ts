// A guest's reflection on any activity page becomes the ReflectionSaved a learner would have written.
import { z } from 'zod';
import { ACTIVITIES } from '../../course/syllabus';
import { MAX_REFLECTION, ReflectionSaved } from './course.events';
import type { GuestTranslator } from './guest-sync';

const Reflection = z.looseObject({ reflection: z.string().trim().max(MAX_REFLECTION).optional() });

export const reflectionGuestTranslator: GuestTranslator<unknown, typeof Reflection> = {
  name: 'reflection',
  slugs: ACTIVITIES.map((a) => a.slug),
  schema: Reflection,
  translate: (data, { userId, slug, eventId }) =>
    data.reflection ? [ReflectionSaved.create({ userId, activityId: slug, text: data.reflection }, { eventId: eventId(0) })] : [],
};
