// npm run bench:startup — how long the server takes from spawn to a healthy /api/health, and its resident memory
// (VmRSS) once healthy and after some requests, three ways: the compiled server (dist/, npm run build) on the current
// Node LTS and on the machine's Node, and the TypeScript sources through tsx on the machine's Node. All on one already
// migrated database (a fresh one on BENCH_DATABASE_URL's server, else on a throwaway embedded PostgreSQL), so a start
// is the app's own, not the migrations'. BENCH_NODE_LTS: the LTS node (default .ci/tools/node-v26.12.1/bin/node, as
// .ci/run fetches it); BENCH_ROUNDS, BENCH_REQUESTS.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../server/db/embedded';
import { fromRoot } from '../server/project-root';
import { openBenchDatabase } from './database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const NODE_LTS = process.env.BENCH_NODE_LTS ?? fromRoot('.ci/tools/node-v26.12.1/bin/node');
const PATHS = ['/api/health', '/', '/newsletter', '/api/newsletter/letters', '/api/catalogue', '/api/resources'];

interface Variant {
  name: string;
  node: string;
  args: string[];
}
const variants: Variant[] = [
  { name: `compiled, node ${version(NODE_LTS)}`, node: NODE_LTS, args: ['--enable-source-maps', 'dist/server/main.js'] },
  { name: `compiled, node ${process.versions.node}`, node: process.execPath, args: ['--enable-source-maps', 'dist/server/main.js'] },
  { name: `tsx, node ${process.versions.node}`, node: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] },
];

function version(node: string): string {
  if (!existsSync(node)) throw new Error(`no node at ${node}: run .ci/run once, or set BENCH_NODE_LTS`);
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function once(variant: Variant, databaseUrl: string) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-startup-'));
  const started = performance.now();
  const child = spawn(variant.node, variant.args, {
    cwd: fromRoot(),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    let healthyMs: number | undefined;
    while (healthyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${variant.name}: not healthy after 120 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) healthyMs = performance.now() - started;
      else await sleep(20);
    }
    const rssHealthy = rssMiB(child.pid!);
    for (let i = 0; i < REQUESTS; i++)
      await (await fetch(`http://127.0.0.1:${port}${PATHS[i % PATHS.length]}`, { headers: { accept: 'text/html' } })).arrayBuffer();
    await sleep(500);
    return { healthyMs, rssHealthy, rssAfter: rssMiB(child.pid!) };
  } finally {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!existsSync(fromRoot('dist/server/main.js')) || !existsSync(fromRoot('dist/client/index.html'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
const db = await openBenchDatabase(`bench_startup_${process.pid}`, 1);
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${ROUNDS} rounds each, ${REQUESTS} requests`,
  );
  await once(variants[0]!, db.url); // migrates the database: every measured start finds it up to date
  const results = new Map(variants.map((v) => [v.name, [] as Awaited<ReturnType<typeof once>>[]]));
  for (let round = 0; round < ROUNDS; round++) for (const v of variants) results.get(v.name)!.push(await once(v, db.url));
  for (const [name, rs] of results) {
    const f = (xs: number[], digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
    console.log(
      `${name.padEnd(24)} healthy after ${f(rs.map((r) => r.healthyMs))} ms · RSS healthy ${f(rs.map((r) => r.rssHealthy))} MiB · after ${REQUESTS} requests ${f(rs.map((r) => r.rssAfter))} MiB`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await db.close();
}
