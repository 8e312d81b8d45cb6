// A job is declared once, in its own module: its queue name (stored in pg-boss tables: never renamed), the zod
// schema of its payload, its queue policy and the handler, built from the narrowed dependencies it is given.
// jobs/registry.ts lists every declaration; jobs/boss.ts creates the queues and registers the workers from it.
import type { z } from 'zod';

/** The queue's policy: retries, the dead-letter queue its exhausted jobs move to, expiry and retention. */
export interface QueuePolicy {
  deadLetter?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  expireInSeconds?: number;
  deleteAfterSeconds?: number;
}

export interface JobOptions extends QueuePolicy {
  /** A cron schedule: the job runs on it (with an empty payload) wherever its worker runs. */
  schedule?: string;
  /** How one process polls the queue and how many jobs it runs at once. */
  work: { pollingIntervalSeconds: number; localConcurrency?: number };
}

/** The job being run, as pg-boss knows it. */
export interface JobRun {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<P> = (data: P, run: JobRun) => Promise<unknown>;

export interface JobDefinition<S extends z.ZodType, D> {
  name: string;
  payload: S;
  options: JobOptions;
  /** The handler, given its dependencies once per worker process. What it returns is the job's output. */
  handler: (deps: D) => JobHandler<z.output<S>>;
  /**
   * Turns a failure (a thrown error, or a payload its schema rejects) into what pg-boss keeps as the job's
   * output, after telling the operator. Without it the error is kept as thrown.
   */
  onFailure?: (deps: D) => (err: unknown, data: unknown, run: JobRun) => Error;
}

export const defineJob = <S extends z.ZodType, D>(job: JobDefinition<S, D>): JobDefinition<S, D> => job;

/** A payload its job's schema rejects: it fails like any error, and dead-letters where the queue has one. */
export class InvalidPayload extends Error {
  constructor(job: string, issues: string) {
    super(`payload of ${job} does not match its schema: ${issues}`);
    this.name = 'InvalidPayload';
  }
}

/** A job's handler bound to its dependencies, taking the raw payload: parsed with the job's schema first. */
export function bindJob<S extends z.ZodType, D>(job: JobDefinition<S, D>, deps: D): JobHandler<unknown> {
  const handle = job.handler(deps);
  const onFailure = job.onFailure?.(deps);
  return async (data, run) => {
    try {
      const parsed = job.payload.safeParse(data);
      if (!parsed.success) throw new InvalidPayload(job.name, parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
      return await handle(parsed.data, run);
    } catch (err) {
      throw onFailure ? onFailure(err, data, run) : err;
    }
  };
}
