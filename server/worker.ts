// `npm run worker`: job workers and async projections as their own process (no HTTP), on the same database.
import { createLogger } from './logger';
import { loadConfig } from './config';
import { startRuntime } from './runtime';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const runtime = await startRuntime(config, log, { workers: true });
log.info('workers running (email.send, async projections)');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await runtime.close().catch((err) => log.error({ err }, 'shutdown failed'));
    process.exit(0);
  });
}
