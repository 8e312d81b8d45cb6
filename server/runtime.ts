// The process's long-lived parts: database (embedded or DATABASE_URL), migrations, event store, jobs,
// async projections. Shared by the HTTP server (main.ts) and the standalone worker (server/worker.ts).
import path from 'node:path';
import type { Logger } from 'pino';
import { createCatalog, projections } from '../events/registry';
import { createEventStore, type EventStore } from '../events/store/event-store';
import { startProjectionDaemon, type ProjectionDaemon } from '../events/store/reader';
import { createWhyQuestionGenerator } from '../jobs/deep-why/why-question';
import { startJobs, type Jobs } from '../jobs/boss';
import { recordWhyQuestion } from './features/deep-why/questions';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { mailWorkerDeps } from './mail';

export interface Runtime {
  db: Database;
  store: EventStore;
  jobs: Jobs;
  daemon?: ProjectionDaemon;
  close(): Promise<void>;
}

export async function startRuntime(config: Config, log: Logger, { workers }: { workers: boolean }): Promise<Runtime> {
  const db = await openDatabase(config, (line) => log.debug({ component: 'postgres' }, line));
  log.info({ embedded: db.embedded, clusterDir: db.clusterDir }, db.embedded ? 'embedded PostgreSQL is running' : 'using DATABASE_URL');
  try {
    const applied = await migrate(db.pool);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const jobs = await startJobs(db.url, (err) => {
      // 57P01: the database is shutting down (Ctrl-C reaches the embedded server too). Expected, not alarming.
      const { message, code } = err as Error & { code?: string };
      if (code === '57P01') log.warn({ code }, 'job queue: database connection closed');
      else log.error({ err: { message, code, stack: err.stack } }, 'job queue error');
    }, { idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS });
    const catalog = createCatalog();
    const store = createEventStore({ pool: db.pool, catalog, projections, enqueue: jobs.enqueue });
    let daemon: ProjectionDaemon | undefined;
    if (workers) {
      await jobs.startWorkers({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: log.child({ component: 'jobs' }),
        ...mailWorkerDeps(db.pool, { publicUrl: config.publicUrl, perAddressPerHour: config.MAIL_PER_ADDRESS_PER_HOUR }),
        maintenance: { db: db.pool, sessionIdleHours: config.SESSION_IDLE_HOURS },
        whyQuestions: {
          generate: createWhyQuestionGenerator({
            apiKey: config.GEMINI_API_KEY || undefined,
            model: config.GEMINI_MODEL,
            baseUrl: config.GEMINI_BASE_URL,
            timeoutMs: config.AI_TIMEOUT_MS,
          }),
          record: (job, q) => recordWhyQuestion(store, job, q),
        },
      });
      daemon = startProjectionDaemon(db.pool, catalog, projections, {
        onError: (err, p) => log.error({ err, projection: p.name }, 'async projection failed; retrying'),
      });
    }
    return {
      db,
      store,
      jobs,
      daemon,
      async close() {
        await daemon?.stop();
        await jobs.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
