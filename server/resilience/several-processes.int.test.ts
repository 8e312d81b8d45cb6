// Two app processes (WORKERS=false) and one worker process (`npm run worker`) on one database, as a deployment
// behind a load balancer runs them. Learners sign up, open the link of the mail the worker sent, log in and work
// through the course while visitors view lead pages and download (each download mails a welcome), every request
// going to the next process in turn. Midway one app process is killed with SIGKILL and started again; what was on
// its wire is sent again, with the same Idempotency-Key, to the other, as a browser's retry through the balancer.
// Then: every acknowledged write is in the log exactly as many times as it was acknowledged, the async projections
// hold what `npm run db:rebuild` makes of the same log, and every mail job ran once (one mail each, none waiting).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../course/areas';
import { WHEEL_ACTIVITY } from '../../course/activities';
import { EmailVerified, learnerStreamId, UserRegistered } from '../../events/accounts/accounts.events';
import { ReflectionSaved } from '../../events/course/course.events';
import { visitorStreamId } from '../../events/leads/leads';
import { LeadCaptured, LeadPageViewed, visitStreamId } from '../../events/leads/leads.events';
import { projections } from '../../events/registry';
import { AreaRated } from '../../events/wheel/wheel.events';
import { EMAIL_SEND } from '../../jobs/email/send-email';
import { waitFor } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { freePort } from '../db/embedded';
import { VISITOR_COOKIE } from '../features/leads/visitor';
import { dumpProjections, startServerProcess, startWorkerProcess, type ServerProcess } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The site's one public address, in front of both app processes: mail links point at it, browsers send it as Origin. */
const PUBLIC_URL = 'http://manifiesta.test';
const METRICS_TOKEN = 'token-de-metricas-del-worker-5d2a';
const PASSWORD = 'clave-de-prueba-123';
const LEARNERS = 6;
const VISITORS = 3;
/** All traffic comes from loopback, at a script's pace: the per-address limits for people would refuse it. */
const APP_ENV = { WORKERS: 'false', PUBLIC_URL, LEAD_RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_IP: '100000', METRICS_TOKEN };

let db: TestDatabase;
let smtp: SmtpCapture;
let worker: ServerProcess;
let workerMetrics: string;
/** The app processes behind the balancer, by slot; a slot's process is replaced when it is started again. */
const apps: ServerProcess[] = [];
const everyProcess: ServerProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  const metricsPort = await freePort();
  workerMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
  // All three at once on a database none has started on: their start-up writes (the archive's first letters) meet.
  const started = await Promise.all([
    startWorkerProcess(db.url, { PUBLIC_URL, SMTP_URL: smtp.url, METRICS_TOKEN, METRICS_PORT: String(metricsPort) }),
    startServerProcess(db.url, APP_ENV),
    startServerProcess(db.url, APP_ENV),
  ]);
  worker = started[0];
  apps.push(started[1], started[2]);
  everyProcess.push(...started);
}, 120_000);

afterAll(async () => {
  for (const p of everyProcess) await p.stop();
  await smtp?.close();
  await db?.drop();
});

// ---------------------------------------------------------------------------------------------------
// The balancer and the browsers

interface Sent {
  /** The final answer's status; 0 never (a request is sent again until a process answers). */
  status: number;
  body: string;
  setCookies: string[];
  /** Attempts that got no answer (connection refused or cut by the kill) before this one. */
  unanswered: number;
}

let turn = 0;
/** Attempts that reached a process and got no answer: on its wire when it was killed. */
let cutOff = 0;
const servedAfterRestart = { count: 0, restartedAt: Infinity };

/**
 * One request through the balancer: to the next app process in turn; when no answer comes (the process is gone,
 * or was killed with the request on its wire) the same request — same Idempotency-Key — goes to the next one, as a
 * balancer's retry of a failed connection or the browser's own retry would.
 */
async function send(method: 'GET' | 'POST', url: string, { body, cookie, key }: { body?: object; cookie?: string; key?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    origin: PUBLIC_URL,
    'sec-fetch-site': 'same-origin',
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(cookie ? { cookie } : {}),
    ...(key ? { 'idempotency-key': key } : {}),
  };
  const deadline = Date.now() + 60_000;
  for (let unanswered = 0; ; unanswered++) {
    const slot = turn++ % apps.length;
    const server = apps[slot]!;
    try {
      const res = await fetch(server.baseUrl + url, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      if (Date.now() > servedAfterRestart.restartedAt && slot === 1) servedAfterRestart.count++;
      return { status: res.status, body: text, setCookies: res.headers.getSetCookie(), unanswered };
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${method} ${url}: no process answered within 60 s`, { cause: err });
      // Refused: nothing listened (the process was down). Anything else: the request was on the wire when it died.
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') cutOff++;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** A write whose answer must be 2xx (anything else is a failure of the test, not a lost request). */
async function write(url: string, body: object, options: { cookie?: string; key?: string } = {}): Promise<Sent> {
  const res = await send('POST', url, { body, key: randomUUID(), ...options });
  if (res.status < 200 || res.status > 299) throw new Error(`POST ${url}: ${res.status} ${res.body}`);
  return res;
}

interface Learner {
  email: string;
  userId?: string;
  cookie?: string;
  ratings: number;
  reflections: number;
  /** Requests that had to be sent again (their first attempt unanswered). */
  resent: number;
  /** A login sent again: the browser that made it never saw its cookie, so the account may get a new-browser notice. */
  loginResent: boolean;
}

interface Visitor {
  visitorId: string;
  views: number;
  /** The addresses of its downloads, each acknowledged once. */
  downloads: string[];
  resent: number;
}

const learners: Learner[] = [];
const visitors: Visitor[] = [];
let running = true;

/** The link of the verification mail the worker sent to `email`. */
async function verificationToken(email: string): Promise<string> {
  const mail = await waitFor(() => smtp.mailsTo(email).find((m) => /verify-email\?token=/.test(m.mail.text ?? '')), {
    timeoutMs: 30_000,
    what: `the verification mail to ${email}`,
  });
  return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.mail.text!)![1]!;
}

/** A browser: signs up, opens the mail's link, logs in, then rates areas and writes reflections until told to stop. */
async function learnerJourney(index: number) {
  const l: Learner = { email: `varios-${index}-${randomUUID().slice(0, 8)}@example.com`, ratings: 0, reflections: 0, resent: 0, loginResent: false };
  learners.push(l);
  const count = (res: Sent) => ((l.resent += res.unanswered ? 1 : 0), res);

  count(await write('/api/auth/signup', { username: 'Aprendiz', email: l.email, password: PASSWORD }));
  const token = await verificationToken(l.email);
  const verified = count(await send('GET', `/api/auth/verifyEmail?token=${token}`));
  // A link opened again after its first opening went unanswered is spent: the account is verified all the same.
  if (!(verified.status === 200 || (verified.unanswered > 0 && verified.status === 400))) throw new Error(`verify: ${verified.status} ${verified.body}`);
  const login = count(await write('/api/auth/login', { email: l.email, password: PASSWORD }, { key: undefined }));
  l.loginResent = login.unanswered > 0;
  l.cookie = login.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('mf_session='));
  if (!l.cookie) throw new Error('login set no session cookie');
  l.userId = (JSON.parse(login.body) as { data: { id: string } }).data.id;

  for (let k = 0; running; k++) {
    if (k % 3 === 2) {
      const res = await send('GET', '/api/activity/getCompletionStatus', { cookie: l.cookie });
      if (res.status !== 200) throw new Error(`getCompletionStatus: ${res.status} ${res.body}`);
    } else if (k % 3 === 0) {
      // Area k mod 12 last got (k - 12) mod 11, never k mod 11: every rating records one event.
      count(await write('/api/activity/saveRating', { activityId: WHEEL_ACTIVITY, areaId: AREA_IDS[k % 12]!, score: k % 11 }, { cookie: l.cookie }));
      l.ratings++;
    } else {
      count(await write('/api/activity/saveReflection', { activityId: WHEEL_ACTIVITY, text: `Reflexión ${index}.${k}` }, { cookie: l.cookie }));
      l.reflections++;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A visitor of the lead pages (its visitor cookie kept, as a browser does): views, and now and then a download. */
async function visitorJourney(index: number) {
  const v: Visitor = { visitorId: randomUUID(), views: 0, downloads: [], resent: 0 };
  visitors.push(v);
  const cookie = `${VISITOR_COOKIE}=${v.visitorId}`;
  for (let k = 0; running; k++) {
    const view = await write('/api/leads/view', { page: 'nostalgia' }, { cookie });
    v.views++;
    v.resent += view.unanswered ? 1 : 0;
    // Now and then a download, whose welcome mail the worker sends (one at a time: a few a second here).
    if (k % 15 === 14) {
      const email = `lectora-${index}-${k}-${randomUUID().slice(0, 6)}@example.com`;
      const add = await write('/api/leads/add', { email, nick: 'Lectora', page: 'niveles', section: 'pdf', status: 'downloaded' }, { cookie });
      v.downloads.push(email);
      v.resent += add.unanswered ? 1 : 0;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const acknowledged = () => learners.reduce((s, l) => s + l.ratings + l.reflections, 0) + visitors.reduce((s, v) => s + v.views + v.downloads.length, 0);

// ---------------------------------------------------------------------------------------------------
// What the test reads afterwards

async function eventCounts(): Promise<Map<string, number>> {
  const { rows } = await db.pool.query<{ stream_id: string; type: string; n: number }>(
    'SELECT stream_id, type, count(*)::int AS n FROM events WHERE type = ANY($1) GROUP BY stream_id, type',
    [[UserRegistered.type, EmailVerified.type, AreaRated.type, ReflectionSaved.type, LeadPageViewed.type, LeadCaptured.type]],
  );
  return new Map(rows.map((r) => [`${r.stream_id} ${r.type}`, r.n]));
}

async function scrape(authorization?: string, url = workerMetrics) {
  return fetch(url, { headers: authorization ? { authorization } : {} });
}

/** A sample's value in the Prometheus text, summed over the series whose labels include `labels`. */
function sampleSum(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => line.includes(labels))
    .reduce((s, line) => s + Number(line.split(' ').at(-1)), 0);
}

/** `npm run -s db:rebuild` against the database, as an operator runs it. */
function rebuild(): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'db:rebuild'], { cwd: ROOT, env: { ...env, DATABASE_URL: db.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('two app processes and a worker on one database, one app process killed midway', () => {
  it('loses no acknowledged write, applies each event to the async projections once and runs each job once', { timeout: 180_000 }, async () => {
    const t0 = Date.now();
    const took = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    const phases: string[] = [];
    const journeys = [...Array.from({ length: LEARNERS }, (_, i) => learnerJourney(i)), ...Array.from({ length: VISITORS }, (_, i) => visitorJourney(i))];
    const failed = Promise.all(journeys).then(
      () => undefined,
      (err: unknown) => err,
    );

    // Kill the second app process once writes flow through both, with requests on its wire.
    await waitFor(() => acknowledged() >= 120 && learners.every((l) => l.cookie), { timeoutMs: 60_000, what: 'writes to flow' });
    const killed = apps[1]!;
    await killed.kill();
    expect(killed.exit?.signal).toBe('SIGKILL');
    const atKill = acknowledged();
    phases.push(`killed at ${took()}`);

    // Started again where the balancer expects it; meanwhile the first takes everything.
    const port = new URL(killed.baseUrl).port;
    const again = await startServerProcess(db.url, { ...APP_ENV, PORT: port });
    everyProcess.push(again);
    apps[1] = again;
    servedAfterRestart.restartedAt = Date.now();
    const atRestart = acknowledged();
    await waitFor(() => servedAfterRestart.count >= 60, { timeoutMs: 30_000, what: 'the restarted process to serve' });
    running = false;
    expect(await failed).toBeUndefined();
    phases.push(`traffic stopped at ${took()}`);

    // Every acknowledged write is in the log, exactly once: per learner and visitor, per type.
    const counts = await eventCounts();
    const n = (stream: string, type: string) => counts.get(`${stream} ${type}`) ?? 0;
    for (const l of learners) {
      const stream = learnerStreamId(l.userId!);
      expect([n(stream, UserRegistered.type), n(stream, EmailVerified.type)]).toEqual([1, 1]);
      expect(n(stream, AreaRated.type)).toBe(l.ratings);
      expect(n(stream, ReflectionSaved.type)).toBe(l.reflections);
    }
    for (const v of visitors) {
      expect(n(visitStreamId(v.visitorId), LeadPageViewed.type)).toBe(v.views);
      for (const email of v.downloads) expect(n(visitorStreamId(email), LeadCaptured.type)).toBe(1);
    }
    const views = visitors.reduce((s, v) => s + v.views, 0);

    // Every mail job ran once: none waiting, retried, running or failed; one mail per job, and the mails are the
    // ones the writes asked for — a verification per signup, a welcome per download.
    const leads = visitors.flatMap((v) => v.downloads);
    await waitFor(
      async () => {
        const { rows } = await db.pool.query<{ open: number }>(
          `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open FROM pgboss.job WHERE name = $1`,
          [EMAIL_SEND],
        );
        return rows[0]!.open === 0;
      },
      { timeoutMs: 30_000, what: 'the mail queue to settle' },
    ).catch(async (err: unknown) => {
      const { rows } = await db.pool.query(`SELECT name, state, count(*)::int AS n, max(retry_count) AS retries FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`);
      throw new Error(`${String(err)}\njobs: ${JSON.stringify(rows)}\nworker:\n${worker.lines.slice(-20).join('\n')}`);
    });
    phases.push(`mails settled at ${took()}`);
    const { rows: jobs } = await db.pool.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name LIKE $1 GROUP BY state ORDER BY state`,
      [`${EMAIL_SEND}%`],
    );
    const completed = jobs.find((j) => j.state === 'completed')?.n ?? 0;
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    expect(smtp.received).toHaveLength(completed);
    for (const l of learners) {
      const mails = smtp.mailsTo(l.email);
      expect(mails.filter((m) => /verify-email\?token=/.test(m.mail.text ?? ''))).toHaveLength(1);
      // A login sent again after its first went through was a browser the account did not know yet: its notice is a
      // mail of its own, not a repeat.
      expect(mails.length).toBeLessThanOrEqual(l.loginResent ? 2 : 1);
    }
    for (const email of leads) expect(smtp.mailsTo(email), email).toHaveLength(1);
    const toLearners = learners.reduce((sum, l) => sum + smtp.mailsTo(l.email).length, 0);
    expect(smtp.received).toHaveLength(toLearners + leads.length);

    // The worker's own /metrics: behind the token, and its mail counter says what the SMTP server received.
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all')).status).toBe(401);
    const metrics = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(sampleSum(text, 'mail_sent_total')).toBe(smtp.received.length);
    expect(sampleSum(text, 'mail_sent_total', 'kind="account-verification"')).toBe(learners.length);
    expect(sampleSum(text, 'mail_failed_total')).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');

    // The async projections, caught up by the worker's daemon, are what a rebuild from the same log makes: each event
    // applied once, whichever process wrote it and whatever was killed meanwhile.
    await waitFor(
      async () => {
        const scraped = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
        return sampleSum(scraped, 'projection_events_behind') === 0 && /projection_events_behind\{/.test(scraped);
      },
      { timeoutMs: 30_000, what: "the worker's async projections to catch up" },
    );
    const funnel = await db.pool.query<{ viewed: number }>('SELECT coalesce(sum(views), 0)::int AS viewed FROM funnel_daily');
    expect(funnel.rows[0]!.viewed).toBe(views);
    phases.push(`projections caught up at ${took()}`);
    // What alternating processes cost: a process decides on the state it last folded, and when the other has written
    // since, its append conflicts and the command is decided again on the newer state.
    let retried = 0;
    for (const app of apps)
      retried += sampleSum(await (await scrape(`Bearer ${METRICS_TOKEN}`, `${app.baseUrl}/metrics`)).text(), 'eventstore_command_retries_total');
    for (const p of everyProcess) await p.stop();
    const tables = projections.flatMap((p) => p.tables);
    const live = await dumpProjections(db.pool, tables);
    const rebuilt = await rebuild();
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect(await dumpProjections(db.pool, tables)).toEqual(live);
    phases.push(`rebuilt and compared at ${took()}`);

    const logs = [worker, ...apps, killed].flatMap((p) => p.lines).join('\n');
    expect(logs).not.toMatch(/uncaught|unhandled|"level":(50|60)/i);
    const resent = learners.reduce((s, l) => s + l.resent, 0) + visitors.reduce((s, v) => s + v.resent, 0);
    console.info(
      `several processes: ${acknowledged()} writes acknowledged (${atKill} before the kill, ${atRestart - atKill} while one process was down), ` +
        `${retried} decided again after a conflict in the app processes still running; ${resent} sent again after no answer (${cutOff} cut off by the kill, the rest refused while it was down); ${smtp.received.length} mails, one per job; ${views} page views in the funnel; ${phases.join(', ')}`,
    );
  });
});
