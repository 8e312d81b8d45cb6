// The build's own steps (client/vite.config.ts, client/pwa/build.ts) run once Vite has written the bundle, one
// after the other in the order the plugins are listed, each with the client's folder and the output folder.
import path from 'node:path';
import type { Plugin } from 'vite';

export type BuildDirs = { root: string; outDir: string };

export function afterBundle(name: string, step: (dirs: BuildDirs) => Promise<void>): Plugin {
  let dirs: BuildDirs = { root: '', outDir: '' };
  return {
    name,
    apply: 'build',
    configResolved(config) {
      dirs = { root: config.root, outDir: path.resolve(config.root, config.build.outDir) };
    },
    writeBundle: { order: 'post', sequential: true, handler: () => step(dirs) },
  };
}
