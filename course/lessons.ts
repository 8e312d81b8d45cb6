// Which syllabus slugs have an activity of their own; every other one opens the generic lesson page
// (description, optional video and PDF, a personal reflection, 'Marcar como completada').
import {
  AREA_BELIEFS_ACTIVITY,
  AREA_VISION_ACTIVITY,
  BELIEF_THRESHOLD_ACTIVITY,
  BREATHING_ACTIVITY,
  CONSCIOUSNESS_ACTIVITY,
  DEEP_WHY_ACTIVITY,
  FIRST_COACHING_SESSION_ACTIVITY,
  FIVE_LAWS_ACTIVITY,
  MEDITATION_ACTIVITY,
  WHEEL_ACTIVITY,
} from './activities';
import { ACTIVITIES } from './syllabus';

export const DEDICATED_ACTIVITIES = new Set([
  WHEEL_ACTIVITY,
  AREA_BELIEFS_ACTIVITY,
  AREA_VISION_ACTIVITY,
  DEEP_WHY_ACTIVITY,
  MEDITATION_ACTIVITY,
  CONSCIOUSNESS_ACTIVITY,
  FIRST_COACHING_SESSION_ACTIVITY,
  BELIEF_THRESHOLD_ACTIVITY,
  BREATHING_ACTIVITY,
  FIVE_LAWS_ACTIVITY,
]);

export const isGenericLesson = (slug: string) => !DEDICATED_ACTIVITIES.has(slug) && ACTIVITIES.some((a) => a.slug === slug);
export const GENERIC_LESSONS = ACTIVITIES.filter((a) => isGenericLesson(a.slug)).map((a) => a.slug);

/**
 * A paid activity with a body of its own: what it teaches (a theory lesson, a tool's introduction) is kept on
 * the server and served to premium learners only (GET /api/course/lesson/{slug}); it never ships in the
 * browser's code. Free activities' text ships with the app, so that it works offline; a paid generic lesson
 * has no text beyond its syllabus description.
 */
export const textFromServer = (activity: { slug: string; isFree: boolean }) => !activity.isFree && DEDICATED_ACTIVITIES.has(activity.slug);
