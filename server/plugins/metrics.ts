// GET /metrics for Prometheus: the app's HTTP latency by route pattern, what is read from the database at each
// scrape (each async projection's lag, each job queue's depth) and the runtime's metrics (server/metrics.ts).
// Only with METRICS_TOKEN set, and only for `Authorization: Bearer <token>`; without a token there is no route.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Projection } from '../../events/store/projection';
import type { Jobs } from '../../jobs/boss';
import { projectionLags } from '../features/health/lag';
import type { Metrics } from '../metrics';

export interface MetricsOptions {
  /** METRICS_TOKEN: without one, /metrics does not exist. */
  token?: string;
  metrics: Pick<Metrics, 'registry'>;
  pool: pg.Pool;
  projections: readonly Projection[];
  jobs: Pick<Jobs, 'depths'>;
}

/** Seconds, from a cached page (a few milliseconds) to a request the client has given up on. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header carries the token, compared in constant time (both sides hashed to one length first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, { token, metrics, pool, projections, jobs }: MetricsOptions) {
    // This app's own registry: several apps of one runtime (tests) each count their own requests.
    const registry = new Registry();
    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
    const projectionLag = new Gauge({
      name: 'projection_lag_seconds',
      help: "How long an async projection's oldest unprocessed event has waited (0 when it waits for nothing), read at scrape",
      labelNames: ['projection'],
      registers: [registry],
    });
    const projectionBehind = new Gauge({
      name: 'projection_events_behind',
      help: 'Events an async projection has not processed yet (counted up to 10,000), read at scrape',
      labelNames: ['projection'],
      registers: [registry],
    });
    const queueDepth = new Gauge({
      name: 'jobs_queue_depth',
      help: 'Jobs waiting in a queue (created or to be retried), counted at scrape',
      labelNames: ['queue'],
      registers: [registry],
    });
    const queueFailed = new Gauge({
      name: 'jobs_failed',
      help: "Failed jobs a queue still keeps (pg-boss's statistics, refreshed by its monitor), read at scrape",
      labelNames: ['queue'],
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      // The pattern the router matched, never the URL: ids and tokens in paths would make a series each.
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    if (!token) return;

    /** Reads the lags and the depths; a part that cannot be read now has no series in this scrape. */
    async function readDatabase() {
      const [lags, depths] = await Promise.all([projectionLags(pool, projections, Infinity).catch(() => null), jobs.depths().catch(() => null)]);
      projectionLag.reset();
      projectionBehind.reset();
      for (const p of lags ?? []) {
        projectionLag.set({ projection: p.name }, p.lagSeconds ?? 0);
        projectionBehind.set({ projection: p.name }, p.eventsBehind);
      }
      queueDepth.reset();
      queueFailed.reset();
      for (const q of depths ?? []) {
        queueDepth.set({ queue: q.queue }, q.queued);
        queueFailed.set({ queue: q.queue }, q.failed);
      }
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send();
      }
      await readDatabase();
      const merged = Registry.merge([metrics.registry, registry]);
      return reply.header('content-type', merged.contentType).send(await merged.metrics());
    });
  },
  { name: 'metrics' },
);
