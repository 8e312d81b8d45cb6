// GET /metrics of the worker process (`npm run worker`), which has no public port: a small listener of its own on
// METRICS_HOST:METRICS_PORT with the app's route and bearer check (server/plugins/metrics.ts), over the worker's
// registry — mails sent and failed, job failures, AI fallbacks, its appends, Node's process metrics — and the lags and
// queue depths read from the database at each scrape. Without METRICS_TOKEN nothing listens.
import Fastify from 'fastify';
import metricsPlugin from './plugins/metrics';
import type { Runtime } from './runtime';

export interface MetricsListener {
  /** Where Prometheus scrapes: http://host:port/metrics. */
  url: string;
  close(): Promise<void>;
}

export async function listenForMetrics(
  runtime: Pick<Runtime, 'config' | 'metrics' | 'database' | 'projections' | 'jobs'>,
): Promise<MetricsListener | undefined> {
  const { config } = runtime;
  if (!config.METRICS_TOKEN) return undefined;
  const app = Fastify({ logger: false });
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    metrics: runtime.metrics,
    pool: runtime.database.pool,
    projections: runtime.projections,
    jobs: runtime.jobs,
  });
  await app.listen({ host: config.METRICS_HOST, port: config.METRICS_PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.METRICS_PORT;
  const host = config.METRICS_HOST.includes(':') ? `[${config.METRICS_HOST}]` : config.METRICS_HOST;
  return { url: `http://${host}:${port}/metrics`, close: () => app.close() };
}
