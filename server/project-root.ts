// The project's folder (the nearest one up with a package.json), found from this module's own file. The answer is
// the same from the TypeScript sources (server/) and from the compiled bundles (dist/server/, dist/scripts/, and
// their shared chunks), so a file read at run time — migrations/, assets/, dist/client/, the seed letters — is named
// from here, never from `import.meta` of the module that reads it: bundling moves every module into another file.
import { existsSync } from 'node:fs';
import path from 'node:path';

function nearestPackageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}: the app must run from its project folder`);
  }
}

export const PROJECT_ROOT = nearestPackageFolder(import.meta.dirname);

/** A path inside the project folder, e.g. `fromRoot('migrations')`. */
export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
