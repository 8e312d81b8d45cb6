// Boots the site: config, database, migrations, workers, HTTP. Ctrl-C closes everything in order.
import { pino } from 'pino';
import { createLogger } from './logger';
import { loadConfigOrExit } from './config';
import { startRuntime } from './runtime';

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  const runtime = await startRuntime(config, log, { workers: config.WORKERS });
  const app = await runtime.buildApp();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await runtime.close();
      clearTimeout(force);
      log.info('bye');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  log.info(`Manifiesta is ready at http://${shown}:${port}/`);
  console.log(`\n  Manifiesta is ready at http://${shown}:${port}/  (API docs: http://${shown}:${port}/api/docs)\n`);
}

main().catch((err) => {
  pino().fatal({ err }, 'failed to start');
  process.exit(1);
});
