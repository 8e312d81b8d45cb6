// Build time only (client/vite.config.ts writes it into dist/client/.vite/routes.json; the app never imports it):
// for each address of the router with parameters, the values that show something when the site alone can tell —
// the course's activities (by slug or by id, which redirects to the slug), the welcome sequences' mails. The server answers any other value with
// HTTP 404 (the page still shows its own "not found" text). Addresses whose parameters only the API can judge (a
// learner's id or a letter's on the coach's desk, a letter the coach publishes after the build) are open: listed in OPEN_PARAMS.
import { SEQUENCE_SOURCES, SEQUENCE_STEPS } from '../../../course/sequences';
import { COURSE } from '../../../course/syllabus';

export const KNOWN_PARAMS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  '/cursos/manifiesta/:activitySlug': COURSE.modules.flatMap((module) => module.activities.flatMap((activity) => [[activity.slug], [activity.id]])),
  // The three mails of each download's welcome sequence.
  '/coach/secuencias/:page/:section/:step': SEQUENCE_SOURCES.flatMap((source) => SEQUENCE_STEPS.map((step) => [source.page, source.section, String(step)])),
};

/**
 * Parameters only the API can judge: any value gets the page, which asks. The server itself checks a letter's
 * address against the published letters (server/app.ts), so an unknown one still answers 404.
 */
export const OPEN_PARAMS: readonly string[] = ['/coach/learners/:id', '/coach/newsletter/:id', '/newsletter/:campaign/:slug'];
