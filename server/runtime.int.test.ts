// The composition root on a test database: what each way of building gives a process, and what close() stops.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadCaptured } from '../events/leads/leads.events';
import { visitorStreamId } from '../events/leads/leads';
import type { EventStore } from '../events/store/event-store';
import { count, TEST_CONFIG, waitFor } from '../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { composeRuntime } from './runtime';

let db: TestDatabase;
let dataDir: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-runtime-'));
});
afterAll(async () => {
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A lead's capture, with a job that carries its e-mail's stream (no worker runs it unless the runtime has workers). */
const capture = (store: EventStore, email: string, jobs = [{ name: 'email.send', data: { leadStream: visitorStreamId(email) } }]) =>
  store.append(
    visitorStreamId(email),
    [LeadCaptured.create({ email, nick: 'Ana', page: 'nostalgia', section: 'fragmento', status: 'downloaded', firstForSource: true })],
    {
      expectedVersion: 'any',
      jobs,
    },
  );
const leadRows = (email: string) => count(db.pool, 'SELECT count(*) AS n FROM leads WHERE email = $1', [email]);
const queuedFor = (email: string) =>
  count(db.pool, "SELECT count(*) AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'leadStream' = $1", [visitorStreamId(email)]);

describe('composeRuntime', () => {
  it('builds the store with the application’s inline projections and the queue: a write’s jobs are enqueued with it', async () => {
    const runtime = await composeRuntime({ config: TEST_CONFIG, database: db, log });
    try {
      expect(runtime.daemon).toBeUndefined();
      await capture(runtime.store, 'ana@ejemplo.com');
      expect(await leadRows('ana@ejemplo.com')).toBe(1);
      expect(await queuedFor('ana@ejemplo.com')).toBe(1);
    } finally {
      await runtime.close();
    }
  });

  it('without a queue: the store refuses a write with jobs, and its app reports the queue down', async () => {
    const runtime = await composeRuntime({ config: TEST_CONFIG, database: db, log, jobs: false });
    try {
      expect(runtime.jobs).toBeUndefined();
      await expect(capture(runtime.store, 'bea@ejemplo.com')).rejects.toThrow('no enqueue function');
      expect(await leadRows('bea@ejemplo.com')).toBe(0);
      await capture(runtime.store, 'bea@ejemplo.com', []);
      expect(await leadRows('bea@ejemplo.com')).toBe(1);
      const app = await runtime.buildApp();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().data).toMatchObject({ database: 'ok', queue: 'down' });
    } finally {
      await runtime.close();
    }
  });

  it('with workers: the async projections follow the log; close() stops them', async () => {
    const runtime = await composeRuntime({ config: { ...TEST_CONFIG, dataDir }, database: db, log, workers: true });
    const daily = () => count(db.pool, 'SELECT coalesce(sum(captures), 0) AS n FROM lead_daily_counts');
    const logged = () => count(db.pool, "SELECT count(*) AS n FROM events WHERE type = 'LeadCaptured'");
    try {
      expect(runtime.daemon).toBeDefined();
      await capture(runtime.store, 'carla@ejemplo.com', []);
      const all = await logged();
      await waitFor(async () => (await daily()) === all, { what: 'lead_daily_counts to follow the log' });
    } finally {
      await runtime.close();
    }
    const checkpoint = () => count(db.pool, "SELECT global_position AS n FROM projection_checkpoints WHERE projection = 'lead_daily_counts'");
    const stoppedAt = await checkpoint();
    const other = await composeRuntime({ config: TEST_CONFIG, database: db, log, jobs: false });
    await capture(other.store, 'dora@ejemplo.com', []);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await checkpoint()).toBe(stoppedAt);
  });

  it('builds apps on the same parts, each with its own settings and store wrapper; close() closes them all', async () => {
    const runtime = await composeRuntime({ config: TEST_CONFIG, database: db, log });
    const appended: string[] = [];
    const first = await runtime.buildApp({ config: { SITE_NOTICE_TEXT: 'Aviso de prueba' } });
    const second = await runtime.buildApp({
      wrapStore: (store) => ({ ...store, append: (id, events, options) => (appended.push(id), store.append(id, events, options)) }),
    });
    try {
      const add = { email: 'eva@ejemplo.com', nick: 'Eva', page: 'niveles', section: 'pdf', status: 'downloaded' };
      expect((await second.inject({ method: 'POST', url: '/api/leads/add', payload: add })).statusCode).toBe(200);
      expect((await first.inject({ method: 'POST', url: '/api/leads/add', payload: { ...add, email: 'flor@ejemplo.com' } })).statusCode).toBe(200);
      expect(appended).toEqual([visitorStreamId('eva@ejemplo.com')]);
      const notice = async (app: typeof first) => (await app.inject({ method: 'GET', url: '/api/app/notification' })).json().data;
      expect(await notice(first)).toMatchObject({ text: 'Aviso de prueba' });
      expect(await notice(second)).toBeNull();
    } finally {
      await runtime.close();
    }
    await expect(first.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow();
    await expect(second.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow();
  });
});
