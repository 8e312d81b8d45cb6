// pg-boss on the application's database: queues, enqueue inside an event-store transaction, workers.
import { PgBoss } from 'pg-boss';
import type { Enqueue, Queryable } from '../events/store/types';
import { AI_WHY_QUESTION, type WhyQuestion, type WhyQuestionInput } from './deep-why/why-question';
import { AUTH_CLEANUP, AUTH_CLEANUP_CRON, cleanUpAuth } from './accounts/cleanup';
import { createMailer, EMAIL_SEND, EMAIL_SEND_DEAD, type EmailDeps, mailLabel, MailJob, withoutAddresses } from './email/send-email';
import { QUEUES } from './queues';

/** Deep-why questions generated at the same time by one process. */
export const AI_WORKERS = 8;

export interface WorkerDeps extends EmailDeps {
  /** The application's database: with it, the hourly maintenance jobs run too. */
  maintenance?: { db: Queryable; sessionIdleHours: number };
  /** With it, deep-why questions are generated (and recorded in the asker's stream when signed in). */
  whyQuestions?: { generate: (input: WhyQuestionInput) => Promise<WhyQuestion>; record: (job: WhyQuestionJob, q: WhyQuestion) => Promise<void> };
}

export interface WhyQuestionJob extends WhyQuestionInput {
  /** The signed-in asker, or null for a guest (nothing is stored for guests). */
  userId: string | null;
  areaId: string;
  questionId: string;
}

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
  /** `deadLetters`: mails that failed every attempt and wait in email.send.dead (see jobs/dead-letters.ts). */
  health(): Promise<{ ok: boolean; queued?: number; failed?: number; deadLetters?: number }>;
}

export interface JobsOptions {
  /** The queue's own connections end a transaction left idle this long (milliseconds; 0: no limit). */
  idleInTransactionTimeoutMs?: number;
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
    const db = { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) };
    for (const name of new Set(jobs.map((j) => j.name))) {
      await boss.insert(name, jobs.filter((j) => j.name === name).map((j) => ({ ...j.options, data: j.data })), { db });
    }
  };

  return {
    boss,
    enqueue,
    async startWorkers(deps) {
      const deliver = createMailer(deps);
      const emailWork = { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true } as const;
      await boss.work<MailJob, void, typeof emailWork>(EMAIL_SEND, emailWork, async ([job]) => {
        if (!job) return;
        try {
          await deliver(job.id, job.data);
        } catch (err) {
          // The operator's view of a mail that does not go out: each failure, and the last one loudly.
          // No address in the log: the job id finds the job in pgboss.job, which holds ids only.
          const attempt = job.retryCount + 1;
          const { message, code } = err as Error & { code?: string };
          const parsed = MailJob.safeParse(job.data);
          const kind = parsed.success ? mailLabel(parsed.data) : 'unreadable';
          const failure = { job: job.id, kind, attempt, of: job.retryLimit + 1, code, error: withoutAddresses(message) };
          if (job.retryCount >= job.retryLimit) deps.log.error?.(failure, `mail not sent after ${attempt} attempts: moved to the dead-letter queue ${EMAIL_SEND_DEAD}`);
          else deps.log.warn?.(failure, 'mail not sent; it will be retried');
          // pg-boss keeps what is thrown as the job's output (and the dead letter's): the same, without addresses.
          throw Object.assign(new Error(failure.error), { code });
        }
      });
      const { whyQuestions } = deps;
      if (whyQuestions) {
        // A learner waits on each of these, and a call mostly waits on Gemini (up to AI_TIMEOUT_MS): run
        // several at once, or a hanging provider makes the fifth learner wait five timeouts.
        await boss.work<WhyQuestionJob>(AI_WHY_QUESTION, { batchSize: 1, pollingIntervalSeconds: 0.5, localConcurrency: AI_WORKERS }, async ([job]) => {
          if (!job) return undefined;
          const q = await whyQuestions.generate(job.data);
          if (job.data.userId) await whyQuestions.record(job.data, q);
          return q;
        });
      }
      const { maintenance } = deps;
      if (maintenance) {
        await boss.schedule(AUTH_CLEANUP, AUTH_CLEANUP_CRON);
        await boss.work(AUTH_CLEANUP, { pollingIntervalSeconds: 30 }, async () => {
          const removed = await cleanUpAuth(maintenance.db, { idleHours: maintenance.sessionIdleHours });
          deps.log.info(removed, 'auth clean-up');
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
  };
}
