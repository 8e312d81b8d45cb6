// GET /metrics as Prometheus scrapes it: only with the token, in the text format, with the names the dashboards read.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerStreamId, RoleGranted } from '../../events/accounts/accounts.events';
import { projections } from '../../events/registry';
import { QUEUES } from '../../jobs/registry';
import { mailDeps, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createLearner } from '../../tests/setup/learners';
import type { App } from '../app';

const TOKEN = 'token-de-prueba-para-prometheus-8c1f';
const ASYNC = projections.filter((p) => p.mode === 'async').map((p) => p.name);

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?\\})? (-?[0-9.]+(?:e[+-]?[0-9]+)?|[Nn][Aa][Nn]|\\+Inf|-Inf)$`);
const SUFFIXES: Record<string, string[]> = { counter: [''], gauge: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/**
 * The Prometheus text format (0.0.4), read strictly: every line is a HELP, a TYPE or a sample of the family its
 * TYPE line announced, with well-formed labels and a number. Returns the samples and each family's type.
 */
function parse(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  let family: string | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = /^# HELP (\S+) .*$/.exec(line);
    if (help) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(types.has(type[1]!), `family ${type[1]} twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      family = type[1];
      continue;
    }
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labelText, value] = m!;
    expect(family, line).toBeDefined();
    expect(
      SUFFIXES[types.get(family!)!]!.map((s) => family + s),
      line,
    ).toContain(name);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return { types, samples };
}

const scrape = (app: App, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

async function metrics(app: App = t.app) {
  const res = await scrape(app, `Bearer ${TOKEN}`);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body);
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await t.buildApp({ config: { METRICS_TOKEN: undefined } });
    expect((await scrape(app)).statusCode).toBe(404);
    expect((await scrape(app, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers 401 with an empty body to a missing, wrong or other kind of credential', async () => {
    for (const authorization of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(t.app, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body, String(authorization)).toBe('');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers the Prometheus text format with every named metric and the process metrics', async () => {
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { types } = parse(res.body);
    expect(Object.fromEntries(types)).toMatchObject({
      http_request_duration_seconds: 'histogram',
      eventstore_append_duration_seconds: 'histogram',
      eventstore_group_commit_batch_size: 'histogram',
      eventstore_append_conflicts_total: 'counter',
      eventstore_command_retries_total: 'counter',
      projection_lag_seconds: 'gauge',
      projection_events_behind: 'gauge',
      jobs_queue_depth: 'gauge',
      jobs_failed: 'gauge',
      jobs_failures_total: 'counter',
      mail_sent_total: 'counter',
      mail_failed_total: 'counter',
      ai_fallbacks_total: 'counter',
      process_cpu_user_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
    });
  });

  it('docs/grafana-dashboard.json reads only metrics this endpoint answers, each panel through Prometheus', async () => {
    const dashboard = JSON.parse(await readFile(path.join(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ type: string; title: string; datasource?: { type: string }; targets?: Array<{ expr: string }> }>;
    };
    const { types } = await metrics();
    const families = (name: string) => [name, name.replace(/_(bucket|sum|count)$/, '')];
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      expect(panel.datasource?.type, panel.title).toBe('prometheus');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        const selected = [...expr.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1]!);
        expect(selected.length, expr).toBeGreaterThan(0);
        for (const name of selected)
          expect(
            families(name).some((f) => types.has(f)),
            `${panel.title}: ${name}`,
          ).toBe(true);
      }
    }
  });

  it('is not in the API documentation', () => {
    expect(Object.keys((t.app.swagger() as { paths: object }).paths)).not.toContain('/metrics');
  });

  it("after a learner's write: the append histogram grew, and the HTTP histogram names the route's pattern, not its URL", async () => {
    const before = await metrics();
    const appendedBefore = value(before.samples, 'eventstore_append_duration_seconds_count', { outcome: 'appended' }) ?? 0;
    const batchesBefore = value(before.samples, 'eventstore_group_commit_batch_size_count') ?? 0;

    const l = await createLearner(t.app, t.store);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/activity/saveRating',
      headers: { cookie: l.cookie },
      payload: { activityId: '12-areas-balance', areaId: 'finances', score: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/lesson/12-areas-balance' })).statusCode).toBe(200);

    const { samples } = await metrics();
    expect(value(samples, 'eventstore_append_duration_seconds_count', { outcome: 'appended' })).toBeGreaterThanOrEqual(appendedBefore + 2);
    expect(value(samples, 'eventstore_group_commit_batch_size_count')).toBeGreaterThan(batchesBefore);
    expect(value(samples, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/activity/saveRating', status_code: '200' })).toBe(1);
    expect(value(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/course/lesson/:slug', status_code: '200' })).toBe(1);
    const routes = new Set(samples.filter((s) => s.name.startsWith('http_request_duration_seconds')).map((s) => s.labels.route));
    expect([...routes].filter((r) => r?.includes('12-areas-balance'))).toEqual([]);
  });

  it('counts a conflict of two writes on one version', async () => {
    const before = value((await metrics()).samples, 'eventstore_append_conflicts_total') ?? 0;
    const l = await createLearner(t.app, t.store);
    const stream = learnerStreamId(l.userId);
    const version = (await t.store.readStream(stream)).at(-1)!.streamPosition;
    const grant = () => t.store.append(stream, [RoleGranted.create({ userId: l.userId, role: 7, by: 'test' })], { expectedVersion: version });
    const outcomes = await Promise.allSettled([grant(), grant()]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const { samples } = await metrics();
    expect(value(samples, 'eventstore_append_conflicts_total')).toBe(before + 1);
    expect(value(samples, 'eventstore_append_duration_seconds_count', { outcome: 'conflict' })).toBeGreaterThanOrEqual(1);
  });

  it('has a lag per async projection and a depth per job queue, read at the scrape', async () => {
    const { samples } = await metrics();
    const lagged = samples.filter((s) => s.name === 'projection_lag_seconds').map((s) => s.labels.projection);
    expect(lagged.sort()).toEqual([...ASYNC].sort());
    for (const s of samples.filter((x) => x.name === 'projection_lag_seconds')) expect(s.value).toBeGreaterThanOrEqual(0);
    const queues = samples.filter((s) => s.name === 'jobs_queue_depth').map((s) => s.labels.queue);
    expect(queues.sort()).toEqual(QUEUES.map((q) => q.name).sort());

    await t.jobs.send('email.send', { kind: 'password-changed', userId: '00000000-0000-4000-8000-000000000000' });
    expect(value((await metrics()).samples, 'jobs_queue_depth', { queue: 'email.send' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the mails the workers send and the job runs that fail', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-metrics-'));
    try {
      await t.jobs.startWorkers({
        from: 'Manifiesta <hola@manifiesta.local>',
        outboxDir,
        log: pino({ level: 'silent' }),
        ...mailDeps(db),
        metrics: t.metrics.workers,
      });
      const l = await createLearner(t.app, t.store);
      await t.jobs.send('email.send', { kind: 'password-changed', userId: l.userId });
      // A payload its schema refuses fails every run (and is dead-lettered in the end).
      await t.jobs.send('email.send', { kind: 'no-such-mail' }, { retryLimit: 0 });
      const { samples } = await waitFor(
        async () => {
          const m = await metrics();
          return value(m.samples, 'mail_sent_total', { kind: 'password-changed' }) === 1 &&
            (value(m.samples, 'jobs_failures_total', { queue: 'email.send' }) ?? 0) >= 1
            ? m
            : undefined;
        },
        { what: 'a mail sent and a failed run counted' },
      );
      expect(value(samples, 'mail_failed_total', { kind: 'password-changed' })).toBeUndefined();
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('never writes the token to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = await t.buildApp({ config: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'trace' }, logger });
    expect((await scrape(app, `Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await scrape(app, `Bearer ${TOKEN}-not`)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/metrics?token=${TOKEN}`, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});
