// Where to go after signing in, and how to ask for a sign-in that comes back. Pure: no React, no router.
import { redirectParam, safeRedirectPath } from '../../../course/redirect';

export { redirectParam, safeRedirectPath };

/** The path a guard stored in location.state.from: a string, or a location-like object. */
function pathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from === 'string') return from;
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return from.pathname + search + hash;
  }
  return null;
}

/** After login: the `redirect` query if it is ours, else the page the user came from, else /menu. */
export function postLoginPath(search: URLSearchParams, state: unknown): string {
  return safeRedirectPath(search.get('redirect')) ?? safeRedirectPath(pathFromState(state)) ?? '/menu';
}

/** `/login` (or another account page) that brings the user back to `redirect` afterwards. */
export function withRedirect(page: '/login' | '/signup', redirect: string | null | undefined): string {
  const safe = safeRedirectPath(redirect);
  return safe ? `${page}?${redirectParam(safe)}` : page;
}
