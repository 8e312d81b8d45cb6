// The real application on a test database, built through the composition root (server/runtime.ts) like the
// server: event store, pg-boss jobs, Fastify app — without workers, which a test starts with its own stand-ins.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { EventStore } from '../../events/store/event-store';
import type { Jobs } from '../../jobs/boss';
import type { App, AppConfig } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { newsletterWorkerDeps } from '../../server/features/newsletter/letter-mail';
import { mailWorkerDeps } from '../../server/mail';
import type { Metrics } from '../../server/metrics';
import { composeRuntime, type AppOptions } from '../../server/runtime';
import type { TestDatabase } from './db';

export const TEST_CONFIG: Config = { ...loadConfig({}), LOG_LEVEL: 'silent', SERVE_CLIENT: false, NODE_ENV: 'test' };

/** What the mail worker needs to find a job's person and apply the per-address limit, on the test database. */
export const mailDeps = (db: TestDatabase, { perAddressPerHour = loadConfig({}).MAIL_PER_ADDRESS_PER_HOUR } = {}) =>
  mailWorkerDeps(db.pool, { publicUrl: TEST_CONFIG.publicUrl, perAddressPerHour });

export interface TestApp {
  app: App;
  store: EventStore;
  jobs: Jobs;
  metrics: Metrics;
  /** Another app on the same store and queue (its own settings or logger); closed with this one. */
  buildApp(options?: AppOptions): Promise<App>;
  close(): Promise<void>;
}

/**
 * Starts pg-boss on the database and builds the app; `wrapStore` lets a test swap parts of the store,
 * `config` overrides settings (a fake provider's address), `now` is the clock of the write limits.
 */
export async function startTestApp(
  db: TestDatabase,
  {
    wrapStore = undefined as ((s: EventStore) => EventStore) | undefined,
    config = {} as Partial<AppConfig>,
    now = undefined as (() => number) | undefined,
  } = {},
): Promise<TestApp> {
  const runtime = await composeRuntime({ config: { ...TEST_CONFIG, ...config }, database: db, log: pino({ level: 'silent' }) });
  try {
    const app = await runtime.buildApp({ wrapStore, now });
    return { app, store: runtime.store, jobs: runtime.jobs, metrics: runtime.metrics, buildApp: runtime.buildApp, close: runtime.close };
  } catch (err) {
    await runtime.close();
    throw err;
  }
}

/**
 * The app's mail worker, sending through `smtpUrl` (a capture of tests/setup/smtp.ts) as the server's does, with an
 * outbox folder of its own; with `letters`, the letter workers too, at that pace. Returns what removes that folder
 * (after the app is closed).
 */
export async function startMailWorkers(
  t: TestApp,
  db: TestDatabase,
  smtpUrl: string,
  { letters }: { letters?: { ratePerMinute: number; batchSize?: number } } = {},
): Promise<() => Promise<void>> {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-mail-'));
  const mail = { smtpUrl, from: 'Manifiesta <hola@manifiesta.local>', outboxDir, log: { info: () => {}, warn: () => {}, error: () => {} } };
  await t.jobs.startWorkers({
    ...mail,
    ...mailDeps(db),
    ...(letters ? { newsletter: newsletterWorkerDeps(db.pool, t.store, t.jobs.enqueue, { ...mail, ...letters, publicUrl: TEST_CONFIG.publicUrl }) } : {}),
  });
  return () => rm(outboxDir, { recursive: true, force: true });
}

export async function count(pool: pg.Pool, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql, values);
  return Number(rows[0]!.n);
}

export const countEvents = (pool: pg.Pool) => count(pool, 'SELECT count(*) AS n FROM events');
export const countEmailJobs = (pool: pg.Pool) => count(pool, "SELECT count(*) AS n FROM pgboss.job WHERE name = 'email.send'");

/** Every mail job handled (sent, or dropped on purpose): nothing queued, retried or running. */
export const mailSettled = (pool: pg.Pool) =>
  waitFor(async () => (await count(pool, "SELECT count(*) AS n FROM pgboss.job WHERE name = 'email.send' AND state IN ('created', 'retry', 'active')")) === 0, {
    what: 'the mail queue to settle',
  });

/** Polls `probe` until it returns a truthy value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 15_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
