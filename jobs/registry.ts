// Every job, in one list: jobs/boss.ts creates each queue with the job's policy and registers its worker.
// A new job is one module exporting its declaration (jobs/define.ts), plus one line here.
import type { z } from 'zod';
import { authCleanup, type CleanupDeps } from './accounts/cleanup';
import { whyQuestion, type WhyQuestionDeps } from './deep-why/why-question';
import { bindJob, type JobDefinition, type JobHandler, type QueuePolicy } from './define';
import type { WorkerMetrics } from './metrics';
import { type EmailDeps, sendEmail } from './email/send-email';
import { newsletterBatch, newsletterFanout, newsletterReaper, type NewsletterDeps } from './newsletter/send-letter';
import { type SequenceSweepDeps, sequencesSweep } from './sequences/sweep';

/** What a worker process is given by its composition root (server/runtime.ts); jobs never reach for it. */
export interface WorkerDeps extends EmailDeps {
  /** The application's database: with it, the hourly maintenance jobs run too. */
  maintenance?: Omit<CleanupDeps, 'log'>;
  /** With it, deep-why questions are generated (and recorded in the asker's stream when signed in). */
  whyQuestions?: WhyQuestionDeps;
  /** With it, letters are sent to the subscribers (fan-out, batches, reaper). */
  newsletter?: NewsletterDeps;
  /** With it, the welcome sequences' due steps are queued. */
  sequences?: Omit<SequenceSweepDeps, 'log'>;
  /** Counts failed runs, mails and AI fallbacks for the operator's metrics (nothing when absent). */
  metrics?: WorkerMetrics;
}

export interface RegisteredJob {
  declaration: JobDefinition<z.ZodType, never>;
  /** The handler bound to its part of the worker's dependencies, or undefined when this process lacks them. */
  bind(deps: WorkerDeps): JobHandler<unknown> | undefined;
}

function register<S extends z.ZodType, D>(job: JobDefinition<S, D>, depsOf: (deps: WorkerDeps) => D | undefined): RegisteredJob {
  return {
    declaration: job as unknown as JobDefinition<z.ZodType, never>,
    bind(deps) {
      const narrowed = depsOf(deps);
      return narrowed === undefined ? undefined : bindJob(job, narrowed);
    },
  };
}

export const JOBS: readonly RegisteredJob[] = [
  register(sendEmail, (deps) => deps),
  register(authCleanup, ({ maintenance, log }) => maintenance && { ...maintenance, log }),
  register(whyQuestion, (deps) => deps.whyQuestions),
  register(newsletterFanout, (deps) => deps.newsletter),
  register(newsletterBatch, (deps) => deps.newsletter),
  register(newsletterReaper, (deps) => deps.newsletter),
  register(sequencesSweep, ({ sequences, log }) => sequences && { ...sequences, log }),
];

export interface QueueSpec extends QueuePolicy {
  name: string;
}

/** Every queue and its policy. Dead-letter queues come first: pg-boss requires them before the queue that points at them. */
export const QUEUES: readonly QueueSpec[] = [
  ...JOBS.flatMap(({ declaration: { options } }) => (options.deadLetter ? [{ name: options.deadLetter, retryLimit: 0 }] : [])),
  ...JOBS.map(({ declaration: { name, options } }): QueueSpec => {
    const { schedule: _schedule, work: _work, ...policy } = options;
    return { name, ...policy };
  }),
];
