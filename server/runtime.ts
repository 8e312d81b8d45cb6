// The composition root. From a config and a database, composeRuntime builds the process's parts: the event
// store with the registry's catalog and projections, the job queue (pg-boss) and what its workers are given,
// the async projections' daemon and the HTTP app. The server (main.ts), the worker process (worker.ts), the
// scripts and the tests all build through it, asking only for what they need; startRuntime first opens the
// database (embedded, or DATABASE_URL) and migrates it.
import path from 'node:path';
import type { Logger } from 'pino';
import { createCatalog, projections } from '../events/registry';
import type { EventCatalog } from '../events/store/catalog';
import { createEventStore, type EventStore } from '../events/store/event-store';
import type { Projection } from '../events/store/projection';
import { startProjectionDaemon, type ProjectionDaemon } from '../events/store/reader';
import { startJobs, type Jobs, type WorkerDeps } from '../jobs/boss';
import { createWhyQuestionGenerator } from '../jobs/deep-why/why-question';
import { buildApp, type App, type AppConfig } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { sealOldEvents } from './db/seal-old-events';
import { recordWhyQuestion, whyQuestionTexts } from './features/deep-why/questions';
import { newsletterWorkerDeps } from './features/newsletter/letter-mail';
import { mailWorkerDeps } from './mail';
import { createMetrics, type Metrics } from './metrics';
import { seedLetters } from './features/newsletter/seed/letters';

export interface ComposeOptions {
  config: Config;
  /** The database the parts work on: its pool, and its URL for the job queue's own connections. */
  database: Pick<Database, 'pool' | 'url'>;
  log: Logger;
  /** `false`: no job queue — a store that cannot enqueue, and apps that report the queue absent (scripts, the OpenAPI document). */
  jobs?: false;
  /** The job workers and the async projections' daemon run in this process too. */
  workers?: boolean;
}

/** An app built on a runtime's parts: its own settings, logger and clock where a test or a bench needs them. */
export interface AppOptions {
  /** Settings of this app only, over the runtime's config. */
  config?: Partial<AppConfig>;
  /** Default: the runtime's log. */
  logger?: Logger;
  /** Swaps parts of the store this app writes through (fault tests); the runtime's own store stays as it is. */
  wrapStore?: (store: EventStore) => EventStore;
  /** The clock of the write limits (milliseconds, like Date.now). */
  now?: () => number;
  /** Where the built SPA lives (default dist/client). */
  clientDir?: string;
}

export interface Runtime<J extends Jobs | undefined = Jobs> {
  config: Config;
  database: Pick<Database, 'pool' | 'url'>;
  catalog: EventCatalog;
  projections: readonly Projection[];
  store: EventStore;
  jobs: J;
  daemon?: ProjectionDaemon;
  /** This runtime's metrics registry: what its store and workers count, and Node's process metrics. */
  metrics: Metrics;
  /** Builds the HTTP app on these parts, ready to inject into or listen; closed with the runtime. */
  buildApp(options?: AppOptions): Promise<App>;
  /** Closes the apps, then stops the daemon and the queue. The database stays open: whoever opened it closes it. */
  close(): Promise<void>;
}

type JobsOf<O> = O extends { jobs: false } ? undefined : Jobs;

/** The queue as an app built without one sees it: absent in the health check, and nothing can be sent. */
const NO_QUEUE: Pick<Jobs, 'health' | 'send' | 'getJob' | 'enqueue' | 'depths'> = {
  health: async () => ({ ok: false }),
  depths: async () => [],
  send: async () => {
    throw new Error('this process has no job queue');
  },
  enqueue: async () => {
    throw new Error('this process has no job queue');
  },
  getJob: async () => undefined,
};

export async function composeRuntime<O extends ComposeOptions>(options: O): Promise<Runtime<JobsOf<O>>> {
  const { config, database, log } = options;
  const jobs =
    options.jobs === false
      ? undefined
      : await startJobs(database.url, queueErrorLogger(log), { idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS });
  const catalog = createCatalog();
  const metrics = createMetrics();
  const store = createEventStore({
    pool: database.pool,
    catalog,
    projections,
    enqueue: jobs?.enqueue,
    metrics: metrics.store,
    snapshots: { onError: (err, streamId) => log.error({ err, streamId }, 'fold snapshot not written; reads fold from the last one') },
  });
  const apps: App[] = [];
  let daemon: ProjectionDaemon | undefined;
  const close = async () => {
    for (const app of apps.splice(0)) await app.close();
    await daemon?.stop();
    await jobs?.stop();
    // Snapshots being written in the background finish before the database closes.
    await store.snapshots.settled();
  };
  try {
    if (options.workers) {
      if (!jobs) throw new Error('workers need the job queue');
      await jobs.startWorkers(workerDeps(config, { pool: database.pool, store, enqueue: jobs.enqueue, metrics }, log));
      daemon = startProjectionDaemon(database.pool, catalog, projections, {
        onError: (err, p) => log.error({ err, projection: p.name }, 'async projection failed; retrying'),
      });
    }
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  const runtime: Runtime<Jobs | undefined> = {
    config,
    database,
    catalog,
    projections,
    store,
    jobs,
    daemon,
    metrics,
    async buildApp({ config: settings, logger = log, wrapStore = (s: EventStore) => s, now, clientDir }: AppOptions = {}) {
      const app = await buildApp({
        config: { ...config, ...settings },
        pool: database.pool,
        store: wrapStore(store),
        jobs: jobs ?? NO_QUEUE,
        metrics,
        logger,
        now,
        clientDir,
      });
      apps.push(app);
      await app.ready();
      return app;
    },
    close,
  };
  return runtime as Runtime<JobsOf<O>>;
}

/** The process's database (embedded unless DATABASE_URL is set), migrated, with the runtime built on it; close() closes the database too. */
export async function startRuntime<O extends Omit<ComposeOptions, 'config' | 'database' | 'log'>>(
  config: Config,
  log: Logger,
  options: O,
): Promise<Runtime<JobsOf<O>> & { db: Database }> {
  const db = await openDatabase(config, (line) => log.debug({ component: 'postgres' }, line));
  log.info({ embedded: db.embedded, clusterDir: db.clusterDir }, db.embedded ? 'embedded PostgreSQL is running' : 'using DATABASE_URL');
  try {
    const applied = await migrate(db.pool);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const { sealed, rebuilt } = await sealOldEvents(db.pool);
    if (sealed) log.info({ sealed }, 'personal fields of older events sealed');
    if (rebuilt.length) log.info({ rebuilt }, 'read models rebuilt from the log');
    const runtime = await composeRuntime({ ...options, config, database: db, log } as ComposeOptions & O);
    // One-time data: the archive's first letters, once per database (every later start finds them and writes nothing).
    await seedLetters(runtime.store, db.pool, log).catch(async (err: unknown) => {
      await runtime.close().catch(() => {});
      throw err;
    });
    return {
      ...runtime,
      db,
      async close() {
        await runtime.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

function queueErrorLogger(log: Logger) {
  return (err: Error) => {
    // 57P01: the database is shutting down (Ctrl-C reaches the embedded server too). Expected, not alarming.
    const { message, code } = err as Error & { code?: string };
    if (code === '57P01') log.warn({ code }, 'job queue: database connection closed');
    else log.error({ err: { message, code, stack: err.stack } }, 'job queue error');
  };
}

/** What the workers are given: mail (SMTP, or the outbox under the data folder), the maintenance jobs, the welcome sequences' sweep, deep-why questions, letters. */
function workerDeps(
  config: Config,
  { pool, store, enqueue, metrics }: { pool: Database['pool']; store: EventStore; enqueue: Jobs['enqueue']; metrics: Metrics },
  log: Logger,
): WorkerDeps {
  const mail = {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: log.child({ component: 'jobs' }),
    metrics: metrics.workers,
  };
  return {
    ...mail,
    ...mailWorkerDeps(pool, { publicUrl: config.publicUrl, perAddressPerHour: config.MAIL_PER_ADDRESS_PER_HOUR }),
    maintenance: { db: pool, sessionIdleHours: config.SESSION_IDLE_HOURS },
    sequences: { db: pool, enqueue },
    whyQuestions: {
      generate: createWhyQuestionGenerator(
        {
          apiKey: config.GEMINI_API_KEY || undefined,
          model: config.GEMINI_MODEL,
          baseUrl: config.GEMINI_BASE_URL,
          timeoutMs: config.AI_TIMEOUT_MS,
        },
        metrics.workers.aiFallback,
      ),
      record: (job, q) => recordWhyQuestion(store, job, q),
      texts: whyQuestionTexts(pool),
    },
    newsletter: newsletterWorkerDeps(pool, store, enqueue, { ...mail, publicUrl: config.publicUrl, ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE }),
  };
}
