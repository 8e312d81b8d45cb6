// Where a person may be sent back to after signing up or in: one rule for the browser (the account pages) and
// the server (the link of the verification mail), so neither can be talked into sending someone to another site.

/** Longer than any address of this site with its query; a longer value is not one of ours. */
export const MAX_REDIRECT_LENGTH = 512;

/** Account pages: sending someone back to a form they just left (or to a spent link) helps nobody. */
const ACCOUNT_PAGES = ['/login', '/signup', '/verify-email'];

/** How many times a value is decoded while looking for a hidden '//', '\' or control character. */
const DECODE_ROUNDS = 3;

/**
 * One form of the value is a plain path: one leading '/', never '//' (another host to a browser), no backslash
 * (browsers read '\' as '/'), no control, format or space characters (browsers drop tabs and newlines, which
 * turns '/\t/evil.com' into '//evil.com'; invisible characters disguise a path), no '.' or '..' segment.
 */
function isPlainPath(form: string): boolean {
  if (!form.startsWith('/') || form.startsWith('//')) return false;
  if (form.includes('\\')) return false;
  if (/[\p{C}\p{Z}]/u.test(form)) return false;
  const pathname = form.split(/[?#]/, 1)[0]!;
  return !pathname.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * `value` when it is a path of this site that is not an account page, else null. The value is the decoded
 * address (what `URLSearchParams.get` gives); it is decoded again a few times and every form must still be a
 * plain path, so no percent-escape ('%2F%2F', '%5C', '%09', '%2e%2e', or the same escaped twice) can turn into
 * another host in a decoder further on. A malformed escape is refused.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  let form = value;
  for (let round = 0; round <= DECODE_ROUNDS; round += 1) {
    if (!isPlainPath(form)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) break;
    // Still changing after every round: nested escapes meant to outlast our decoding.
    if (round === DECODE_ROUNDS) return null;
    form = decoded;
  }
  const pathname = value.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return ACCOUNT_PAGES.includes(pathname) ? null : value;
}

/** `redirect=<path>` for a query string, '/' kept readable (`/login?redirect=/cursos/manifiesta`). */
export function redirectParam(path: string): string {
  return `redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
