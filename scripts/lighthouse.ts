// `npm run lighthouse`: Lighthouse (mobile emulation and throttling, its defaults) on the pages visitors land on.
// Starts the site like the e2e suite does (npm start, embedded database in a temporary DATA_DIR, a free port)
// unless LIGHTHOUSE_URL points at one already running; runs each page LIGHTHOUSE_RUNS times (3) in the local
// Chromium (CHROME_PATH, else /usr/bin/chromium) and reports the median of each category. Exits non-zero when
// a page's performance or accessibility is below 95. LIGHTHOUSE_REPORT_DIR keeps every run's full JSON report there
// (blocking time, LCP element, main-thread breakdown, unused JavaScript), to see what a score is made of.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { freePort } from '../server/db/embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PAGES = ['/menu', '/reprograma', '/cursos/manifiesta'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Categories with a target: below it the run fails. */
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 95 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

type Site = { baseUrl: string; stop: () => Promise<void> };

/** `npm start` on a free port with a fresh embedded database, as tests/e2e/server.ts does. */
async function startSite(): Promise<Site> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-lighthouse-'));
  await chmod(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child: ChildProcess = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    // SIGINT to the whole group, like Ctrl-C: npm, tsx, node and the embedded PostgreSQL.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the site did not become healthy within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** What holds a page back: failing opportunities and diagnostics with their estimated saving, and metrics. */
function reasons(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const lines: string[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'notApplicable') continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    lines.push(`${audit.title}${value}`);
  }
  if (category === 'performance') {
    for (const audit of Object.values(lhr.audits)) {
      const savings = audit.details && 'overallSavingsMs' in audit.details ? Number(audit.details.overallSavingsMs) : 0;
      if (savings >= 50) lines.push(`opportunity: ${audit.title} (${Math.round(savings)} ms)`);
    }
  }
  return lines;
}

/** One Lighthouse run in a fresh Chromium (no cache or state from the previous run); a failed load is retried once. */
async function audit(url: string, attempt = 1): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt >= 2) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`${url}: ${result.lhr.runtimeError.code}, trying again`);
  } finally {
    chrome.kill();
  }
  return audit(url, attempt + 1);
}

async function main() {
  const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  const site: Site = given ? { baseUrl: given, stop: async () => undefined } : await startSite();
  let failed = false;
  try {
    console.log(`Lighthouse ${RUNS}× per page on ${site.baseUrl} (mobile emulation, simulated throttling)\n`);
    for (const pagePath of PAGES) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const lhr = await audit(`${site.baseUrl}${pagePath}`);
        runs.push(lhr);
        if (REPORT_DIR) {
          await mkdir(REPORT_DIR, { recursive: true });
          await writeFile(path.join(REPORT_DIR, `${pagePath.slice(1).replace(/\//g, '_')}-${run + 1}.json`), JSON.stringify(lhr));
        }
      }
      const medians = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((lhr) => score(lhr, category)))]));
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map(
          (id) => `${id.replace(/-/g, ' ')} ${median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? 0)).toFixed(id === 'cumulative-layout-shift' ? 3 : 0)}`,
        )
        .join(', ');
      console.log(
        `${pagePath.padEnd(20)} ${CATEGORIES.map((category) => `${category} ${medians[category]} [${runs.map((lhr) => score(lhr, category)).join(' ')}]`).join('  ')}`,
      );
      console.log(`${''.padEnd(20)} medians: ${metrics}`);
      for (const [category, target] of Object.entries(TARGETS)) {
        if (medians[category]! >= target) continue;
        failed = true;
        // The run closest to the median tells what to fix.
        const typical = runs.reduce((best, lhr) =>
          Math.abs(score(lhr, category) - medians[category]!) < Math.abs(score(best, category) - medians[category]!) ? lhr : best,
        );
        console.log(`${''.padEnd(20)} ${category} ${medians[category]} < ${target}:`);
        for (const line of reasons(typical, category)) console.log(`${''.padEnd(22)}- ${line}`);
      }
    }
  } finally {
    await site.stop();
  }
  if (failed) {
    console.error('\nBelow target: performance and accessibility must be at least 95 on every page.');
    process.exitCode = 1;
  }
}

await main();
