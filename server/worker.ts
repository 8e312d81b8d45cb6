// `npm run worker`: job workers and async projections as their own process, on the same database. Its only HTTP is
// GET /metrics on METRICS_HOST:METRICS_PORT, and only with METRICS_TOKEN set.
import { pino } from 'pino';
import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startRuntime } from './runtime';
import { listenForMetrics } from './worker-metrics';

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  const runtime = await startRuntime(config, log, { workers: true });
  const metrics = await listenForMetrics(runtime).catch(async (err: unknown) => {
    await runtime.close().catch(() => {});
    throw err;
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      try {
        await metrics?.close();
        await runtime.close();
        process.exit(0);
      } catch (err) {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    });
  }
  log.info({ metrics: metrics?.url }, 'workers running (jobs, async projections)');
  console.log(`\n  Manifiesta's workers are running${metrics ? ` (metrics: ${metrics.url})` : ''}\n`);
}

main().catch((err) => {
  pino().fatal({ err }, 'failed to start');
  process.exit(1);
});
