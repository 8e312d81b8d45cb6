// Addresses the activity host links to (the course's own are lib/course-paths.ts). Account links keep '/' readable.
import { redirectParam } from '../../../../../course/redirect';

/** /signup or /login that brings the visitor back to `path` afterwards. */
export const accountPath = (page: '/signup' | '/login', path: string) => `${page}?${redirectParam(path)}`;

/**
 * The activity a route names: its :activitySlug, or else the last path segment when that is a known
 * activity. Undefined when none can be told: the host then goes
 * back to the syllabus.
 */
export function resolveActivitySlug(param: string | undefined, pathname: string, isKnown: (slug: string) => boolean): string | undefined {
  const given = param?.trim();
  if (given) return given;
  const last = pathname.split('/').filter(Boolean).at(-1);
  if (last === undefined) return undefined;
  let segment: string;
  try {
    segment = decodeURIComponent(last).trim();
  } catch {
    return undefined;
  }
  return isKnown(segment) ? segment : undefined;
}
