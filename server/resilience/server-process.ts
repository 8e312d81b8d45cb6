// The real server (server/main.ts) as a child process for the fault tests, and learners signed in to it
// over HTTP: what a crash, a kill or a lost database does is seen as an operator would see it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_IDS } from '../../course/areas';
import { EmailVerified, learnerStreamId, UserRegistered } from '../../events/accounts/accounts.events';
import type { EventStore } from '../../events/store/event-store';
import { deterministicUuid } from '../../events/store/ids';
import { freePort } from '../db/embedded';
import { hashPassword } from '../features/accounts/secrets';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Every line the process wrote to stdout and stderr, in order. */
  lines: string[];
  /** Set once the process has exited: its code or signal. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Stops it (SIGTERM, then SIGKILL after 15 s) and removes its data folder. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all. Resolves when the process is gone. */
  kill(): Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts` (or node with `args`, e.g. a compiled server) on a free port against
 * `databaseUrl`; resolves when it is ready.
 */
export function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  args: readonly string[] = ['--import', 'tsx', 'server/main.ts'],
): Promise<ServerProcess> {
  return startProcess(args, 'Manifiesta is ready at', databaseUrl, env);
}

/**
 * Starts `node --import tsx server/worker.ts` (`npm run worker`) against `databaseUrl`; resolves when its workers
 * run. Its `baseUrl` is the server address it would have had, unused: a worker answers no HTTP but its metrics.
 */
export function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startProcess(['--import', 'tsx', 'server/worker.ts'], "Manifiesta's workers are running", databaseUrl, env);
}

async function startProcess(args: readonly string[], readyLine: string, databaseUrl: string, env: Record<string, string>): Promise<ServerProcess> {
  // A PORT given is kept (a process started again where the load balancer expects it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-fault-'));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SERVE_CLIENT: 'false',
      WORKERS: 'true',
      RATE_LIMIT_PER_IP: '10000',
      // The steady traffic below writes every few milliseconds per learner: a script's pace, on purpose.
      RATE_LIMIT_WRITES_PER_USER: '1000000',
      RATE_LIMIT_WRITES_BURST: '1000000',
      RATE_LIMIT_WRITES_PER_USER_PER_DAY: '1000000',
      DATABASE_POOL_SIZE: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    lines: [],
    exit: undefined,
    async stop() {
      if (!server.exit) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (!server.exit) child.kill('SIGKILL');
      await exited;
    },
  };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      server.exit = { code, signal };
      resolve();
    }),
  );
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const line of parts) {
        server.lines.push(line);
        if (line.includes(readyLine)) ready();
      }
    });
  }
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${args.join(' ')} not ready after 60 s:\n${server.lines.join('\n')}`)), 60_000).unref(),
  );
  const died = exited.then(() => {
    throw new Error(`${args.join(' ')} exited before it was ready (${JSON.stringify(server.exit)}):\n${server.lines.join('\n')}`);
  });
  await Promise.race([isReady, deadline, died]);
  return server;
}

export interface HttpLearner {
  userId: string;
  cookie: string;
}

/** A verified account written through the store, then signed in through the server's login route. */
export async function signedInLearner(store: EventStore, baseUrl: string): Promise<HttpLearner> {
  const userId = randomUUID();
  const email = `fallas-${userId.slice(0, 8)}@example.com`;
  const password = 'clave-de-prueba-123';
  const hash = await hashPassword(password);
  await store.append(
    learnerStreamId(userId),
    [UserRegistered.create({ userId, username: `fallas-${userId.slice(0, 8)}`, email }), EmailVerified.create({ userId })],
    {
      expectedVersion: 0,
      alsoInTransaction: async (tx) => {
        await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, hash]);
      },
    },
  );
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('mf_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return { userId, cookie };
}

/** One answer as the fault tests look at it. */
export interface Answer {
  at: number;
  /** When the answer arrived. */
  doneAt: number;
  method: string;
  url: string;
  status: number;
  retryAfter: string | null;
  body: string;
}

/** A request with the learner's cookie; a network failure (server gone) is status 0. */
export async function call(
  baseUrl: string,
  learner: HttpLearner,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie: learner.cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { at, doneAt: Date.now(), method, url, status: res.status, retryAfter: res.headers.get('retry-after'), body: text };
  } catch (err) {
    return { at, doneAt: Date.now(), method, url, status: 0, retryAfter: null, body: String((err as Error).message) };
  }
}

/**
 * Every projection table, each as sorted JSON rows: after async projections are caught up, comparing
 * this before and after rebuildProjections says whether the read models are exactly the log's fold.
 */
export async function dumpProjections(pool: import('pg').Pool, tables: readonly string[]): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of [...tables].sort()) {
    const { rows } = await pool.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
    dump[table] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return dump;
}

export interface Write {
  answer: Answer;
  /** The event id the server derives from the Idempotency-Key: present in the log iff the write happened. */
  eventId: string;
  /**
   * A rating that may legitimately record nothing: scores cycle through 0–10, so after more than ten failed
   * attempts on an area (a long outage) a new score can equal the one the area already holds.
   */
  rating?: { userId: string; areaId: string; score: number };
}

/**
 * One learner's steady traffic until `stop()`: a new reflection text, a new rating (each differs from
 * the area's current score, so every write records an event), and the two reads the course page makes.
 */
export function learnerTraffic(baseUrl: string, l: HttpLearner, index: number) {
  const writes: Write[] = [];
  const reads: Answer[] = [];
  let running = true;
  const done = (async () => {
    for (let k = 0; running; k++) {
      const key = `fallo-${index}-${k}-${Date.now()}`;
      const headers = { 'idempotency-key': key };
      switch (k % 4) {
        case 0: {
          const answer = await call(
            baseUrl,
            l,
            'POST',
            '/api/activity/saveReflection',
            { activityId: '12-areas-balance', text: `Reflexión ${index}.${k}` },
            headers,
          );
          writes.push({ answer, eventId: deterministicUuid('/api/activity/saveReflection', key, '0') });
          break;
        }
        case 1:
        case 3: {
          // Area k mod 12 was last set 12 writes ago to (k - 12) mod 11, never to k mod 11.
          const body = { activityId: '12-areas-balance', areaId: AREA_IDS[k % 12]!, score: k % 11 };
          const answer = await call(baseUrl, l, 'POST', '/api/activity/saveRating', body, headers);
          writes.push({
            answer,
            eventId: deterministicUuid('/api/activity/saveRating', key, '0'),
            rating: { userId: l.userId, areaId: body.areaId, score: body.score },
          });
          break;
        }
        case 2:
          reads.push(await call(baseUrl, l, 'GET', '/api/activity/getCompletionStatus'));
          reads.push(await call(baseUrl, l, 'GET', '/api/activity/getActivityRatings?activityId=12-areas-balance'));
          break;
      }
      await new Promise((r) => setTimeout(r, 15));
    }
  })();
  return {
    writes,
    reads,
    async stop() {
      running = false;
      await done;
    },
  };
}
