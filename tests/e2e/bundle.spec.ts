// Bundle budget: a visitor's first page, /menu, loads under 100 KB of gzipped JavaScript, and neither
// d3 nor the activities' code (activities, meditation, the coach's desk) is part of it or of the entry chunk's
// static imports. Measured in Chromium against the build `npm start` serves (dist/client), with the bodies
// compressed here (gzip level 9) so that the figure does not depend on how the server compresses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const BUDGET_BYTES = 100 * 1024;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

/** Vite's build manifest: one entry per chunk, keyed by its source module (or `_<file>` for a shared chunk). */
type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Source folders (relative to client/) whose code must never reach the first page. */
const HEAVY_SOURCES = [/^src\/features\/activities\//, /^src\/features\/meditation\//, /^src\/features\/coach\//, /^src\/app\/routes\/ActivityRoute\.tsx$/];
const isHeavyEntry = (key: string) => HEAVY_SOURCES.some((pattern) => pattern.test(key));
/** d3 has a chunk of its own (client/vite.config.ts), named 'd3'; a d3 module as a chunk's source counts too. */
const isD3 = (key: string, chunk: ManifestChunk) => chunk.name === 'd3' || /node_modules\/d3(-[a-z-]+)?\//.test(chunk.src ?? key);

/** The build's chunks, read when a test runs (the e2e setup builds dist/client with `npm start`). */
function readBuild() {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

  /** The keys of `key` and of every chunk it imports statically, transitively. */
  const staticGraph = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) staticGraph(imported, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const roots = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || manifest[key]!.isDynamicEntry);

  /** For every chunk: the entry and the lazily loaded modules whose code pulls it in. */
  const reachedFrom = new Map<string, string[]>();
  for (const root of roots) {
    for (const key of staticGraph(root)) reachedFrom.set(key, [...(reachedFrom.get(key) ?? []), root]);
  }

  /**
   * Why a chunk is heavy, or null: it is d3, or it is (or serves only) activity, meditation or coach code. The
   * bundler groups modules by the entries that reach them, so a chunk that only heavy entries reach holds only
   * their code.
   */
  const heaviness = (key: string): string | null => {
    const chunk = manifest[key]!;
    if (isD3(key, chunk)) return 'd3';
    if (isHeavyEntry(key)) return `activity code (${key})`;
    const from = reachedFrom.get(key) ?? [];
    if (from.length > 0 && from.every(isHeavyEntry)) return `code only ${from.join(', ')} use`;
    return null;
  };

  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  return { manifest, staticGraph, entryKey, roots, heaviness, keyOfFile };
}

/** Every JavaScript file the page requests while `visit` runs, with its body. */
async function javascriptOf(page: Page, visit: () => Promise<void>) {
  const scripts: { file: string; body: Buffer }[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') && response.request().resourceType() !== 'script') return;
    reading.push(response.body().then((body) => void scripts.push({ file: url.pathname.slice(1), body })));
  });
  await visit();
  await Promise.all(reading);
  return scripts;
}

test.describe('bundle budget of /menu', () => {
  test('the build manifest knows the entry, d3 and the activity pages', () => {
    const { manifest, entryKey, roots } = readBuild();
    // Guards the checks below against passing vacuously (e.g. a renamed chunk or folder).
    expect(entryKey).toBeDefined();
    expect(Object.entries(manifest).some(([key, chunk]) => isD3(key, chunk))).toBe(true);
    expect(roots.filter(isHeavyEntry).length).toBeGreaterThan(3);
  });

  test('the entry chunk imports neither d3 nor activity code', () => {
    const { staticGraph, entryKey, heaviness } = readBuild();
    const heavy = [...staticGraph(entryKey)].map((key) => [key, heaviness(key)]).filter(([, why]) => why !== null);
    expect(heavy).toEqual([]);
  });

  test('a guest loads /menu with under 100 KB of gzipped JavaScript, none of it d3 or activity code', async ({ page }) => {
    const { manifest, entryKey, heaviness, keyOfFile } = readBuild();
    const scripts = await javascriptOf(page, async () => {
      await page.goto('/menu', { waitUntil: 'networkidle' });
      await expect(page.getByRole('navigation', { name: 'Enlaces principales' })).toBeVisible();
    });

    const sizes = scripts.map(({ file, body }) => ({ file, gzip: gzipSync(body, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    test.info().annotations.push({
      type: 'menu JavaScript (gzip -9)',
      description: `${(total / 1024).toFixed(1)} KB in ${sizes.length} files: ${sizes.map(({ file, gzip }) => `${path.basename(file)} ${(gzip / 1024).toFixed(1)}`).join(', ')}`,
    });
    console.log(test.info().annotations.at(-1)!.description);

    // Every script the page loaded is a chunk of this build.
    expect(sizes.filter(({ file }) => !keyOfFile.has(file)).map(({ file }) => file)).toEqual([]);
    const entryFile = manifest[entryKey]!.file;
    expect(sizes.map(({ file }) => file)).toContain(entryFile);
    expect(sizes.map(({ file }) => file)).toContain(manifest['src/app/routes/MenuRoute.tsx']!.file);

    expect(total).toBeLessThan(BUDGET_BYTES);
    const heavy = sizes.map(({ file }) => [file, heaviness(keyOfFile.get(file)!)]).filter(([, why]) => why !== null);
    expect(heavy).toEqual([]);
  });
});

// No waterfall on the pages visitors land on (Lighthouse counts one against the first paint): the shell of
// each address names every script and stylesheet its first page needs (server/plugins/client.ts, from the
// build's route map), so none is discovered only after the entry has run. A guest without a site notice
// loads nothing else.
test.describe('the first page arrives with the shell', () => {
  for (const [address, heading] of [
    ['/reprograma', 'Reprogramate'],
    ['/cursos/manifiesta', null],
    ['/menu', null],
  ] as const) {
    test(`${address}: every script and stylesheet of the page is named in its HTML`, async ({ page, request }) => {
      const shell = await (await request.get(address)).text();
      const named = new Set([...shell.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)].map(([, file]) => file!));

      const loaded: string[] = [];
      page.on('request', (sent) => {
        const url = new URL(sent.url());
        if (url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)) loaded.push(url.pathname.slice(1));
      });
      await page.goto(address, { waitUntil: 'networkidle' });
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expect(page.locator('main h1').first()).toBeVisible();

      expect(loaded.length).toBeGreaterThan(3);
      expect(loaded.filter((file) => !named.has(file))).toEqual([]);
    });
  }
});
