// Vite config for the SPA. Run from the repo root: `vite --config client/vite.config.ts`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { afterBundle } from './after-bundle';
import { pwa } from './pwa/build';
import { addressModules } from './src/app/route-manifest';
import { KNOWN_PARAMS } from './src/app/route-params';
import { skeletonFor } from './src/app/route-skeleton';
import { skeletonMarkup } from './src/components/Skeleton/shapes';

const root = fileURLToPath(new URL('.', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing ahead of time; below ~1 KB the headers outweigh the saving. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite/ holds the build manifest, read by tests and tools, never served.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const { size } = await stat(file);
  if (size < MIN_BYTES) return;
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < size) await writeFile(`${file}.br`, br);
  if (gz.length < size) await writeFile(`${file}.gz`, gz);
}

/**
 * After the bundle is written, puts `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to every
 * text asset of the build (public/ files included), so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request. The same input gives the same bytes (gzip writes
 * no timestamp here), so rebuilding changes nothing. A variant that would not be smaller is not written.
 */
const precompress = () =>
  afterBundle('manifiesta:precompress', async ({ outDir }) => {
    const files: string[] = [];
    for await (const file of filesUnder(outDir)) files.push(file);
    // A few at a time: zlib works on libuv's thread pool, one file per thread.
    const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
      for (let file = files.pop(); file !== undefined; file = files.pop()) await compressFile(file);
    });
    await Promise.all(workers);
  });

/**
 * Writes dist/client/.vite/routes.json: for every address of the route manifest (src/app/route-manifest.ts, the one
 * place routes are declared), the manifest keys of the page modules it loads. The server names their chunks and
 * stylesheets in that address's HTML (server/plugins/client.ts), so the page downloads with the entry instead of
 * after it. The build fails when a page module has no chunk. An address with parameters also lists the values that
 * are pages (src/app/route-params.ts): the server answers others with 404. Each address also carries the HTML of
 * its skeleton (src/app/route-skeleton.ts), which the server puts in the address's first HTML so the page's shape
 * shows before any script runs.
 */
const routePreloads = () =>
  afterBundle('manifiesta:route-preloads', async ({ outDir }) => {
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, unknown>;
    const keyOf = (module: string) => {
      const key = [`src/${module}.tsx`, `src/${module}.ts`].find((candidate) => candidate in manifest);
      if (!key) throw new Error(`route-preloads: '${module}' (src/app/route-manifest.ts) has no chunk in the build manifest`);
      return key;
    };
    const routes = addressModules().map(({ path: pattern, modules }) => {
      const { shape, ...options } = skeletonFor(pattern);
      return {
        path: pattern,
        modules: modules.map(keyOf),
        ...(KNOWN_PARAMS[pattern] ? { params: KNOWN_PARAMS[pattern] } : {}),
        skeleton: skeletonMarkup(shape, options),
      };
    });
    await writeFile(path.join(outDir, '.vite/routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  });

/**
 * Names every font file of the build in index.html (`<link rel="preload" as="font">`), so that the two families
 * of styles/fonts.css download with the entry, not once the page's first text asks for them: the text is usually
 * drawn once, in its own letters, instead of in the fallback first. At low priority: the scripts that draw the
 * page come first (measured with Lighthouse's phone: at the default high priority the fonts delayed the LCP).
 */
function fontPreloads(): Plugin {
  return {
    name: 'manifiesta:font-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.values(bundle ?? {}).filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2'));
        if (fonts.length === 0) throw new Error('font-preloads: the build has no .woff2 file (styles/fonts.css)');
        return fonts.map((font) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font.fileName}`, crossorigin: '', fetchpriority: 'low' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** index.html's placeholder between <!--skeleton--> markers becomes the menu's skeleton ('/' goes to /menu). */
function bootSkeleton(): Plugin {
  return {
    name: 'manifiesta:boot-skeleton',
    transformIndexHtml: (html) => html.replace(/<!--skeleton-->[\s\S]*?<!--\/skeleton-->/, () => `<!--skeleton-->${skeletonMarkup('menu')}<!--/skeleton-->`),
  };
}

export default defineConfig({
  root,
  base: '/',
  // One .env at the repository root serves server and client; only VITE_* reaches the bundle.
  envDir: '..',
  // Order matters: the boot skeleton and the fonts named in the HTML, the route map, then the offline files
  // built from both, then everything compressed.
  plugins: [react(), bootSkeleton(), fontPreloads(), routePreloads(), pwa(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which source modules each chunk holds (tests/e2e/bundle.spec.ts).
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, named for what they are: cached across deploys of the app's code,
        // and recognisable in the manifest (the bundle budget test checks that no 'd3' reaches /menu).
        //
        // Left to itself, the bundler makes a chunk of every set of modules shared by a different set of pages:
        // /cursos/manifiesta needed 23 scripts, several under 1 KB (TanStack Query alone came in seven). Over
        // HTTP/1.1 each costs a request, and Lighthouse's phone waits a round trip for every six. So the query
        // library is one chunk (not its provider's context, which the shell needs and which would drag the whole
        // library into /menu), the course rules and catalogue one, the shell's small API and account helpers one,
        // the forms' small shared pieces one and the activity bodies' one.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'd3', test: /node_modules[\\/](d3|d3-[a-z-]+|internmap|delaunator|robust-predicates)[\\/]/ },
            {
              name: 'query',
              test: (id) => /node_modules[\\/]@tanstack[\\/]/.test(id) && !/QueryClientProvider/.test(id),
              includeDependenciesRecursively: false,
            },
            // The course's rules, catalogue and addresses.
            { name: 'course', test: /[\\/]course[\\/](rules|syllabus|products)\.ts$|client[\\/]src[\\/]lib[\\/]course-paths\.ts$/ },
            // The small pieces that forms share (a field and the forms' stylesheet, the words for a failed call, the
            // contact rules), and what every activity's body shares (its store, its end): one chunk each for the pages
            // that use them, not one request a module.
            {
              name: 'forms',
              test: /client[\\/]src[\\/](components[\\/]Field[\\/]|styles[\\/]forms\.module\.css|api[\\/]error-text\.ts)|course[\\/]contact\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'activity',
              test: /client[\\/]src[\\/](components[\\/]CompleteActivity|lib[\\/]activity)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shell',
              test: /client[\\/]src[\\/](api[\\/](errors|cache-buster|light-client|session-gate)|lib[\\/]redirect|features[\\/]accounts[\\/]api[\\/]accounts-queries)\.ts$|course[\\/]redirect\.ts$|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000' },
      // The media library's files, served by the API process by their hash.
      '/media': { target: process.env.API_URL ?? 'http://localhost:3000' },
    },
  },
});
