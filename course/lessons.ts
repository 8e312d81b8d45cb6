// Which syllabus slugs have an activity of their own; every other one opens the generic lesson page
// (description, optional video and PDF, a personal reflection, 'Marcar como completada').
import { ACTIVITIES } from './syllabus';

export const DEDICATED_ACTIVITIES = new Set([
  '12-areas-balance',
  'concientizando-areas-balance',
  'viendo-hacia-atras-desde-el-futuro',
  '7-niveles-deep-why',
  'meditacion-7-fases',
  'niveles-conciencia-hawkins',
  'primera-sesion-de-coaching',
  'umbral-de-creencia',
  'herramienta-respiracion-guiada',
  'teoria-5-leyes-universales',
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
