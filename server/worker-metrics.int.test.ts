// The worker process's /metrics: its own listener, loopback by default, behind the same bearer token as the app's.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { composeRuntime, type Runtime } from './runtime';
import { listenForMetrics, type MetricsListener } from './worker-metrics';

const TOKEN = 'token-del-worker-para-prometheus-19ab';

let db: TestDatabase;
let runtime: Runtime;
let listener: MetricsListener | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await composeRuntime({ config: { ...TEST_CONFIG, METRICS_TOKEN: TOKEN, METRICS_PORT: 0 }, database: db, log: pino({ level: 'silent' }) });
  listener = await listenForMetrics(runtime);
});
afterAll(async () => {
  await listener?.close();
  await runtime?.close();
  await db?.drop();
});

const scrape = (headers: Record<string, string> = {}) => fetch(listener!.url, { headers });

describe("the worker's /metrics", () => {
  it('listens on loopback by default and answers only the bearer token', async () => {
    expect(listener!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const refused: Array<Record<string, string>> = [{}, { authorization: 'Bearer otro-token-que-no-es-el-bueno' }, { authorization: TOKEN }];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.text()).toBe('');
    }
    expect((await fetch(listener!.url.replace('/metrics', '/api/health'))).status).toBe(404);
  });

  it("serves what the worker counts, the queues' depths, the projections' lag and the process's defaults", async () => {
    runtime.metrics.workers.mailSent('lead-welcome');
    runtime.metrics.workers.mailFailed('account-verification');
    runtime.metrics.workers.jobFailed('email.send');
    runtime.metrics.workers.aiFallback('provider_failed');
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const line of [
      'mail_sent_total{kind="lead-welcome"} 1',
      'mail_failed_total{kind="account-verification"} 1',
      'jobs_failures_total{queue="email.send"} 1',
      'ai_fallbacks_total{reason="provider_failed"} 1',
      'jobs_queue_depth{queue="email.send"} 0',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/^projection_lag_seconds\{projection="[^"]+"\} /m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('does not listen at all without a token', async () => {
    expect(await listenForMetrics({ ...runtime, config: { ...runtime.config, METRICS_TOKEN: undefined } })).toBeUndefined();
  });
});
