// Where to go after signing in, and how to ask for a sign-in that comes back. Pure: no React, no router.

const AUTH_PAGES = ['/login', '/signup', '/verify-email'];

/**
 * A path on this site: starts with one '/', not '//' or '/\' (both read as another host by browsers), and is
 * not an account page (sending a signed-in user back to /login would show the form to someone signed in).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from URLs: '/\t/evil.com' would otherwise become '//evil.com'.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (AUTH_PAGES.includes(pathname.replace(/\/+$/, ''))) return null;
  return value;
}

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

/** Keeps '/' readable in the query (`/login?redirect=/cursos/manifiesta`); everything else is encoded. */
function encodePath(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** `/login` (or another account page) that brings the user back to `redirect` afterwards. */
export function withRedirect(page: '/login' | '/signup', redirect: string | null | undefined): string {
  const safe = safeRedirectPath(redirect);
  return safe ? `${page}?redirect=${encodePath(safe)}` : page;
}
