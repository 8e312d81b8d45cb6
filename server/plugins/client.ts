// Serves the built SPA (when given one): pre-compressed, hashed assets cached for a year, index.html for
// every client route; unknown /api paths get the JSON envelope.
//
// An address that is no page of the router (nor a file of the build) answers 404: a browser navigating there
// gets the SPA, which shows its 404 page; anything else (a script, an image, a fetch) a plain 404. The route map
// says which addresses are pages, and for those with parameters which values (an activity of the course): another
// value gets 404 with that page, which shows its own "not found". Values only the database knows (a published
// letter) are asked of the server's own check for that address (`pagesWithValues`).
//
// The shell of each address names the chunks and stylesheets of the page it shows (<link rel="modulepreload">,
// <link rel="stylesheet">), from the build's manifest and route map (client/vite.config.ts): the browser fetches
// the page together with the entry instead of after the entry has run (no request waterfall, which Lighthouse
// counts against the first paint). One HTML per
// route pattern, built and compressed once per build.
//
// Each shell comes in two forms: a request without a session cookie cannot belong to anyone signed in, and its
// shell says so (<html data-session="none">); the client then treats the visitor as a guest at once instead of
// asking GET /api/auth/verifyToken and waiting for its 401 before the first page (a round trip on every
// first visit). With a cookie the client asks, as before: the cookie may have expired.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../http';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
/**
 * One address of the router (dist/client/.vite/routes.json): its page modules; `params`, when given, the values
 * that are pages; `skeleton`, the HTML of the page's placeholder until the app starts.
 */
type RouteModules = { path: string; modules: string[]; params?: string[][]; skeleton?: string };

/** Where index.html holds the placeholder shown until the app starts. */
const SKELETON_SLOT = /<!--skeleton-->[\s\S]*?<!--\/skeleton-->/;

/** A shell ready to send: the HTML and its compressed forms. */
type Shell = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };
/** The shell of an address for a request that may carry a session, and for one that carries none. */
type Shells = { withSession: Shell; guest: Shell };

function compress(html: string): Shell {
  const body = Buffer.from(html);
  return {
    html: body,
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

function makeShells(html: string): Shells {
  return { withSession: compress(html), guest: compress(html.replace(/<html\b/i, '<html data-session="none"')) };
}

/** The splat route: the SPA's 404 page. */
const NOT_FOUND_ROUTE = '/*';

/** A last segment with an extension ('nada.pdf', 'nope.js'): a file, never a page of the router. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]{1,8}$/i.test(pathname.split('/').at(-1) ?? '');

/**
 * How well a route pattern fits, and the parameters it takes: static segments beat parameters, which beat a
 * splat (React Router's ranking). Static segments match in any letter case, as React Router matches them.
 */
function matchPattern(pattern: string, pathname: string): { score: number; params: string[] } | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: string[] = [];
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    // A splat needs something to match: '/' itself is the index route (a redirect to /menu), not the 404 page.
    if (segment === '*') return i < have.length ? { score: score + 1, params } : null;
    if (i >= have.length) return null;
    if (segment.startsWith(':')) {
      score += 10;
      params.push(have[i]!);
    } else if (segment.toLowerCase() === have[i]!.toLowerCase()) score += 100;
    else return null;
  }
  return want.length === have.length ? { score: score + 1000, params } : null;
}

/**
 * The route that shows `pathname`, its parameters, and whether it is a page there (not the 404 page, not an
 * unknown value).
 */
function matchRoute(routes: RouteModules[], pathname: string): { route: RouteModules; params: string[]; found: boolean } | undefined {
  let best: { route: RouteModules; params: string[]; score: number } | undefined;
  for (const route of routes) {
    const match = matchPattern(route.path, pathname);
    if (match && match.score > (best?.score ?? -1)) best = { route, ...match };
  }
  if (!best) return undefined;
  const { route, params } = best;
  const knownValue = !route.params || route.params.some((values) => values.every((value, i) => value === params[i]));
  return { route, params, found: route.path !== NOT_FOUND_ROUTE && knownValue && !looksLikeFile(pathname) };
}

/**
 * What answers an address: its shell, whether it is a page of the site (else the answer is a 404), and for an
 * address with parameters its pattern and values.
 */
type Resolved = { shells: Shells; found: boolean; pattern?: string; params?: string[] };

/** The build's shells: the plain index.html, and per route pattern one with its page's preloads. */
function loadShells(root: string): { resolve: (pathname: string) => Resolved } {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = makeShells(indexHtml);
  const cache = new Map<string, Shells>();
  let manifest: Manifest;
  let routes: RouteModules[];
  try {
    manifest = JSON.parse(readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Manifest;
    routes = JSON.parse(readFileSync(path.join(root, '.vite/routes.json'), 'utf8')) as RouteModules[];
  } catch {
    // A build without the route map (or a test's stand-in): every address gets index.html as it is, and only
    // a file is known not to be a page.
    return { resolve: (pathname) => ({ shells: plain, found: !looksLikeFile(pathname) }) };
  }

  const graph = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) graph(imported, seen);
    return seen;
  };
  // What index.html already loads (the entry and its static imports), named there by Vite.
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) graph(key, inEntry);
  const entryCss = new Set([...inEntry].flatMap((key) => manifest[key]!.css ?? []));

  const build = (route: RouteModules): Shells => {
    const chunks = new Set<string>();
    for (const module of route.modules) graph(module, chunks);
    const scripts = [...chunks].filter((key) => !inEntry.has(key)).map((key) => manifest[key]!.file);
    const styles = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !entryCss.has(file));
    const links = [
      ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    let html = indexHtml;
    if (links.length > 0) html = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    if (route.skeleton) html = html.replace(SKELETON_SLOT, () => `<!--skeleton-->${route.skeleton}<!--/skeleton-->`);
    return html === indexHtml ? plain : makeShells(html);
  };

  return {
    resolve(pathname: string): Resolved {
      const match = matchRoute(routes, pathname);
      // Only '/' matches nothing: the index route, a redirect to /menu.
      if (!match) return { shells: plain, found: true };
      let shells = cache.get(match.route.path);
      if (!shells) cache.set(match.route.path, (shells = build(match.route)));
      return { shells, found: match.found, pattern: match.route.path, params: match.params };
    },
  };
}

const FILE_NOT_FOUND = 'Archivo no encontrado.';

/**
 * Whether a file of the build is for browsers. Not: anything under a dot-folder or named with a leading dot, at
 * any depth (.vite/ holds the manifest and the route map, which this server reads from disk), nor a source map.
 * Those answer as an unknown address does.
 */
export function isServedFile(pathname: string): boolean {
  const segments = pathname.split('/');
  return !segments.some((segment) => segment.startsWith('.')) && !segments.at(-1)!.endsWith('.map');
}

/** The path of a request as the router reads it: percent-escapes decoded (`/%61pi/x` is `/api/x`). */
function pathOf(request: FastifyRequest): string {
  const pathname = request.url.split('?')[0]!;
  try {
    return decodeURIComponent(pathname);
  } catch {
    // a malformed escape: matched as it is (no page has one: the 404 page)
    return pathname;
  }
}

/** A browser's navigation asks for HTML by name; scripts, images and fetch() ask for their own types or '*\/*'. */
const acceptsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(String(request.headers.accept ?? ''));

/** For an address whose values only the server can judge: whether these values show something. */
export type PageCheck = (params: string[]) => Promise<boolean>;

type ClientOptions = {
  root?: string;
  /** Per route pattern ('/newsletter/:campaign/:slug'), the check of its values; an unknown value answers 404. */
  pagesWithValues?: Readonly<Record<string, PageCheck>>;
  /** Whether the request carries a well-formed session cookie (live or expired: only the API can tell). */
  hasSessionCookie: (request: FastifyRequest) => boolean;
};

export default fp(
  async function client(app: FastifyInstance, { root, hasSessionCookie, pagesWithValues = {} }: ClientOptions) {
    const hasBuild = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        // Files are looked up per request, so a rebuild while the server runs is served at once.
        wildcard: true,
        index: false,
        // The build writes .br and .gz next to every text asset (client/vite.config.ts): sent to
        // browsers that accept them, with Vary: Accept-Encoding; no compression work per request.
        preCompressed: true,
        // Dotfiles are refused by the file sender itself, whatever the spelling of the path; the rest of what is
        // not for browsers by allowedPath. Both answer through the not-found handler below.
        dotfiles: 'ignore',
        allowedPath: (pathname) => isServedFile(pathname),
        cacheControl: false,
        setHeaders(reply, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // The shells are read again when index.html changes (a rebuild while the server runs).
    let shells: { version: number; resolve: (pathname: string) => Resolved } | null = null;
    const resolve = async (request: FastifyRequest): Promise<Resolved> => {
      const pathname = pathOf(request);
      const version = statSync(path.join(root!, 'index.html')).mtimeMs;
      if (shells?.version !== version) shells = { version, ...loadShells(root!) };
      const resolved = shells.resolve(pathname);
      const check = resolved.found && resolved.pattern ? pagesWithValues[resolved.pattern] : undefined;
      return check ? { ...resolved, found: await check(resolved.params ?? []) } : resolved;
    };

    /** The SPA's HTML for this address; with 404 when the address is no page (the SPA then says so). */
    const sendShell = (request: FastifyRequest, reply: FastifyReply, { shells: forms, found }: Resolved) => {
      const shell = hasSessionCookie(request) ? forms.withSession : forms.guest;
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
      if (!found) reply.status(404);
      else {
        reply.header('etag', shell.etag);
        if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
      }
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(shell.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(shell.gzip);
      return reply.send(shell.html);
    };

    // The root is a directory to the static handler (which refuses listing it): the SPA answers it.
    if (hasBuild) app.get('/', { schema: { hide: true } }, async (request, reply) => sendShell(request, reply, await resolve(request)));

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = pathOf(request);
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).header('cache-control', 'no-store').send({ success: false, message: MESSAGES.notFound, data: null });
      }
      const resolved = await resolve(request);
      // A page, or a person's browser asking for a page: the SPA (a 404 one shows the 404 page).
      if (resolved.found || acceptsHtml(request)) return sendShell(request, reply, resolved);
      // A script, stylesheet, image or fetch of something that is not there.
      return reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(FILE_NOT_FOUND);
    });
  },
  { name: 'client' },
);
