// pg-boss on the application's database: queues, enqueue inside an event-store transaction, workers.
import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { Enqueue, Queryable } from '../events/store/types';
import { EMAIL_SEND, EMAIL_SEND_DEAD } from './email/send-email';
import { NO_WORKER_METRICS } from './metrics';
import { JOBS, QUEUES, type WorkerDeps } from './registry';

export type { WorkerDeps } from './registry';

export interface Jobs {
  boss: PgBoss;
  /** Enqueues a job with the caller's transaction: it exists only if that transaction commits. */
  enqueue: Enqueue;
  startWorkers(deps: WorkerDeps): Promise<void>;
  /** Enqueues a job now (outside any event append); returns its id. */
  send(name: string, data: object, options?: Record<string, unknown>): Promise<string | null>;
  /** A job's state, data and output, or undefined. */
  getJob(name: string, id: string): Promise<{ state: string; data: unknown; output: unknown } | undefined>;
  stop(): Promise<void>;
  /** `deadLetters`: mails that failed every attempt and wait in email.send.dead (see server/dead-letters.ts). */
  health(): Promise<{ ok: boolean; queued?: number; failed?: number; deadLetters?: number }>;
  /**
   * Per queue: jobs waiting now (created or to be retried, counted live), and failed jobs still kept (pg-boss's
   * statistics, refreshed by its monitor).
   */
  depths(): Promise<Array<{ queue: string; queued: number; failed: number }>>;
}

export interface JobsOptions {
  /** The queue's own connections end a transaction left idle this long (milliseconds; 0: no limit). */
  idleInTransactionTimeoutMs?: number;
}

/**
 * pg-boss's insert for a queue is one long statement (3 KB of CTEs) whose text depends only on the queue: named,
 * PostgreSQL prepares it once per connection instead of parsing and planning it for every write that enqueues a
 * job (measured: 0.7 ms of the database's time per insert unnamed). Texts seen are few (one per queue); past
 * `MAX_PREPARED_INSERTS` an unseen text goes unnamed, so an unexpected variety cannot fill connections with plans.
 */
const preparedInserts = new Map<string, string>();
const MAX_PREPARED_INSERTS = 64;
function preparedInsert(text: string): string | { name: string; text: string } {
  let name = preparedInserts.get(text);
  if (!name) {
    if (preparedInserts.size >= MAX_PREPARED_INSERTS) return text;
    name = `mf_jobs_insert_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedInserts.set(text, name);
  }
  return { name, text };
}

export async function startJobs(connectionString: string, onError: (err: Error) => void, { idleInTransactionTimeoutMs }: JobsOptions = {}): Promise<Jobs> {
  // pg-boss hands its options to node-postgres' pool: the limit is sent when each connection starts. No
  // statement timeout here: the queue's maintenance may legitimately take long on a large job table.
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    application_name: 'manifiesta-jobs',
    ...(idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: idleInTransactionTimeoutMs } : {}),
  });
  boss.on('error', onError);
  await boss.start();
  for (const { name, ...options } of QUEUES) {
    await boss.createQueue(name, options);
    // An existing queue keeps the options it was created with: bring retries and retention up to date.
    const { retryDelayMax: _max, ...updatable } = options;
    await boss.updateQueue(name, updatable);
  }

  // One insert per queue for all the jobs of a write or of a batch of writes; the queue's retry and
  // retention options apply, as with send().
  const enqueue: Enqueue = async (tx: Queryable, jobs) => {
    const db = { executeSql: (text: string, values?: unknown[]) => tx.query(preparedInsert(text), values) };
    for (const name of new Set(jobs.map((j) => j.name))) {
      await boss.insert(
        name,
        jobs.filter((j) => j.name === name).map((j) => ({ ...j.options, data: j.data })),
        { db },
      );
    }
  };

  return {
    boss,
    enqueue,
    async startWorkers(deps) {
      const metrics = deps.metrics ?? NO_WORKER_METRICS;
      for (const job of JOBS) {
        const handle = job.bind(deps);
        if (!handle) continue;
        const { name, options } = job.declaration;
        if (options.schedule) await boss.schedule(name, options.schedule);
        const work = { batchSize: 1, includeMetadata: true, ...options.work } as const;
        await boss.work<unknown, unknown, typeof work>(name, work, async ([j]) => {
          if (!j) return undefined;
          try {
            return await handle(j.data, { id: j.id, retryCount: j.retryCount, retryLimit: j.retryLimit });
          } catch (err) {
            metrics.jobFailed(name);
            throw err;
          }
        });
      }
    },
    send: (name, data, options = {}) => boss.send(name, data, options),
    async getJob(name, id) {
      const job = await boss.getJobById(name, id);
      return job ? { state: job.state, data: job.data, output: job.output } : undefined;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    async health() {
      try {
        const q = await boss.getQueue(EMAIL_SEND);
        // Counted now, not from the queue's periodically refreshed statistics.
        const { rows } = await boss.getDb().executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'active'", [EMAIL_SEND_DEAD]);
        return { ok: Boolean(q), queued: q?.queuedCount, failed: q?.failedCount, deadLetters: (rows[0] as { n: number }).n };
      } catch {
        return { ok: false };
      }
    },
    async depths() {
      const names = QUEUES.map((q) => q.name);
      // The waiting jobs through pg-boss's own partial index (state < 'active'): a short read while queues are short.
      const [{ rows }, stats] = await Promise.all([
        boss.getDb().executeSql("SELECT name, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' GROUP BY name", [names]),
        boss.getQueues(names),
      ]);
      const queued = new Map((rows as Array<{ name: string; n: number }>).map((r) => [r.name, r.n]));
      const failed = new Map(stats.map((q) => [q.name, q.failedCount]));
      return names.map((queue) => ({ queue, queued: queued.get(queue) ?? 0, failed: failed.get(queue) ?? 0 }));
    },
  };
}
