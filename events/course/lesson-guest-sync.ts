// A guest's reflection on any activity page becomes the ReflectionSaved a learner would have written.
import { z } from 'zod';
import { ACTIVITIES } from '../../course/syllabus';
import { MAX_REFLECTION, ReflectionSaved } from './course.events';
import { registerGuestTranslator } from './guest-sync';

const Reflection = z.looseObject({ reflection: z.string().trim().max(MAX_REFLECTION).optional() });

for (const { slug } of ACTIVITIES) {
  registerGuestTranslator(slug, {
    name: 'reflection',
    schema: Reflection,
    translate: (data, { userId, eventId }) =>
      data.reflection ? [ReflectionSaved.create({ userId, activityId: slug, text: data.reflection }, { eventId: eventId(0) })] : [],
  });
}
