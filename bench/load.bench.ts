// npm run bench:load — the real server (a child process, as `npm start` runs it) under load on loopback, in two modes
// (BENCH_MODE, default open,closed):
// open — arrivals at a fixed rate (bench/open-loop.ts), ramped to the highest rate that holds p99 < 100 ms with no
//   errors and no lost writes: F) the floor, a bare route doing one INSERT per request (bench/floor-server.ts);
//   O1) signed-in learners pausing between actions; O2) lead pages; P) learners against 1, then 2 server processes
//   (WORKERS=false) beside one worker process. It prints the learners' and lead pages' rates as shares of the floor.
//   BENCH_STEP_SECONDS (10) each step, BENCH_WARMUP_SECONDS (5) before each ramp, BENCH_RATE_START (200),
//   BENCH_RATE_FACTOR (1.25), BENCH_RATE_MAX, BENCH_REFINE (2) or BENCH_RATES (a list); BENCH_OPEN_LEARNERS (2,000),
//   BENCH_OPEN_CONNECTIONS (256), BENCH_LEAD_THINK_SECONDS (3).
// closed — autocannon, each connection sending its next request when the last is answered: 1) 200 learners logging
//   in once, then looping over the course's reads and writes; 2) the lead pages; 3) the built SPA shell.
//   BENCH_SECONDS (60) each run, BENCH_LEARNERS (200).
// Every acknowledged write is checked against the event log (exactly, per learner and event type).
// Uses BENCH_DATABASE_URL (a role that may CREATE DATABASE) when set, else a throwaway embedded PostgreSQL.
// BENCH_PARTS (learners,leads,static,floor,processes) which parts run; BENCH_CPU_PROF_DIR profiles the server.
// The server runs with its per-address and per-user write limits raised out of the way (see startServer).
// Exits non-zero on any lost or unexpected write, and in the closed loop on any error (non-2xx, socket error, timeout).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { AREA_IDS } from '../course/areas';
import { DEEP_WHY_ACTIVITY, WHEEL_ACTIVITY } from '../course/activities';
import { WHY_LEVELS } from '../course/deep-why';
import { lockReason, PREMIUM_ROLE } from '../course/rules';
import { ACTIVITIES } from '../course/syllabus';
import { DEFINITION_ACTIVITIES } from '../course/wheel';
import { EmailVerified, learnerStreamId, RoleGranted, UserRegistered } from '../events/accounts/accounts.events';
import { ActivityCompleted } from '../events/course/course.events';
import { WhyAnswerSaved } from '../events/deep-why/deep-why.events';
import { LeadCaptured, LeadPageViewed } from '../events/leads/leads.events';
import { AreaDefinitionSaved, AreaRated } from '../events/wheel/wheel.events';
import { freePort } from '../server/db/embedded';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { hashPassword, newToken, tokenHash } from '../server/features/accounts/secrets';
import { SESSION_COOKIE } from '../server/plugins/auth';
import { composeRuntime } from '../server/runtime';
import { type BenchDatabase, openBenchDatabase } from './database';
import { type Answer, type Client, httpClient, paced, ramp, rampOptionsFromEnv, Step } from './open-loop';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const LEAD_CONNECTIONS = Number(process.env.BENCH_LEAD_CONNECTIONS ?? 50);
const LOGIN_WIDTH = Number(process.env.BENCH_LOGIN_WIDTH ?? 8);
const STATIC_CONNECTIONS = Number(process.env.BENCH_STATIC_CONNECTIONS ?? 50);
/** Job workers and async projections in the server process, as `npm start` runs them. */
const WORKERS = process.env.BENCH_WORKERS ?? 'true';
/** A directory for `node --cpu-prof` profiles of the server (profiling runs only). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
/** Which parts to run (profiling one at a time): learners, leads, static. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'learners,leads,static,floor,processes').split(',').map((p) => p.trim()));
const PASSWORD = 'carga-de-prueba-2026';
/** closed (the closed loop below), open (open-loop ramps, the floor, 1 vs 2 processes), or both. */
const MODES = new Set((process.env.BENCH_MODE ?? 'open,closed').split(',').map((m) => m.trim()));
const OPEN_LEARNERS = Number(process.env.BENCH_OPEN_LEARNERS ?? 2_000);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const OPEN_CONNECTIONS = Number(process.env.BENCH_OPEN_CONNECTIONS ?? 256);
const LEAD_THINK_SECONDS = Number(process.env.BENCH_LEAD_THINK_SECONDS ?? 3);
const P99_MS = 100;
const RAMP = rampOptionsFromEnv();
/** The app's pool size (DATABASE_POOL_SIZE, default 10), given to the floor too. */
const POOL_SIZE = loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE;

const TARGETS = {
  learnerWritesPerSecond: 1_500,
  learnerP99: 100,
  leadRequestsPerSecond: 3_000,
  leadP99: 50,
};

// ---------------------------------------------------------------------------------------------------
// Figures

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
function summary(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p90: quantile(s, 0.9), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN };
}
const ms = (x: number) => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(1) : Math.round(x)} ms` : '—');
const num = (x: number) => Math.round(x).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/**
 * CPU time used (user + system, ms) by a process and, with `children`, by the processes it started
 * (PostgreSQL's backends). On a machine others share, wall-clock rates move with their load; CPU time per
 * request does much less, so it is printed next to them.
 */
function cpuOf(pid: number, children = false): number {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime + stime, and cutime + cstime: what its children used before they exited (backends the
      // postmaster has reaped after the pool closed their connections).
      return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
    } catch {
      return undefined;
    }
  };
  const own = ticks(pid);
  let total = (own?.cpu ?? 0) + (children ? (own?.reaped ?? 0) : 0);
  if (children) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const t = ticks(Number(entry));
      if (t?.ppid === pid) total += t.cpu;
    }
  }
  return (total * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

interface CpuMeter {
  /** CPU ms per request of the server processes, PostgreSQL (NaN when not embedded) and this process since the meter started. */
  used(requests: number): { server: number; postgres: number; bench: number };
  /** The same, as a line of the closed loop's output. */
  perRequest(requests: number): string;
}
function cpuMeter(serverPids: readonly number[], postgresPid: number | undefined): CpuMeter {
  const read = () => ({
    server: serverPids.reduce((sum, pid) => sum + cpuOf(pid), 0),
    postgres: postgresPid ? cpuOf(postgresPid, true) : NaN,
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const start = read();
  const used = (requests: number) => {
    const end = read();
    const per = (k: 'server' | 'postgres' | 'bench') => (end[k] - start[k]) / Math.max(1, requests);
    return { server: per('server'), postgres: per('postgres'), bench: per('bench') };
  };
  return {
    used,
    perRequest(requests) {
      const per = used(requests);
      const sum = per.server + per.postgres + per.bench;
      const capacity = Number.isFinite(sum)
        ? ` → the ${os.cpus().length} cores, all ours, would serve about ${num((os.cpus().length * 1000) / sum)} req/s of this mix`
        : '';
      return `CPU per request: server ${per.server.toFixed(2)} ms, PostgreSQL ${Number.isFinite(per.postgres) ? `${per.postgres.toFixed(2)} ms` : 'not measured (BENCH_DATABASE_URL)'}, autocannon ${per.bench.toFixed(2)} ms${capacity}`;
    },
  };
}

/** The embedded PostgreSQL's postmaster, whose children are its backends (none when BENCH_DATABASE_URL is set). */
const embeddedPostgresPid = (db: BenchDatabase) =>
  db.embeddedDir ? Number(readFileSync(path.join(db.embeddedDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined;

/** How busy the machine is: a fixed amount of arithmetic, timed (the lower, the quieter). */
function calibrate(): string {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 50_000_000; i++) x += i & 7;
  const took = performance.now() - t;
  return `${Math.round(took)} ms for a fixed loop${x < 0 ? '' : ''}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

// ---------------------------------------------------------------------------------------------------
// The server, as a child process

interface Server {
  url: string;
  port: number;
  pid: number;
  /** PostgreSQL's postmaster, when it is the embedded one. */
  postgresPid?: number;
  stop(): Promise<void>;
}

interface Child {
  pid: number;
  /** The last 20,000 characters it wrote. */
  output(): string;
  gone(): boolean;
  stop(): Promise<void>;
}

/** A child process of this one (tsx), its output kept; stop() sends SIGTERM (each closes in order) and waits. */
function spawnChild(script: string, env: Record<string, string>, cpuProfile = false): Child {
  const args = ['--import', 'tsx', ...(cpuProfile && CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []), script];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    pid: child.pid!,
    output: () => output,
    gone: () => gone,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM'); // main.ts closes HTTP, workers and pool in order (and writes the CPU profile)
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 25_000))]);
      if (code === 'timeout') child.kill('SIGKILL');
      const warnings = output.split('\n').filter((l) => /"level":(40|50|60)/.test(l));
      if (warnings.length) console.log(`\n${script}: warnings and errors (${warnings.length}), the last ones:\n${warnings.slice(-5).join('\n')}`);
    },
  };
}

async function waitFor(child: Child, what: string, ready: () => Promise<boolean>) {
  for (let waited = 0; ; waited += 200) {
    if (child.gone()) throw new Error(`${what} exited before it was ready:\n${child.output()}`);
    if (waited > 60_000) throw new Error(`${what} was not ready within 60 s:\n${child.output()}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The server (`script` server/main.ts) or the floor (bench/floor-server.ts) on a free port, ready when
 * /api/health answers. `workers`: whether job workers and async projections run in it (WORKERS).
 */
async function startServer(databaseUrl: string, dataDir: string, { script = 'server/main.ts', workers = WORKERS } = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnChild(
    script,
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WORKERS: workers,
      SERVE_CLIENT: 'true',
      // All load comes from one address (loopback): the per-address limits would refuse it. In the closed loop
      // each learner writes with no think time, hundreds of times a minute: the per-user write limits (made for
      // people) would refuse that too, and throughput is what is measured here.
      RATE_LIMIT_PER_IP: '100000000',
      LEAD_RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_WRITES_PER_USER: '100000000',
      RATE_LIMIT_WRITES_BURST: '100000000',
      RATE_LIMIT_WRITES_PER_USER_PER_DAY: '100000000',
    },
    script === 'server/main.ts',
  );
  await waitFor(child, script, () =>
    fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return { url, port, pid: child.pid, stop: child.stop };
}

/** `npm run worker` (server/worker.ts): job workers and async projections in a process of their own, no HTTP. */
async function startWorker(databaseUrl: string, dataDir: string): Promise<Child> {
  const child = spawnChild('server/worker.ts', {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info', // its one line at info says it is running
  });
  await waitFor(child, 'the worker', async () => child.output().includes('workers running'));
  return child;
}

/** The headers a same-origin fetch from the SPA carries (the same-origin check reads Origin). */
function browserHeaders(server: Server, extra: Record<string, string> = {}): Record<string, string> {
  return {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    origin: server.url,
    'sec-fetch-site': 'same-origin',
    'user-agent': 'Mozilla/5.0 (Linux; Android 14) manifiesta-load-bench',
    ...extra,
  };
}

/** autocannon, awaited, with every response's latency classified by what the request was. */
function cannon(options: autocannon.Options, classify: (context: Record<string, unknown>) => string | undefined) {
  const latencies = new Map<string, number[]>();
  return new Promise<{ result: autocannon.Result; latencies: Map<string, number[]> }>((resolve, reject) => {
    const instance = autocannon({ ...options, excludeErrorStats: false }, (err, result) => (err ? reject(err) : resolve({ result, latencies })));
    // Emitted after the request's onResponse and before the connection sends its next request, so the
    // connection's context still describes the request just answered.
    instance.on('response', (client: unknown, _status: number, _bytes: number, responseTime: number) => {
      const context = (client as { requestIterator: { context: Record<string, unknown> } }).requestIterator.context;
      const kind = classify(context);
      if (!kind) return;
      let list = latencies.get(kind);
      if (!list) latencies.set(kind, (list = []));
      list.push(responseTime);
    });
  });
}

function statusLine(result: autocannon.Result): string {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${num(count ?? 0)}`)
    .join(', ');
  return `${codes}; socket errors ${result.errors}, timeouts ${result.timeouts}`;
}
const failures = (result: autocannon.Result) => result.non2xx + result.errors + result.timeouts;

// ---------------------------------------------------------------------------------------------------
// 1. Learners

const WRITE_TYPES = [AreaRated.type, AreaDefinitionSaved.type, WhyAnswerSaved.type, ActivityCompleted.type] as const;
type WriteType = (typeof WRITE_TYPES)[number];

interface Learner {
  index: number;
  userId: string;
  email: string;
  cookie: string;
  step: number;
  /** The learner's state as the server must see it, updated on each acknowledged write. */
  ratings: Record<string, number>;
  completed: Set<string>;
  selected: string[];
  /** Events each acknowledged write must have appended, by type. */
  expected: Record<WriteType, number>;
  /** Acknowledged writes that must append nothing (completing an activity already completed). */
  noOps: number;
  /** The request on the wire, not answered yet. */
  inFlight?: { op: Op; apply: () => void; writes?: WriteType };
  /** A request went unanswered mid-run (socket error): what it did is unknown, so this learner is not checked. */
  uncertain: boolean;
  /** The write still on the wire when the run ended: its event may or may not be in the log. */
  cutOff?: WriteType;
}

type Op = 'getCompletionStatus' | 'saveRating' | 'saveAreaDefinition' | 'saveWhyAnswer' | 'markAsComplete';
const LOOP: readonly Op[] = ['getCompletionStatus', 'saveRating', 'saveAreaDefinition', 'saveWhyAnswer', 'markAsComplete'];
const ROLES = [PREMIUM_ROLE];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

const DEFINITION_TEXTS = [
  'Siento que en esta área todavía me cuesta confiar en mí',
  'Creo que merezco más calma y la empiezo a elegir cada día',
  'Hoy veo esta área con más ternura que hace un mes',
];
const WHY_TEXTS = ['Porque quiero sentirme libre', 'Porque mi familia merece mi mejor versión', 'Porque así honro lo que vine a hacer'];

/** The next request of a learner's loop: method, path, body, and what the server must do when it says 2xx. */
function nextLearnerRequest(l: Learner): { method: 'GET' | 'POST'; path: string; body?: unknown; writes?: WriteType; apply: () => void; op: Op } {
  const op = LOOP[l.step % LOOP.length]!;
  const n = l.step++;
  switch (op) {
    case 'getCompletionStatus':
      return { op, method: 'GET', path: `/api/activity/getCompletionStatus?_=${Date.now()}`, apply: () => {} };
    case 'saveRating': {
      // Always a new score for the area: saving the same score again records nothing (by design).
      const areaId = pick(AREA_IDS);
      const score = ((l.ratings[areaId] ?? 0) + 1 + Math.floor(Math.random() * 10)) % 11;
      return {
        op,
        method: 'POST',
        path: '/api/activity/saveRating',
        body: { activityId: WHEEL_ACTIVITY, areaId, score },
        writes: AreaRated.type,
        apply: () => void (l.ratings[areaId] = score),
      };
    }
    case 'saveAreaDefinition': {
      const definition = `${pick(DEFINITION_TEXTS)} (${l.index}.${n}).`; // never the text already saved
      return {
        op,
        method: 'POST',
        path: '/api/activity/saveAreaDefinition',
        body: { activityId: pick(DEFINITION_ACTIVITIES), areaId: pick(AREA_IDS), definition },
        writes: AreaDefinitionSaved.type,
        apply: () => {},
      };
    }
    case 'saveWhyAnswer': {
      const answer = `${pick(WHY_TEXTS)} (${l.index}.${n}).`;
      return {
        op,
        method: 'POST',
        path: '/api/activity/saveWhyAnswer',
        body: { activityId: DEEP_WHY_ACTIVITY, areaId: pick(l.selected), levelIndex: Math.floor(Math.random() * WHY_LEVELS), answer },
        writes: WhyAnswerSaved.type,
        apply: () => {},
      };
    }
    case 'markAsComplete': {
      // The next activity the course opens for this learner; once the whole course is done, the last one
      // again — the server answers 200 and records nothing (an acknowledged no-op, counted as such).
      const next = ACTIVITIES.find((a) => !l.completed.has(a.slug) && !lockReason(a.slug, l.completed, ROLES));
      const slug = next?.slug ?? [...l.completed].at(-1)!;
      return {
        op,
        method: 'POST',
        path: '/api/activity/markAsComplete',
        body: { activityId: slug },
        writes: next ? ActivityCompleted.type : undefined,
        apply: () => {
          if (next) l.completed.add(slug);
          else l.noOps++;
        },
      };
    }
  }
}

async function createLearners(database: BenchDatabase, count: number): Promise<Learner[]> {
  const { store } = await composeRuntime({ config: loadConfig({}), database, log: pino({ level: 'silent' }), jobs: false });
  const hash = await hashPassword(PASSWORD); // one hash for all: the bench measures logins, not sign-ups
  const run = Date.now().toString(36);
  const learners: Learner[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) => {
      const index = i + j;
      const userId = randomUUID();
      const email = `aprendiz${index}.${run}@carga.test`;
      learners.push({
        index,
        userId,
        email,
        cookie: '',
        step: 0,
        ratings: {},
        completed: new Set(),
        selected: [],
        expected: { AreaRated: 0, AreaDefinitionSaved: 0, WhyAnswerSaved: 0, ActivityCompleted: 0 },
        noOps: 0,
        uncertain: false,
      });
      return store.append(
        learnerStreamId(userId),
        [
          UserRegistered.create({ userId, username: `aprendiz${index}-${run}`, email }),
          EmailVerified.create({ userId }),
          RoleGranted.create({ userId, role: PREMIUM_ROLE, by: 'bench' }),
        ],
        {
          expectedVersion: 0,
          alsoInTransaction: async (tx) => void (await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, hash])),
        },
      );
    });
    await Promise.all(batch);
  }
  return learners;
}

async function api(server: Server, l: Learner | undefined, method: 'GET' | 'POST', urlPath: string, body?: unknown) {
  const res = await fetch(server.url + urlPath, {
    method,
    headers: browserHeaders(server, { ...(body ? { 'content-type': 'application/json' } : {}), ...(l?.cookie ? { cookie: l.cookie } : {}) }),
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: () => JSON.parse(text) as unknown };
}

/** In parallel, at most `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface EventCount {
  stream_id: string;
  type: string;
  n: number;
}
async function countEvents(pool: pg.Pool, types: readonly string[]) {
  const { rows } = await pool.query<EventCount>('SELECT stream_id, type, count(*)::int AS n FROM events WHERE type = ANY($1) GROUP BY stream_id, type', [
    types,
  ]);
  return rows;
}

/**
 * Zero lost writes: every acknowledged write's event is in the log, per learner and type, and nothing else
 * (`before` and `after` are countEvents at the start and now; a write cut off unanswered may be there or not).
 */
function checkWrites(learners: readonly Learner[], before: EventCount[], after: EventCount[]) {
  const key = (streamId: string, type: string) => `${streamId}|${type}`;
  const actual = new Map<string, number>();
  for (const r of after) actual.set(key(r.stream_id, r.type), r.n);
  for (const r of before) actual.set(key(r.stream_id, r.type), (actual.get(key(r.stream_id, r.type)) ?? 0) - r.n);
  let expectedTotal = 0;
  let actualTotal = 0;
  let lost = 0;
  let unexpected = 0;
  let unchecked = 0;
  const byType: Record<string, { expected: number; actual: number }> = {};
  for (const l of learners) {
    if (l.uncertain) {
      unchecked++;
      continue;
    }
    for (const type of WRITE_TYPES) {
      const e = l.expected[type];
      const a = actual.get(key(learnerStreamId(l.userId), type)) ?? 0;
      expectedTotal += e;
      actualTotal += a;
      const mayBeThere = l.cutOff === type ? 1 : 0;
      if (a < e) lost += e - a;
      if (a > e + mayBeThere) unexpected += a - e - mayBeThere;
      byType[type] ??= { expected: 0, actual: 0 };
      byType[type].expected += e;
      byType[type].actual += a;
    }
  }
  return { expectedTotal, actualTotal, lost, unexpected, unchecked, byType };
}

/**
 * Where the loop starts: the wheel rated, activities 1–3 completed and three focus areas chosen for the seven
 * levels of why — through the API, as the course's pages do.
 */
async function startLoop(server: Server, learners: readonly Learner[]) {
  await inParallel(learners, 50, async (l) => {
    for (const [i, areaId] of AREA_IDS.entries()) {
      const score = (i + l.index) % 11;
      await api(server, l, 'POST', '/api/activity/saveRating', { activityId: WHEEL_ACTIVITY, areaId, score });
      l.ratings[areaId] = score;
    }
    for (const slug of [WHEEL_ACTIVITY, ...DEFINITION_ACTIVITIES]) {
      await api(server, l, 'POST', '/api/activity/markAsComplete', { activityId: slug });
      l.completed.add(slug);
    }
    const prerequisites = (await api(server, l, 'GET', `/api/activity/getDeepWhyPrerequisites?_=${Date.now()}`)).json() as {
      data: { targetAreas: Array<{ id: string }> };
    };
    l.selected = prerequisites.data.targetAreas.slice(0, 3).map((a) => a.id);
    await api(server, l, 'POST', '/api/activity/saveWhySelection', { activityId: DEEP_WHY_ACTIVITY, selectedAreaIds: l.selected });
  });
}

async function learnerWorkload(server: Server, db: BenchDatabase) {
  const { pool } = db;
  console.log(`\n1. Learners: ${LEARNERS} simulated learners, ${SECONDS} s (BENCH_SECONDS), one keep-alive connection each`);
  const learners = await createLearners(db, LEARNERS);

  // Each learner logs in once (argon2id, about 20 MiB and tens of ms of CPU each), LOGIN_WIDTH at a time:
  // learners arrive over time, and 200 hashes at the same instant only queue behind the two cores.
  const loginTimes: number[] = [];
  const loginStart = performance.now();
  await inParallel(learners, LOGIN_WIDTH, async (l) => {
    const t = performance.now();
    const { res } = await api(server, undefined, 'POST', '/api/auth/login', { email: l.email, password: PASSWORD });
    loginTimes.push(performance.now() - t);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mf_session='));
    if (!cookie) throw new Error('login answered without a session cookie');
    l.cookie = cookie.split(';')[0]!;
  });
  const loginWall = performance.now() - loginStart;
  const logins = summary(loginTimes);
  console.log(
    `   ${LEARNERS} logins, ${LOGIN_WIDTH} at a time: all done in ${ms(loginWall)}; each p50 ${ms(logins.p50)}, p99 ${ms(logins.p99)}, max ${ms(logins.max)}`,
  );

  await startLoop(server, learners);
  const before = await countEvents(pool, WRITE_TYPES);

  const byIndex = learners;
  const machine = calibrate();
  const meter = cpuMeter([server.pid], server.postgresPid);
  const { result, latencies } = await cannon(
    {
      // One URL per learner: autocannon gives connection i the i-th URL, and its path tells setupRequest
      // whose connection it is (it is replaced by the real path before anything is sent).
      url: learners.map((l) => `${server.url}/__learner/${l.index}`) as unknown as string, // an array is accepted; the types say string
      connections: learners.length,
      duration: SECONDS,
      timeout: 10,
      requests: [
        {
          setupRequest(request, ctx) {
            const context = ctx as Record<string, unknown>;
            const index = Number(String(request.path).split('/')[2]);
            const l = byIndex[index]!;
            if (l.inFlight) l.uncertain = true; // the previous request was never answered
            const next = nextLearnerRequest(l);
            l.inFlight = next;
            context.learner = index;
            context.kind = next.method === 'GET' ? 'read' : 'write';
            return {
              ...request,
              method: next.method,
              path: next.path,
              headers: browserHeaders(server, { cookie: l.cookie, ...(next.body ? { 'content-type': 'application/json' } : {}) }),
              body: next.body ? JSON.stringify(next.body) : undefined,
            };
          },
          onResponse(status, _body, context) {
            const l = byIndex[(context as Record<string, unknown>).learner as number]!;
            const done = l.inFlight;
            l.inFlight = undefined;
            if (!done || status < 200 || status > 299) return;
            done.apply();
            if (done.writes) l.expected[done.writes]++;
          },
        },
      ],
    },
    (context) => context.kind as string | undefined,
  );
  // autocannon closes its sockets when the time is up: each learner's last request is cut off, and the
  // server may still finish it. Give those a moment; their events may or may not be there.
  for (const l of learners) l.cutOff = l.inFlight?.writes;
  await new Promise((r) => setTimeout(r, 2000));

  const { expectedTotal, actualTotal, lost, unexpected, unchecked, byType } = checkWrites(learners, before, await countEvents(pool, WRITE_TYPES));

  const seconds = result.duration;
  const reads = latencies.get('read') ?? [];
  const writes = latencies.get('write') ?? [];
  const acknowledgedWrites = learners.reduce((s, l) => s + Object.values(l.expected).reduce((a, b) => a + b, 0) + l.noOps, 0);
  const noOps = learners.reduce((s, l) => s + l.noOps, 0);
  const all = summary([...reads, ...writes]);
  const r = summary(reads);
  const w = summary(writes);
  const writesPerSecond = acknowledgedWrites / seconds;
  const cpu = meter.perRequest(result.requests.total);
  console.log(`   machine before the run: ${machine}`);
  console.log(`   requests ${num(result.requests.total)} in ${seconds} s (${num(result.requests.total / seconds)} req/s); ${statusLine(result)}`);
  console.log(`   ${cpu}`);
  console.log('                 count        per s    p50       p90       p99       max');
  const row = (name: string, s: ReturnType<typeof summary>, perSecond: number) =>
    console.log(
      `   ${name.padEnd(12)} ${num(s.n).padStart(7)}  ${num(perSecond).padStart(9)}    ${ms(s.p50).padEnd(9)} ${ms(s.p90).padEnd(9)} ${ms(s.p99).padEnd(9)} ${ms(s.max)}`,
    );
  row('reads', r, r.n / seconds);
  row('writes', w, w.n / seconds);
  row('all', all, all.n / seconds);
  console.log(
    `   acknowledged writes ${num(acknowledgedWrites)} = ${num(writesPerSecond)}/s, of which ${num(noOps)} recorded nothing by design (completing an activity already completed)`,
  );
  const cutOff = learners.filter((l) => l.cutOff && !l.uncertain).length;
  console.log(
    `   events expected from acknowledged writes ${num(expectedTotal)}, found in the log ${num(actualTotal)}: lost ${lost}, unexpected ${unexpected}` +
      ` (${cutOff} writes cut off unanswered by the end of the run may be there or not)` +
      (unchecked ? `, ${unchecked} learners not checked (a request went unanswered mid-run)` : ''),
  );
  for (const [type, c] of Object.entries(byType))
    console.log(`     ${type.padEnd(20)} expected ${num(c.expected).padStart(7)}  found ${num(c.actual).padStart(7)}`);
  console.log(
    `   target ≥ ${num(TARGETS.learnerWritesPerSecond)} writes/s with p99 < ${TARGETS.learnerP99} ms: ${num(writesPerSecond)} writes/s, p99 ${ms(all.p99)} → ${verdict(writesPerSecond >= TARGETS.learnerWritesPerSecond && all.p99 < TARGETS.learnerP99)}`,
  );
  return { ok: failures(result) === 0 && lost === 0 && unexpected === 0 && unchecked === 0, writesPerSecond, p99: all.p99 };
}

// ---------------------------------------------------------------------------------------------------
// 2. Lead pages

const LEAD_FORMS = [
  { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
  { page: 'niveles', section: 'pdf', status: 'downloaded' },
  { page: 'afirmaciones', section: 'fragmento', status: 'downloaded' },
  { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
] as const;

async function leadWorkload(server: Server, pool: pg.Pool) {
  console.log(
    `\n2. Lead pages: ${LEAD_CONNECTIONS} connections, ${SECONDS} s; each new visitor opens a page (POST /api/leads/view, no cookie yet) and then leaves a new e-mail on its form (POST /api/leads/add with the visitor cookie it got)`,
  );
  const count = async () => {
    const { rows } = await pool.query<{ type: string; n: number }>('SELECT type, count(*)::int AS n FROM events WHERE type = ANY($1) GROUP BY type', [
      [LeadCaptured.type, LeadPageViewed.type],
    ]);
    return Object.fromEntries(rows.map((r) => [r.type, r.n])) as Record<string, number | undefined>;
  };
  const before = await count();
  const acknowledged = { views: 0, leads: 0 };
  let serial = 0;
  const run = Date.now().toString(36);
  const machine = calibrate();
  const meter = cpuMeter([server.pid], server.postgresPid);
  const { result, latencies } = await cannon(
    {
      url: server.url,
      connections: LEAD_CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: [
        {
          setupRequest(request, ctx) {
            const context = ctx as Record<string, unknown>;
            const form = LEAD_FORMS[serial % LEAD_FORMS.length]!;
            context.form = form;
            context.kind = 'view';
            return {
              ...request,
              method: 'POST',
              path: '/api/leads/view',
              headers: browserHeaders(server, { 'content-type': 'application/json' }),
              body: JSON.stringify({ page: form.page === 'Newsletter Archive' ? 'newsletter' : form.page }),
            };
          },
          onResponse(status, _body, ctx, headers) {
            const context = ctx as Record<string, unknown>;
            if (status >= 200 && status < 300) acknowledged.views++;
            const cookie = String((headers as Record<string, unknown>)['set-cookie'] ?? (headers as Record<string, unknown>)['Set-Cookie'] ?? '').split(
              ';',
            )[0]!;
            context.visitor = cookie.startsWith('mf_visitor=') ? cookie : undefined;
          },
        },
        {
          setupRequest(request, ctx) {
            const context = ctx as Record<string, unknown>;
            const form = context.form as (typeof LEAD_FORMS)[number];
            const n = serial++;
            context.kind = 'add';
            return {
              ...request,
              method: 'POST',
              path: '/api/leads/add',
              headers: browserHeaders(server, { 'content-type': 'application/json', ...(context.visitor ? { cookie: context.visitor as string } : {}) }),
              body: JSON.stringify({ email: `visita${n}.${run}@carga.test`, nick: 'Lucía', ...form }),
            };
          },
          onResponse(status) {
            if (status >= 200 && status < 300) acknowledged.leads++;
          },
        },
      ],
    },
    (context) => context.kind as string | undefined,
  );
  const cpu = meter.perRequest(result.requests.total);
  await new Promise((r) => setTimeout(r, 2000)); // requests cut off at the end may still complete
  const after = await count();
  const views = (after[LeadPageViewed.type] ?? 0) - (before[LeadPageViewed.type] ?? 0);
  const leads = (after[LeadCaptured.type] ?? 0) - (before[LeadCaptured.type] ?? 0);
  const seconds = result.duration;
  const all = summary([...(latencies.get('view') ?? []), ...(latencies.get('add') ?? [])]);
  const v = summary(latencies.get('view') ?? []);
  const a = summary(latencies.get('add') ?? []);
  const perSecond = all.n / seconds;
  console.log(`   machine before the run: ${machine}`);
  console.log(`   requests ${num(result.requests.total)} in ${seconds} s; ${statusLine(result)}`);
  console.log(`   ${cpu}`);
  console.log('                 count        per s    p50       p90       p99       max');
  const row = (name: string, s: ReturnType<typeof summary>) =>
    console.log(
      `   ${name.padEnd(12)} ${num(s.n).padStart(7)}  ${num(s.n / seconds).padStart(9)}    ${ms(s.p50).padEnd(9)} ${ms(s.p90).padEnd(9)} ${ms(s.p99).padEnd(9)} ${ms(s.max)}`,
    );
  row('leads/view', v);
  row('leads/add', a);
  row('all', all);
  // Every acknowledged request has its event; at most one request per connection was cut off at the end
  // and may have been written without an answer.
  const lostViews = Math.max(0, acknowledged.views - views);
  const lostLeads = Math.max(0, acknowledged.leads - leads);
  const unexplained = Math.max(0, views - acknowledged.views - LEAD_CONNECTIONS) + Math.max(0, leads - acknowledged.leads - LEAD_CONNECTIONS);
  console.log(
    `   events: LeadPageViewed ${num(views)} for ${num(acknowledged.views)} acknowledged views, LeadCaptured ${num(leads)} for ${num(acknowledged.leads)} acknowledged leads (every e-mail new: one event each)`,
  );
  console.log(
    `   target ≥ ${num(TARGETS.leadRequestsPerSecond)} req/s with p99 < ${TARGETS.leadP99} ms: ${num(perSecond)} req/s, p99 ${ms(all.p99)} → ${verdict(perSecond >= TARGETS.leadRequestsPerSecond && all.p99 < TARGETS.leadP99)}`,
  );
  console.log(`   lost: ${lostViews + lostLeads}, unexplained extra events: ${unexplained}`);
  return { ok: failures(result) === 0 && lostViews === 0 && lostLeads === 0 && unexplained === 0, perSecond, p99: all.p99 };
}

// ---------------------------------------------------------------------------------------------------
// Open loop: arrivals at a fixed rate, ramped; the same ramp against the floor; 1 and 2 server processes

/**
 * One target of an open-loop ramp: what an arrival sends, and — after each step, every request answered —
 * whether every acknowledged write is where it must be.
 */
interface OpenTarget {
  /** Sends the request of one arrival meant to leave at `intended` (performance.now() time). */
  arrive(intended: number, step: Step): void;
  /** Arrivals held back (no learner free): they count towards the backlog that ends a step early. */
  backlog?(): number;
  /** The step ended early: forget arrivals still held back. */
  stopped?(): void;
  /** After the step, every request answered: `lost` when an acknowledged write is not there (or one not acknowledged is). */
  check(): Promise<{ lost: boolean; line: string }>;
}

const ok2xx = (a: Answer) => a.status >= 200 && a.status < 300;

/**
 * A ramp of open-loop steps against `target` (see bench/open-loop.ts): the highest rate held, and whether every
 * step's writes check held (a write acknowledged and not there is a failure at any rate).
 */
async function openRamp(
  title: string,
  target: OpenTarget,
  serving: { pids: () => number[]; postgresPid?: number },
  options = RAMP,
): Promise<{ rate: number; writesOk: boolean; cpu?: number }> {
  let writesOk = true;
  /** Server and PostgreSQL CPU per request at each rate held (the embedded server only). */
  const cpuAt = new Map<number, number>();
  const runStep = async (rate: number, seconds: number) => {
    const step = new Step();
    const meter = cpuMeter(serving.pids(), serving.postgresPid);
    const run = await paced(
      rate,
      seconds,
      (intended) => target.arrive(intended, step),
      () => step.outstanding + (target.backlog?.() ?? 0),
    );
    if (run.stoppedEarly) target.stopped?.();
    await step.drain();
    const all = summary([...step.latencies.values()].flat());
    // What one request cost the cores, which the rates held come down to once they are busy: the generator's (it
    // shares them), the serving processes' and PostgreSQL's (its backends; the embedded server only), per answered
    // request, the writes check after it not counted.
    const cpu = meter.used(all.n);
    const check = await target.check();
    if (check.lost) writesOk = false;
    const perRequest = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(2) : '—');
    const held = !run.stoppedEarly && step.failed === 0 && all.p99 < P99_MS && !check.lost;
    if (held && Number.isFinite(cpu.postgres)) cpuAt.set(rate, cpu.server + cpu.postgres);
    console.log(
      `   ${num(rate).padStart(7)}  ${num(all.n / run.seconds).padStart(9)}   ${ms(all.p50).padEnd(9)} ${ms(all.p90).padEnd(9)} ${ms(all.p99).padEnd(9)} ${ms(all.max).padEnd(9)} ` +
        `${ms(summary(step.late).p99).padEnd(9)} ${cpu.bench.toFixed(2).padStart(5)} ms ${perRequest(cpu.server).padStart(5)} ms ${perRequest(cpu.postgres).padStart(5)} ms ${num(step.failed).padStart(6)}  ${check.line} → ${held ? 'held' : 'MISSED'}` +
        (run.stoppedEarly ? ` (stopped after ${run.seconds.toFixed(1)} s: more than a second of arrivals unanswered)` : ''),
    );
    // Where the time goes when a target sends more than one kind of request (reads and writes, views and leads).
    if (step.latencies.size > 1)
      for (const [kind, xs] of step.latencies) {
        const k = summary(xs);
        console.log(
          `             ${kind.padEnd(11)} ${num(k.n).padStart(7)}   ${ms(k.p50).padEnd(9)} ${ms(k.p90).padEnd(9)} ${ms(k.p99).padEnd(9)} ${ms(k.max)}`,
        );
      }
    for (const [what, n] of [...step.failures].slice(0, 3)) console.log(`             ${num(n)} × ${what}`);
    return held;
  };
  console.log(`\n${title}`);
  console.log(`   machine before the ramp: ${calibrate()}`);
  console.log(
    `   step: ${STEP_SECONDS} s (BENCH_STEP_SECONDS); held = p99 < ${P99_MS} ms from the intended send time, no errors, every acknowledged write there`,
  );
  console.log('    rate/s  answered/s  p50       p90       p99       max       late p99  CPU/req: gen    server   PostgreSQL  errors  writes');
  // Connections opened, code compiled, pools filled, visitors reading: not part of any step's figures.
  const first = options.rates?.[0] ?? options.start;
  process.stdout.write(`   warm-up, ${WARMUP_SECONDS} s (BENCH_WARMUP_SECONDS):\n`);
  await runStep(first, WARMUP_SECONDS);
  await new Promise((r) => setTimeout(r, 1000));
  const rate = await ramp(options, (rate) => runStep(rate, STEP_SECONDS));
  return { rate, writesOk, cpu: cpuAt.get(rate) };
}

/** Learners who signed in earlier: a session row each, as a login leaves it (logins are not what this measures). */
async function signIn(pool: pg.Pool, learners: Learner[]) {
  const tokens = learners.map(() => newToken());
  await pool.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT h, u, now() + interval '30 days' FROM unnest($1::bytea[], $2::uuid[]) AS t(h, u)`,
    [tokens.map(tokenHash), learners.map((l) => l.userId)],
  );
  learners.forEach((l, i) => (l.cookie = `${SESSION_COOKIE}=${tokens[i]}`));
}

/**
 * Learners in the open loop: each arrival is the next action of the learner idle longest (so each pauses about
 * learners ÷ rate seconds between actions); an arrival that finds every learner waiting for an answer waits
 * for the first one free, its latency still counted from when it was due. Requests go to `servers` in turn.
 */
function learnerTarget(servers: Server[], learners: Learner[], client: Client, pool: pg.Pool, before: EventCount[]): OpenTarget {
  const idle = [...learners];
  let heldBack: number[] = [];
  let turn = 0;
  const act = (l: Learner, intended: number, step: Step) => {
    const server = servers[turn++ % servers.length]!;
    const next = nextLearnerRequest(l);
    const headers = browserHeaders(server, { cookie: l.cookie, ...(next.body ? { 'content-type': 'application/json' } : {}) });
    void step
      .track(
        next.method === 'GET' ? 'read' : 'write',
        intended,
        () => client.send(server.url + next.path, next.method, headers, next.body ? JSON.stringify(next.body) : undefined),
        ok2xx,
      )
      .then((answer) => {
        if (!answer)
          l.uncertain = true; // no answer: whether it was written is unknown
        else if (ok2xx(answer)) {
          next.apply();
          if (next.writes) l.expected[next.writes]++;
        }
        const due = heldBack.shift();
        if (due === undefined) idle.push(l);
        else act(l, due, step);
      });
  };
  return {
    arrive(intended, step) {
      const l = idle.shift();
      if (l) act(l, intended, step);
      else heldBack.push(intended);
    },
    backlog: () => heldBack.length,
    stopped: () => void (heldBack = []),
    async check() {
      const c = checkWrites(learners, before, await countEvents(pool, WRITE_TYPES));
      return {
        lost: c.lost > 0 || c.unexpected > 0,
        line: `${num(c.expectedTotal)} events expected, lost ${c.lost}, unexpected ${c.unexpected}${c.unchecked ? `, ${c.unchecked} learners unchecked` : ''}`,
      };
    },
  };
}

/**
 * Lead pages in the open loop: an arrival is a new visitor opening a page (leads/view), or — when a visitor
 * has been reading it for BENCH_LEAD_THINK_SECONDS — that visitor leaving a new e-mail on its form
 * (leads/add, with the cookie the view set); half and half once visitors are reading.
 */
async function leadTarget(server: Server, client: Client, pool: pg.Pool): Promise<OpenTarget> {
  const count = async () => {
    const { rows } = await pool.query<{ type: string; n: number }>('SELECT type, count(*)::int AS n FROM events WHERE type = ANY($1) GROUP BY type', [
      [LeadCaptured.type, LeadPageViewed.type],
    ]);
    const n = Object.fromEntries(rows.map((r) => [r.type, r.n])) as Record<string, number | undefined>;
    return { views: n[LeadPageViewed.type] ?? 0, leads: n[LeadCaptured.type] ?? 0 };
  };
  const before = await count();
  const reading: Array<{ cookie?: string; form: (typeof LEAD_FORMS)[number]; since: number }> = [];
  const acknowledged = { views: 0, leads: 0 };
  /** Requests that failed without an answer: their event may be there or not. */
  let unanswered = 0;
  let visitors = 0;
  let emails = 0;
  const run = Date.now().toString(36);
  const headers = (cookie?: string) => browserHeaders(server, { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
  return {
    arrive(intended, step) {
      const visitor = reading[0];
      if (visitor && visitor.since + LEAD_THINK_SECONDS * 1000 <= intended) {
        reading.shift();
        const body = JSON.stringify({ email: `visita${emails++}.${run}@carga.test`, nick: 'Lucía', ...visitor.form });
        void step
          .track('leads/add', intended, () => client.send(`${server.url}/api/leads/add`, 'POST', headers(visitor.cookie), body), ok2xx)
          .then((a) => {
            if (!a) unanswered++;
            else if (ok2xx(a)) acknowledged.leads++;
          });
        return;
      }
      const form = LEAD_FORMS[visitors++ % LEAD_FORMS.length]!;
      const body = JSON.stringify({ page: form.page === 'Newsletter Archive' ? 'newsletter' : form.page });
      void step
        .track('leads/view', intended, () => client.send(`${server.url}/api/leads/view`, 'POST', headers(), body), ok2xx)
        .then((a) => {
          if (!a || !ok2xx(a)) return;
          acknowledged.views++;
          const cookie = [a.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('mf_visitor='));
          reading.push({ cookie: cookie?.split(';')[0], form, since: performance.now() });
        });
    },
    async check() {
      const now = await count();
      const views = now.views - before.views;
      const leads = now.leads - before.leads;
      return {
        // A request that failed without an answer may have written its event: more events than acknowledged
        // requests is lost only when nothing failed.
        lost: views < acknowledged.views || leads < acknowledged.leads || (!unanswered && (views > acknowledged.views || leads > acknowledged.leads)),
        line: `LeadPageViewed ${num(views)} for ${num(acknowledged.views)} views, LeadCaptured ${num(leads)} for ${num(acknowledged.leads)} leads`,
      };
    },
  };
}

/** The floor: one single-row INSERT per request (bench/floor-server.ts); every acknowledged row must be there. */
async function floorTarget(server: Server, client: Client, pool: pg.Pool): Promise<OpenTarget> {
  const rows = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_floor')).rows[0]!.n;
  const before = await rows();
  let acknowledged = 0;
  /** Requests that failed without an answer: their row may be there or not. */
  let unanswered = 0;
  let n = 0;
  const headers = browserHeaders(server, { 'content-type': 'application/json' });
  return {
    arrive(intended, step) {
      // A body the size of a learner's write.
      const body = JSON.stringify({ activityId: WHEEL_ACTIVITY, areaId: AREA_IDS[n % AREA_IDS.length], score: n++ % 11 });
      void step
        .track('floor', intended, () => client.send(`${server.url}/floor`, 'POST', headers, body), ok2xx)
        .then((a) => {
          if (!a) unanswered++;
          else if (ok2xx(a)) acknowledged++;
        });
    },
    async check() {
      const written = (await rows()) - before;
      return { lost: written < acknowledged || (!unanswered && written > acknowledged), line: `rows ${num(written)} for ${num(acknowledged)} acknowledged` };
    },
  };
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)} %` : '—');

async function openWorkload(db: BenchDatabase, dataDir: string) {
  const { pool } = db;
  const client = httpClient(OPEN_CONNECTIONS);
  const children: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const c of children.splice(0).reverse()) await c.stop();
  };
  const rates = { floor: 0, learners: 0, leads: 0, one: 0, two: 0 };
  let ok = true;
  /** The rate a ramp held; a write lost at any step fails the bench (a rate missed is a figure, not a failure). */
  /** Server and PostgreSQL CPU per request at the rate each ramp held (embedded PostgreSQL only). */
  const cpu: Partial<Record<keyof typeof rates, number>> = {};
  const held = (part: keyof typeof rates, { rate, writesOk, cpu: used }: { rate: number; writesOk: boolean; cpu?: number }) => {
    if (!writesOk) ok = false;
    if (used !== undefined) cpu[part] = used;
    return rate;
  };
  console.log(
    `\nOpen loop: arrivals at a fixed rate (Poisson) from a paced scheduler on undici (${OPEN_CONNECTIONS} keep-alive connections, BENCH_OPEN_CONNECTIONS), ` +
      `each latency measured from the request's intended send time. Rates ramp ×${RAMP.factor} from ${RAMP.start}/s (BENCH_RATE_START, BENCH_RATE_FACTOR; ` +
      `or BENCH_RATES) until a step misses, then ${RAMP.refine} halvings of the gap (BENCH_REFINE).`,
  );
  try {
    let learners: Learner[] = [];
    let before: EventCount[] = [];
    const app = await startServer(db.url, dataDir);
    children.push(app);
    const postgresPid = embeddedPostgresPid(db);
    const serving = (...processes: Array<{ pid: number }>) => ({ pids: () => processes.map((p) => p.pid), postgresPid });
    if (PARTS.has('learners') || PARTS.has('processes')) {
      const started = performance.now();
      learners = await createLearners(db, OPEN_LEARNERS);
      await signIn(pool, learners);
      await startLoop(app, learners);
      // Each learner starts at a different point of the loop: the mix is the loop's from the first arrivals on.
      for (const l of learners) l.step = l.index % LOOP.length;
      before = await countEvents(pool, WRITE_TYPES);
      console.log(`   ${num(OPEN_LEARNERS)} learners signed in and at the loop's start in ${ms(performance.now() - started)}`);
    }

    if (PARTS.has('floor')) {
      await pool.query(
        'CREATE TABLE IF NOT EXISTS bench_floor (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())',
      );
      const floor = await startServer(db.url, dataDir, { script: 'bench/floor-server.ts' });
      rates.floor = held(
        'floor',
        await openRamp(
          `F. Floor: a bare Fastify route, one single-row INSERT per request through pg (pool of ${POOL_SIZE}, as the app's), same database`,
          await floorTarget(floor, client, pool),
          serving(floor),
        ),
      );
      await floor.stop();
    }
    if (PARTS.has('learners')) {
      rates.learners = held(
        'learners',
        await openRamp(
          `O1. Learners, open loop: ${OPEN_LEARNERS} signed-in learners (BENCH_OPEN_LEARNERS), the closed loop's mix of reads and writes, one server process (WORKERS=${WORKERS})`,
          learnerTarget([app], learners, client, pool, before),
          serving(app),
        ),
      );
    }
    if (PARTS.has('leads')) {
      rates.leads = held(
        'leads',
        await openRamp(
          `O2. Lead pages, open loop: new visitors open a page; ${LEAD_THINK_SECONDS} s later (BENCH_LEAD_THINK_SECONDS) each leaves a new e-mail on its form`,
          await leadTarget(app, client, pool),
          serving(app),
        ),
      );
    }
    await stopAll();

    if (PARTS.has('processes')) {
      // As production runs them: HTTP processes without workers, and one worker process for jobs and async projections.
      const worker = await startWorker(db.url, dataDir);
      children.push(worker);
      const servers = [await startServer(db.url, dataDir, { workers: 'false' })];
      children.push(servers[0]!);
      // Where 1 process held, 2 start a little below: a shorter ramp.
      const from = (held: number) => (held ? { ...RAMP, start: Math.max(RAMP.start, Math.round(held * 0.6)) } : RAMP);
      rates.one = held(
        'one',
        await openRamp(
          'P1. Learners, open loop: 1 server process (WORKERS=false) + 1 worker process (npm run worker)',
          learnerTarget(servers, learners, client, pool, before),
          { pids: () => [...servers, worker].map((p) => p.pid), postgresPid },
          from(rates.learners),
        ),
      );
      servers.push(await startServer(db.url, dataDir, { workers: 'false' }));
      children.push(servers[1]!);
      rates.two = held(
        'two',
        await openRamp(
          'P2. Learners, open loop: 2 server processes (WORKERS=false, requests to each in turn) + 1 worker process',
          learnerTarget(servers, learners, client, pool, before),
          { pids: () => [...servers, worker].map((p) => p.pid), postgresPid },
          from(rates.one),
        ),
      );
    }
  } finally {
    client.close();
    await stopAll();
  }

  console.log('\nOpen loop, the highest rate held (p99 < 100 ms, no errors, no lost writes):');
  if (PARTS.has('floor')) console.log(`   floor (one INSERT per request)       ${num(rates.floor).padStart(6)}/s`);
  if (PARTS.has('learners'))
    console.log(
      `   learners                             ${num(rates.learners).padStart(6)}/s = ${percent(rates.learners, rates.floor)} of the floor (target ≥ 60 %)`,
    );
  if (PARTS.has('leads'))
    console.log(
      `   lead pages (leads/view + leads/add)  ${num(rates.leads).padStart(6)}/s = ${percent(rates.leads, rates.floor)} of the floor (target ≥ 75 %)`,
    );
  if (PARTS.has('processes'))
    console.log(
      `   learners, 1 server + worker          ${num(rates.one).padStart(6)}/s; 2 servers + worker ${num(rates.two)}/s (×${(rates.two / rates.one || 0).toFixed(2)})`,
    );
  // Once the cores are the limit, the rates held come down to what one request costs them: the same shares in CPU
  // (the serving processes and PostgreSQL, at the rate each held; the generator's part left out).
  if (cpu.floor !== undefined) {
    console.log(`\nCPU per request at the rate held (server + PostgreSQL): floor ${cpu.floor.toFixed(2)} ms`);
    for (const [part, label] of [
      ['learners', 'learners'],
      ['leads', 'lead pages'],
    ] as const) {
      const used = cpu[part];
      if (used !== undefined) console.log(`   ${label.padEnd(11)} ${used.toFixed(2)} ms: the floor costs ${percent(cpu.floor, used)} of it`);
    }
  }
  return { ok };
}

// ---------------------------------------------------------------------------------------------------
// 3. The SPA shell

async function staticWorkload(server: Server) {
  const index = readFileSync(path.join(ROOT, 'dist/client/index.html'), 'utf8');
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
  if (!entry) throw new Error('no /assets/*.js entry script in dist/client/index.html');
  console.log(`\n3. SPA shell: GET / and GET ${entry} alternately, accept-encoding: br, gzip; ${STATIC_CONNECTIONS} connections, ${SECONDS} s`);
  // node:http rather than fetch, which would decompress: the bytes counted are the bytes on the wire.
  const headersOf = (p: string) =>
    new Promise<{ status: number; encoding: string; cache: string; bytes: number }>((resolve, reject) => {
      http
        .get(server.url + p, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: String(res.headers['content-encoding'] ?? 'none'),
              cache: String(res.headers['cache-control'] ?? 'none'),
              bytes,
            }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const shell = await headersOf('/');
  const asset = await headersOf(entry);
  const machine = calibrate();
  const meter = cpuMeter([server.pid], server.postgresPid);
  const { result, latencies } = await cannon(
    {
      url: server.url,
      connections: STATIC_CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      headers: { 'accept-encoding': 'br, gzip', accept: '*/*' },
      requests: [
        { path: '/', setupRequest: (r, c) => (((c as Record<string, unknown>).kind = 'index.html'), r) },
        { path: entry, setupRequest: (r, c) => (((c as Record<string, unknown>).kind = 'asset'), r) },
      ],
    },
    (context) => context.kind as string | undefined,
  );
  const seconds = result.duration;
  const cpu = meter.perRequest(result.requests.total);
  console.log(`   machine before the run: ${machine}`);
  console.log(
    `   requests ${num(result.requests.total)} in ${seconds} s (${num(result.requests.total / seconds)} req/s, ${(result.throughput.average / 1e6).toFixed(1)} MB/s); ${statusLine(result)}`,
  );
  console.log(`   ${cpu}`);
  for (const [name, h, kind] of [
    ['/ (index.html)', shell, 'index.html'],
    [entry, asset, 'asset'],
  ] as const) {
    const s = summary(latencies.get(kind) ?? []);
    console.log(
      `   ${name}: ${num(s.n / seconds)} req/s, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}; status ${h.status}, ${num(h.bytes)} bytes on the wire, content-encoding: ${h.encoding}, cache-control: ${h.cache}`,
    );
  }
  return { ok: failures(result) === 0 };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  if (MODES.has('closed') && PARTS.has('static') && !existsSync(path.join(ROOT, 'dist/client/index.html'))) {
    console.log('dist/client is missing: building the SPA (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const db = await openBenchDatabase(`manifiesta_load_bench_${Date.now()}`, 8);
  const { pool } = db;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manifiesta-load-'));
  let server: Server | undefined;
  let ok = true;
  try {
    await migrate(pool);
    const { rows: v } = await pool.query<{ server_version: string }>('SHOW server_version');
    console.log(
      `Load benchmark: the server as a child process (NODE_ENV=production, WORKERS=${WORKERS}, pool of ${POOL_SIZE}), PostgreSQL ${v[0]!.server_version}${db.embeddedDir ? ' (embedded)' : ''}, ` +
        `the load generator in this process on the same ${os.cpus().length} cores (load generator, server and database share them). ` +
        `All load comes from one address (127.0.0.1), so the per-address rate limits are raised for the run.`,
    );
    if (MODES.has('open')) ok = (await openWorkload(db, dataDir)).ok;
    if (MODES.has('closed')) {
      console.log('\nClosed loop (autocannon): each connection sends its next request as soon as the last is answered.');
      server = await startServer(db.url, dataDir);
      server.postgresPid = embeddedPostgresPid(db);
      const skipped = { ok: true };
      const learners = PARTS.has('learners') ? await learnerWorkload(server, db) : skipped;
      const leads = PARTS.has('leads') ? await leadWorkload(server, pool) : skipped;
      const shell = PARTS.has('static') ? await staticWorkload(server) : skipped;
      ok = ok && learners.ok && leads.ok && shell.ok;
    }
    console.log(`\n${ok ? 'no errors, no lost writes' : 'FAILED: errors or lost writes (see above)'}`);
  } finally {
    await server?.stop();
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
