// Serves the built SPA (when given one): pre-compressed, hashed assets cached for a year, index.html for
// every client route; unknown /api paths get the JSON envelope.
//
// The shell of each address names the chunks and stylesheets of the page it shows (<link rel="modulepreload">,
// <link rel="stylesheet">), from the build's manifest and route map (client/vite.config.ts): the browser fetches
// the page together with the entry instead of after the entry has run (issue 11, Lighthouse). One HTML per
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
type RouteModules = { path: string; modules: string[] };

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

/** How well a route pattern fits: static segments beat parameters, which beat a splat (React Router's ranking). */
function matchScore(pattern: string, pathname: string): number | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    // A splat needs something to match: '/' itself is the index route (a redirect to /menu), not the 404 page.
    if (segment === '*') return i < have.length ? score + 1 : null;
    if (i >= have.length) return null;
    if (segment.startsWith(':')) score += 10;
    else if (segment === have[i]) score += 100;
    else return null;
  }
  return want.length === have.length ? score + 1000 : null;
}

/** The build's shells: the plain index.html, and per route pattern one with its page's preloads. */
function loadShells(root: string) {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = makeShells(indexHtml);
  const cache = new Map<string, Shells>();
  let manifest: Manifest;
  let routes: RouteModules[];
  try {
    manifest = JSON.parse(readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Manifest;
    routes = JSON.parse(readFileSync(path.join(root, '.vite/routes.json'), 'utf8')) as RouteModules[];
  } catch {
    // A build without the route map (or a test's stand-in): every address gets index.html as it is.
    return { shellFor: () => plain };
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
    if (links.length === 0) return plain;
    return makeShells(indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  };

  return {
    shellFor(pathname: string): Shells {
      let best: RouteModules | undefined;
      let bestScore = -1;
      for (const route of routes) {
        const score = matchScore(route.path, pathname);
        if (score !== null && score > bestScore) [best, bestScore] = [route, score];
      }
      if (!best) return plain;
      let shell = cache.get(best.path);
      if (!shell) cache.set(best.path, (shell = build(best)));
      return shell;
    },
  };
}

type ClientOptions = {
  root?: string;
  /** Whether the request carries a well-formed session cookie (live or expired: only the API can tell). */
  hasSessionCookie: (request: FastifyRequest) => boolean;
};

export default fp(
  async function client(app: FastifyInstance, { root, hasSessionCookie }: ClientOptions) {
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
        cacheControl: false,
        setHeaders(reply, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // The shells are read again when index.html changes (a rebuild while the server runs).
    let shells: { version: number; shellFor: (pathname: string) => Shells } | null = null;
    const shellFor = (pathname: string) => {
      const version = statSync(path.join(root!, 'index.html')).mtimeMs;
      if (shells?.version !== version) shells = { version, ...loadShells(root!) };
      return shells.shellFor(pathname);
    };

    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      let pathname = request.url.split('?')[0]!;
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        // a malformed escape: matched as it is (the SPA shows its 404 page)
      }
      const forms = shellFor(pathname);
      const shell = hasSessionCookie(request) ? forms.withSession : forms.guest;
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').header('etag', shell.etag).type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(shell.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(shell.gzip);
      return reply.send(shell.html);
    };
    // The root is a directory to the static handler (which refuses listing it): the SPA answers it.
    if (hasBuild) app.get('/', { schema: { hide: true } }, sendShell);
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const isAsset = request.url.startsWith('/assets/');
      if (isApi || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ success: false, message: MESSAGES.notFound, data: null });
      }
      // Any other path is a route of the SPA; the client router shows its 404 page when unknown.
      return sendShell(request, reply);
    });
  },
  { name: 'client' },
);
