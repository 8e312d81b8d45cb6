// Before `npm start`: build the SPA when dist/client is missing or older than any client source.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'client')),
  ...['package-lock.json', 'course'].map((p) => {
    const full = path.join(root, p);
    return existsSync(full) ? (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) : 0;
  }),
);

if (existsSync(built) && statSync(built).mtimeMs >= sources) process.exit(0);

console.log(existsSync(built) ? 'client sources changed: rebuilding the SPA…' : 'building the SPA (first start)…');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
