// After Vite has written the bundle: the files that make the site installable and usable offline, from what the
// build produced (so the service worker's list names the hashed files of this very build):
//   manifest.webmanifest  the web app manifest (manifest.ts), colours from the design tokens
//   offline.html          the page a load shows when the server cannot be reached, styled by the app's own CSS
//   sw.js                 the service worker (sw.ts), with the files to keep: index.html, the entry and its styles,
//                         the meditation tool's chunks, the offline page, the manifest and the icons
// Runs before the pre-compression (client/vite.config.ts), which then compresses these too.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc } from 'vite';
import { AUDIO_BASE, MEDITATION_TOOL_PATH, PREMIUM_AUDIO_BASE } from '../../course/meditation';
import { CACHE_SOUNDS_MESSAGE } from '../src/features/meditation/offline/warm-sounds';
import { afterBundle } from '../after-bundle';
import { webAppManifest } from './manifest';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; assets?: string[]; isEntry?: boolean };
type BuildManifest = Record<string, ManifestChunk>;
type RouteModules = { path: string; modules: string[] };

/** Pages that work offline: the service worker answers them with the cached shell. */
export const OFFLINE_ROUTES = [MEDITATION_TOOL_PATH];
/** Loaded by every page that uses the query cache (client/src/app/router.tsx), the meditation tool among them. */
const QUERY_SCOPE = 'src/app/query-scope.tsx';

const sha = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 16);
};

/** The files of `roots` and of everything they import statically: scripts, stylesheets, fonts and images. */
export function filesOf(manifest: BuildManifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`pwa: '${key}' is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  const files = [...seen].flatMap((key) => {
    const chunk = manifest[key]!;
    return [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  });
  return [...new Set(files)].map((file) => `/${file}`);
}

export const pwa = () =>
  afterBundle('manifiesta:pwa', async ({ root, outDir }) => {
    const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
    const manifest = JSON.parse(await read('.vite/manifest.json')) as BuildManifest;
    const routes = JSON.parse(await read('.vite/routes.json')) as RouteModules[];

    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    const tool = routes.find((route) => route.path === MEDITATION_TOOL_PATH);
    if (!tool) throw new Error(`pwa: no route ${MEDITATION_TOOL_PATH} in routes.json`);
    const entryCss = filesOf(manifest, entries).filter((file) => file.endsWith('.css'));

    // The offline page wears the app's own stylesheet (tokens, type, base).
    const offlineHtml = (await readFile(path.join(root, 'pwa/offline.html'), 'utf8')).replace(
      '<!--app-styles-->',
      entryCss.map((file) => `<link rel="stylesheet" href="${file}" />`).join('\n    '),
    );
    await writeFile(path.join(outDir, 'offline.html'), offlineHtml);
    await writeFile(path.join(outDir, 'offline.css'), await readFile(path.join(root, 'pwa/offline.css')));
    const tokens = await readFile(path.join(root, 'src/styles/tokens.css'), 'utf8');
    const webManifest = `${JSON.stringify(webAppManifest(tokens), null, 2)}\n`;
    await writeFile(path.join(outDir, 'manifest.webmanifest'), webManifest);

    const icons = (await readdir(path.join(outDir, 'icons'))).filter((file) => file.endsWith('.png')).map((file) => `/icons/${file}`);
    const precache = [
      '/index.html',
      '/offline.html',
      '/offline.css',
      '/manifest.webmanifest',
      '/favicon.svg',
      ...icons,
      ...filesOf(manifest, [...entries, ...tool.modules, ...(manifest[QUERY_SCOPE] ? [QUERY_SCOPE] : [])]),
    ].filter((file, index, all) => all.indexOf(file) === index);

    const audioDir = path.join(outDir, AUDIO_BASE);
    const sounds = (await readdir(audioDir)).filter((file) => file.endsWith('.mp3')).sort();
    const soundsVersion = sha(...(await Promise.all(sounds.map(async (file) => sha(file, await readFile(path.join(audioDir, file)))))));

    const source = await readFile(path.join(root, 'pwa/sw.ts'), 'utf8');
    const unhashed = await Promise.all(['index.html', 'offline.css', 'favicon.svg'].map(read));
    const config = {
      version: sha(source, precache.join('\n'), offlineHtml, webManifest, ...unhashed),
      soundsVersion,
      precache,
      offlineRoutes: OFFLINE_ROUTES,
      freeSounds: AUDIO_BASE,
      premiumSounds: PREMIUM_AUDIO_BASE,
      mediaFiles: '/media/',
      cacheSoundsMessage: CACHE_SOUNDS_MESSAGE,
    };
    const { code } = await transformWithOxc(source, 'sw.ts', { lang: 'ts' });
    // A classic worker script: the module marker that keeps the source's types local is dropped.
    const script = code.replace(/^export \{\s*\};?\s*$/m, '');
    await writeFile(path.join(outDir, 'sw.js'), `const SW_CONFIG = ${JSON.stringify(config)};\n${script}`);
  });
