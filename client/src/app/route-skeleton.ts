// Which placeholder stands for the page at an address while it loads (the route fallback, and the server's first
// HTML through the build's route map): the menu, a sales page, an activity, the syllabus, the coach's table, or
// a generic page.
import { FIRST_COACHING_SESSION_ACTIVITY } from '../../../course/activities';
import { CHECKING_ACCESS } from '../features/activities/first-coaching-session/lib/access';
import type { SkeletonOptions, SkeletonShape } from '../components/Skeleton/shapes';

const SALES = new Set([
  '/reprograma',
  '/manifiesta',
  '/manifiesta-call',
  '/hielo',
  '/masterclasses',
  '/coaching',
  '/about',
  '/nostalgia',
  '/niveles',
  '/afirmaciones',
  '/recursos-gratuitos',
]);
const SYLLABUS = '/cursos/manifiesta';
const ACTIVITY_PREFIX = `${SYLLABUS}/`;
const TOOLS = new Set(['/herramientas/7-fases', '/metafisica/bashar/15-minutos-y-contando']);

export function skeletonFor(pathname: string): SkeletonOptions & { shape: SkeletonShape } {
  // As the router matches: any letter case, a trailing slash or not.
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === '/menu' || path === '/') return { shape: 'menu' };
  if (SALES.has(path)) return { shape: 'sales' };
  if (path === SYLLABUS) return { shape: 'syllabus' };
  // The first coaching session says what it is waiting for (until the session, and with it access, is known).
  if (path === `${ACTIVITY_PREFIX}${FIRST_COACHING_SESSION_ACTIVITY}`) return { shape: 'activity', label: CHECKING_ACCESS, showLabel: true };
  if (path.startsWith(ACTIVITY_PREFIX) || TOOLS.has(path)) return { shape: 'activity' };
  if (path === '/coach') return { shape: 'table' };
  return { shape: 'generic' };
}
