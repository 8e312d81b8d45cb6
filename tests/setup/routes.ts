// The routes an app really serves, read from Fastify's route tree (documented or hidden from the API docs), and
// the other spellings of their paths that hostile clients try.
import http from 'node:http';
import type { App } from '../../server/app';

/**
 * Every method × path under /api (the API docs' own pages aside) from Fastify's route tree, which knows
 * every route, documented or not. Lines look like `│   ├── api/leads/add (POST)`, four columns a level.
 */
export function servedApiRoutes(app: Pick<App, 'printRoutes'>): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/\/+/g, '/');
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

/**
 * Other spellings of a URL's path (its query kept): percent-escapes of plain letters, an escaped slash, doubled
 * slashes, a trailing slash or dot, dot segments, letter case, a semicolon. A router or a proxy may read some
 * of them as the path itself: whatever guards the path must then see them as that path, and every other
 * spelling must be an unknown address (404). Sent with `sendRaw`, they reach the server exactly as written.
 */
export function pathSpellings(url: string): Array<{ name: string; url: string }> {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const join = (parts: string[], sep = '/') => `/${parts.join(sep)}`;
  const spellings: Array<[string, string]> = [
    ['first letter escaped (%61)', `/${hex(segments[0]![0]!)}${path.slice(2)}`],
    ['first letter escaped in capitals (%41)', `/${hex(segments[0]![0]!.toUpperCase())}${path.slice(2)}`],
    ['first segment escaped', join([[...segments[0]!].map(hex).join(''), ...segments.slice(1)])],
    ['last segment’s first letter escaped', join([...segments.slice(0, last), `${hex(segments[last]![0]!)}${segments[last]!.slice(1)}`])],
    ['slashes escaped (%2F)', `/${segments.join('%2F')}`],
    ['a slash escaped in lower case (%2f)', `/${segments[0]}%2f${segments.slice(1).join('/')}`],
    ['double slashes', `//${segments.join('//')}`],
    ['a double slash inside', join([segments[0]!, '', ...segments.slice(1)])],
    ['a trailing slash', `${path}/`],
    ['a trailing dot', `${path}.`],
    ['a dot after the first segment', join([`${segments[0]}.`, ...segments.slice(1)])],
    ['a trailing dot segment', `${path}/.`],
    ['a dot segment inside', join([segments[0]!, '.', ...segments.slice(1)])],
    ['an escaped dot segment inside', join([segments[0]!, '%2e', ...segments.slice(1)])],
    ['a parent segment', join(['x', '..', ...segments])],
    ['an escaped parent segment', join(['x', '%2e%2e', ...segments])],
    ['a backslash for a slash', `/${segments[0]}\\${segments.slice(1).join('/')}`],
    ['upper case', path.toUpperCase()],
    ['capitalised first segment', join([segments[0]![0]!.toUpperCase() + segments[0]!.slice(1), ...segments.slice(1)])],
    ['last segment in capitals', join([...segments.slice(0, last), segments[last]!.toUpperCase()])],
    ['a semicolon parameter', `${path};x=1`],
  ];
  return spellings.map(([name, spelled]) => ({ name, url: spelled + query }));
}

/**
 * Sends a request over a real socket with its path exactly as written: `inject` (and `fetch`) resolve dot
 * segments and backslashes as a browser would, which a hostile client need not do.
 */
export function sendRaw(
  address: { host: string; port: number },
  { method, url, headers = {}, body }: { method: string; url: string; headers?: Record<string, string>; body?: string },
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { ...address, method, path: url, headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
