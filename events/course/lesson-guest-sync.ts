// A guest's reflection on a generic lesson becomes the ReflectionSaved a learner would have written.
import { z } from 'zod';
import { GENERIC_LESSONS } from '../../course/lessons';
import { MAX_REFLECTION, ReflectionSaved } from './course.events';
import { registerGuestTranslator } from './guest-sync';

const LessonData = z.object({ reflection: z.string().trim().max(MAX_REFLECTION).optional() });

for (const slug of GENERIC_LESSONS) {
  registerGuestTranslator(slug, {
    schema: LessonData,
    translate: (data, { userId, eventId }) =>
      data.reflection ? [ReflectionSaved.create({ userId, activityId: slug, text: data.reflection }, { eventId: eventId(0) })] : [],
  });
}
