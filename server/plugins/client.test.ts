import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { loadConfig } from '../config';
import { composeRuntime } from '../runtime';
import { sendRaw } from '../../tests/setup/routes';

// The HTTP layer only: no request here reaches the database, so the pool never connects.
const SHELL = `<!doctype html><title>Manifiesta</title>${'<!-- relleno -->'.repeat(100)}`;
const SCRIPT = `console.log(1);${' '.repeat(4000)}`;
let dir: string;
let app: App;
const UNUSED = 'postgres://unused@127.0.0.1:1/unused';
const pool = new pg.Pool({ connectionString: UNUSED });
/** The app as the server builds it, with no job queue (nothing here reaches one). */
const runtime = await composeRuntime({
  config: { ...loadConfig({}), LOG_LEVEL: 'silent' },
  database: { pool, url: UNUSED },
  log: pino({ level: 'silent' }),
  jobs: false,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), SHELL);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(SHELL));
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  // As the build writes them: compressed siblings of every text asset.
  await writeFile(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
  app = await runtime.buildApp({ clientDir: dir });
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await rm(dir, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers / and every client route with the shell, never cached', async () => {
    // This stand-in build has no route map: any address that is not a file may be a page.
    for (const url of ['/', '/menu', '/cursos/manifiesta/12-areas-balance']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Manifiesta</title>');
    }
  });

  it('serves hashed assets for a year, other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file added after start (a rebuild while running)', async () => {
    await writeFile(path.join(dir, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('a missing asset or API path is a 404, not the shell', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<title>Manifiesta</title>');
    const download = await app.inject({ method: 'GET', url: '/downloads/nada.pdf', headers: { accept: '*/*' } });
    expect(download.statusCode).toBe(404);
    expect(download.headers['content-type']).toMatch(/text\/plain/);
    const api = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Ruta no encontrada.', data: null });
  });
});

describe('compression and security headers', () => {
  it('sends a hashed asset brotli- or gzip-compressed to browsers that accept it, the same bytes once decoded', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the shell compressed on every client route', async () => {
    const res = await app.inject({ method: 'GET', url: '/menu', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
  });

  it('the shell forbids inline script and framing by other sites, and sends no HSTS over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/menu' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers carry the same headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('over HTTPS: HSTS for a year and upgrade-insecure-requests', async () => {
    const https = await runtime.buildApp({ config: { ...loadConfig({ PUBLIC_URL: 'https://manifiesta.example' }), LOG_LEVEL: 'silent' }, clientDir: dir });
    try {
      const res = await https.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('the API docs keep working under their own policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
  });
});

describe("each address's shell names its page's chunks (no waterfall: entry → page chunk)", () => {
  const INDEX = [
    '<!doctype html><html><head><title>Manifiesta</title>',
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
    '</head><body><div id="root"><!--skeleton--><div class="sk sk-generic">…</div><!--/skeleton--></div></body></html>',
  ].join('\n');
  // As Vite writes it (keys relative to client/), plus the route map of client/vite.config.ts.
  const MANIFEST = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'], css: ['assets/index-c1.css'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    'src/features/marketing/pages/ReprogramaPage.tsx': {
      file: 'assets/ReprogramaPage-p1.js',
      isDynamicEntry: true,
      imports: ['_sales-s1.js', '_react-r1.js'],
    },
    '_sales-s1.js': { file: 'assets/sales-s1.js', imports: ['_react-r1.js'], css: ['assets/sales-c2.css'] },
    'src/app/query-scope.tsx': { file: 'assets/query-scope-q1.js', isDynamicEntry: true, imports: ['_react-r1.js'] },
    'src/app/routes/ActivityRoute.tsx': { file: 'assets/ActivityRoute-a1.js', isDynamicEntry: true },
    'src/features/not-found/pages/NotFoundPage.tsx': { file: 'assets/NotFoundPage-f1.js', isDynamicEntry: true },
    'src/app/routes/MenuRoute.tsx': { file: 'assets/MenuRoute-m1.js', isDynamicEntry: true, imports: ['_react-r1.js'] },
  };
  const ROUTES = [
    { path: '/menu', modules: ['src/app/routes/MenuRoute.tsx'] },
    {
      path: '/reprograma',
      modules: ['src/features/marketing/pages/ReprogramaPage.tsx', 'src/app/query-scope.tsx'],
      skeleton: '<div class="sk sk-sales"><p class="sr-only" role="status">Cargando...</p></div>',
    },
    {
      path: '/cursos/manifiesta/:activitySlug',
      modules: ['src/app/routes/ActivityRoute.tsx', 'src/app/query-scope.tsx'],
      params: [['12-areas-balance'], ['1-1']],
    },
    { path: '/coach/learners/:id', modules: ['src/app/routes/MenuRoute.tsx'] },
    { path: '/*', modules: ['src/features/not-found/pages/NotFoundPage.tsx'] },
  ];
  let buildDir: string;
  let built: App;

  const writeBuild = async (index: string, manifest: object) => {
    await mkdir(path.join(buildDir, '.vite'), { recursive: true });
    await writeFile(path.join(buildDir, 'index.html'), index);
    await writeFile(path.join(buildDir, '.vite/manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(buildDir, '.vite/routes.json'), JSON.stringify(ROUTES));
  };
  const links = (html: string) => [...html.matchAll(/<link rel="([a-z]+)" crossorigin href="([^"]+)">/g)].map(([, rel, href]) => `${rel} ${href}`);

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-client-routes-'));
    await writeBuild(INDEX, MANIFEST);
    built = await runtime.buildApp({ clientDir: buildDir });
  });
  afterAll(async () => {
    await built.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  it('/reprograma preloads its page, the chunks that page imports, its stylesheet and the query scope, once each', async () => {
    const res = await built.inject({ method: 'GET', url: '/reprograma?utm_source=instagram' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(links(res.body)).toEqual([
      // Vite's own, for the entry: not repeated below.
      'modulepreload /assets/react-r1.js',
      'stylesheet /assets/index-c1.css',
      'stylesheet /assets/sales-c2.css',
      'modulepreload /assets/ReprogramaPage-p1.js',
      'modulepreload /assets/sales-s1.js',
      'modulepreload /assets/query-scope-q1.js',
    ]);
    // Still the shell: the entry script, in <head>.
    expect(res.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-e1.js"><\/script>[\s\S]*<\/head>/);
    expect(res.body.indexOf('ReprogramaPage-p1.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('matches parameters and sends an unknown address the 404 page; / (a redirect to /menu) gets the plain shell', async () => {
    const activity = await built.inject({ method: 'GET', url: '/cursos/manifiesta/1-1' });
    expect(links(activity.body)).toContain('modulepreload /assets/ActivityRoute-a1.js');
    expect(links(activity.body)).not.toContain('modulepreload /assets/NotFoundPage-f1.js');
    // A browser's navigation (it asks for HTML): the 404 page's shell.
    const unknown = await built.inject({ method: 'GET', url: '/no-existe/para-nada', headers: { accept: 'text/html' } });
    expect(links(unknown.body)).toContain('modulepreload /assets/NotFoundPage-f1.js');
    const root = await built.inject({ method: 'GET', url: '/' });
    expect(root.body).toBe(INDEX.replace('<html>', '<html data-session="none">'));
    const menu = await built.inject({ method: 'GET', url: '/menu' });
    expect(links(menu.body)).toContain('modulepreload /assets/MenuRoute-m1.js');
  });

  describe('status codes: an address that is not a page is a 404', () => {
    const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const SCRIPT_REQUEST = { accept: '*/*' };

    it('a browser navigating to an unknown address gets 404 with the SPA, which shows its 404 page', async () => {
      for (const url of ['/no-existe', '/no-existe/para-nada', '/menu/de-mas', '/downloads/nada.pdf', '/assets/nope.js']) {
        const res = await built.inject({ method: 'GET', url, headers: NAVIGATION });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(links(res.body), url).toContain('modulepreload /assets/NotFoundPage-f1.js');
      }
    });

    it('a script, stylesheet, image or fetch of an unknown file gets a plain 404, not the HTML', async () => {
      for (const url of ['/assets/nope.js', '/downloads/nada.pdf', '/no-existe', '/favicon.ico']) {
        const res = await built.inject({ method: 'GET', url, headers: SCRIPT_REQUEST });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/text\/plain/);
        expect(res.body, url).not.toContain('<html');
      }
      const head = await built.inject({ method: 'HEAD', url: '/assets/nope.js' });
      expect(head.statusCode).toBe(404);
    });

    it('a value the route map does not list is a 404 with its page, which says so; a listed one is a 200', async () => {
      const missing = await built.inject({ method: 'GET', url: '/cursos/manifiesta/no-existe', headers: NAVIGATION });
      expect(missing.statusCode).toBe(404);
      expect(links(missing.body)).toContain('modulepreload /assets/ActivityRoute-a1.js');
      const listed = await built.inject({ method: 'GET', url: '/cursos/manifiesta/12-areas-balance', headers: NAVIGATION });
      expect(listed.statusCode).toBe(200);
      expect(links(listed.body)).toContain('modulepreload /assets/ActivityRoute-a1.js');
    });

    it('pages stay 200 whoever asks: any Accept, any letter case (the router ignores case), open parameters', async () => {
      for (const [url, headers] of [
        ['/reprograma', SCRIPT_REQUEST],
        ['/reprograma', {}],
        ['/MENU', NAVIGATION],
        ['/menu/', NAVIGATION],
        ['/coach/learners/6f1c2b9e-5a4d-4c3b-9e8f-1a2b3c4d5e6f', NAVIGATION],
        ['/', NAVIGATION],
      ] as const) {
        const res = await built.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
      }
    });

    it('build metadata, dotfiles and source maps are not served: each answers exactly as an unknown file does', async () => {
      // What a build may hold that is not for browsers, besides .vite/ (written by writeBuild).
      await mkdir(path.join(buildDir, '.well-known'), { recursive: true });
      await mkdir(path.join(buildDir, 'assets'), { recursive: true });
      await writeFile(path.join(buildDir, '.env'), 'SECRET=1');
      await writeFile(path.join(buildDir, '.well-known', 'nota.txt'), 'interna');
      await writeFile(path.join(buildDir, 'assets', '.DS_Store'), 'x');
      await writeFile(path.join(buildDir, 'assets', 'index-e1.js'), 'console.log(1);');
      await writeFile(path.join(buildDir, 'assets', 'index-e1.js.map'), '{"version":3}');
      await writeFile(path.join(buildDir, '.vite', 'manifest.json.br'), brotliCompressSync(JSON.stringify(MANIFEST)));
      // Each hidden file, and an address of the same shape that holds nothing.
      const pairs = [
        ['/.vite/manifest.json', '/vite/manifest.json'],
        ['/.vite/routes.json', '/vite/routes.json'],
        ['/%2evite/manifest.json', '/%2dvite/manifest.json'],
        ['/%2Evite/routes.json', '/%2Dvite/routes.json'],
        ['/.vite%2fmanifest.json', '/vite%2fmanifest.json'],
        ['/.vite/', '/vite/'],
        ['/.vite', '/vite'],
        ['/.env', '/env'],
        ['/.well-known/nota.txt', '/well-known/nota.txt'],
        ['/assets/.DS_Store', '/assets/DS_Store'],
        ['/assets/%2eDS_Store', '/assets/DS_Store'],
        ['/assets/index-e1.js.map', '/assets/index-e2.js.map'],
      ];
      const answer = (res: Awaited<ReturnType<App['inject']>>) => ({
        status: res.statusCode,
        type: res.headers['content-type'],
        cache: res.headers['cache-control'],
        body: res.body,
      });
      for (const [hidden, unknown] of pairs) {
        for (const headers of [NAVIGATION, SCRIPT_REQUEST, { ...SCRIPT_REQUEST, 'accept-encoding': 'br, gzip' }]) {
          const res = await built.inject({ method: 'GET', url: hidden!, headers });
          const what = `${hidden} (${JSON.stringify(headers)})`;
          expect(res.statusCode, what).toBe(404);
          expect(answer(res), what).toEqual(answer(await built.inject({ method: 'GET', url: unknown!, headers })));
          expect(res.body, what).not.toMatch(/isEntry|SECRET|interna|"version":3/);
        }
        expect((await built.inject({ method: 'HEAD', url: hidden! })).statusCode, `HEAD ${hidden}`).toBe(404);
      }
      // Spellings that only a client sending its path as written can make (inject resolves dot segments): the
      // file sender refuses a path that is not canonical (403) whatever it names, hidden or not there.
      await built.listen({ host: '127.0.0.1', port: 0 });
      const address = { host: '127.0.0.1', port: (built.server.address() as { port: number }).port };
      for (const [hidden, unknown] of [
        ['/assets/../.vite/manifest.json', '/assets/../vite/manifest.json'],
        ['/./.vite/routes.json', '/./vite/routes.json'],
        ['//.vite/manifest.json', '//vite/manifest.json'],
        ['/.vite//manifest.json', '/vite//manifest.json'],
        ['/assets/..%2f.vite/manifest.json', '/assets/..%2fvite/manifest.json'],
        ['/assets/%2e%2e/.vite/manifest.json', '/assets/%2e%2e/vite/manifest.json'],
        ['/.vite\\manifest.json', '/vite\\manifest.json'],
        ['/.vite/manifest.json.', '/vite/manifest.json.'],
      ]) {
        for (const headers of [NAVIGATION, SCRIPT_REQUEST]) {
          const res = await sendRaw(address, { method: 'GET', url: hidden!, headers });
          const other = await sendRaw(address, { method: 'GET', url: unknown!, headers });
          const what = `${hidden} (${headers.accept}) → ${res.statusCode}`;
          expect(res.statusCode, what).not.toBe(200);
          expect({ status: res.statusCode, type: res.headers['content-type'], body: res.body }, what).toEqual({
            status: other.statusCode,
            type: other.headers['content-type'],
            body: other.body,
          });
        }
      }

      // The files next to them are still served, and the server still reads the route map from disk.
      expect((await built.inject({ method: 'GET', url: '/assets/index-e1.js' })).statusCode).toBe(200);
      expect(links((await built.inject({ method: 'GET', url: '/reprograma' })).body)).toContain('modulepreload /assets/ReprogramaPage-p1.js');
    });

    it('the API keeps its JSON envelope for unknown paths', async () => {
      const res = await built.inject({ method: 'GET', url: '/api/no-existe', headers: NAVIGATION });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Ruta no encontrada.', data: null });
    });
  });

  it("puts the address's skeleton where the app will start, so the page's shape shows before any script runs", async () => {
    const res = await built.inject({ method: 'GET', url: '/reprograma' });
    expect(res.body).toContain(
      '<div id="root"><!--skeleton--><div class="sk sk-sales"><p class="sr-only" role="status">Cargando...</p></div><!--/skeleton--></div>',
    );
    expect(res.body).not.toContain('sk-generic');
    // An address whose route names no skeleton keeps the build's own.
    const menu = await built.inject({ method: 'GET', url: '/menu' });
    expect(menu.body).toContain('<div class="sk sk-generic">…</div>');
  });

  it('compresses each shell, revalidates it with its ETag, and answers HEAD', async () => {
    const br = await built.inject({ method: 'GET', url: '/reprograma', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const plain = await built.inject({ method: 'GET', url: '/reprograma', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await built.inject({ method: 'GET', url: '/reprograma', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await built.inject({ method: 'GET', url: '/reprograma', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page's shell is another document.
    const menu = await built.inject({ method: 'GET', url: '/menu', headers: { 'if-none-match': etag } });
    expect(menu.statusCode).toBe(200);

    const head = await built.inject({ method: 'HEAD', url: '/reprograma' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
  });

  it("marks the shell of a request without a session cookie as a guest's; with one, the client asks the API", async () => {
    const guest = await built.inject({ method: 'GET', url: '/reprograma' });
    expect(guest.body).toContain('<html data-session="none">');
    // A malformed cookie is no session either (the API would answer 401).
    const malformed = await built.inject({ method: 'GET', url: '/reprograma', cookies: { mf_session: 'corto' } });
    expect(malformed.body).toBe(guest.body);

    const withCookie = await built.inject({ method: 'GET', url: '/reprograma', cookies: { mf_session: 'a'.repeat(43) } });
    expect(withCookie.body).not.toContain('data-session');
    expect(links(withCookie.body)).toEqual(links(guest.body));
    expect(withCookie.headers.vary).toMatch(/cookie/i);
    // Two documents: one form's ETag never revalidates the other.
    expect(withCookie.headers.etag).not.toBe(guest.headers.etag);
    const revalidated = await built.inject({
      method: 'GET',
      url: '/reprograma',
      cookies: { mf_session: 'a'.repeat(43) },
      headers: { 'if-none-match': guest.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toBe(withCookie.body);
  });

  it('a rebuild while the server runs is served at once, with the new chunks', async () => {
    const manifest = structuredClone(MANIFEST) as typeof MANIFEST;
    manifest['src/features/marketing/pages/ReprogramaPage.tsx'].file = 'assets/ReprogramaPage-p2.js';
    // A later modification time than the first build, as a rebuild gives.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeBuild(INDEX.replace('index-e1.js', 'index-e2.js'), manifest);
    const res = await built.inject({ method: 'GET', url: '/reprograma' });
    expect(res.body).toContain('/assets/index-e2.js');
    expect(links(res.body)).toContain('modulepreload /assets/ReprogramaPage-p2.js');
    expect(links(res.body)).not.toContain('modulepreload /assets/ReprogramaPage-p1.js');
  });
});
