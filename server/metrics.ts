// The process's Prometheus metrics that the event store and the workers count as things happen: one registry per
// runtime, never prom-client's global one, so that the many runtimes and apps of a test run never collide. The
// HTTP latency and what is read from the database at each scrape belong to each app (server/plugins/metrics.ts).
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { StoreMetrics } from '../events/store/types';
import { AI_FALLBACK_REASONS, type WorkerMetrics } from '../jobs/metrics';

export interface Metrics {
  /** The runtime's metrics, with Node's process metrics (memory, CPU, event loop, handles). */
  registry: Registry;
  /** Given to the event store. */
  store: StoreMetrics;
  /** Given to the job workers; the app counts the AI fallbacks it answers itself here too. */
  workers: WorkerMetrics;
}

/** Seconds, from half a millisecond (a lone append on a quiet machine) to seconds (a stalled database). */
const APPEND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Writes in one group-committed batch: 1 when quiet, up to the store's maximum (100) under load. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 100];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const appendDuration = new Histogram({
    name: 'eventstore_append_duration_seconds',
    help: 'Time of an append, from the call to its answer (a wait in the group commit included), by outcome',
    labelNames: ['outcome'],
    buckets: APPEND_BUCKETS,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'eventstore_group_commit_batch_size',
    help: 'Writes committed together in one group-commit batch',
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'eventstore_append_conflicts_total',
    help: "Appends refused because their stream's version had moved on",
    registers: [registry],
  });
  const retries = new Counter({
    name: 'eventstore_command_retries_total',
    help: 'Commands decided again on the newer state after a conflict',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'jobs_failures_total',
    help: "Runs of a job that failed in this process (retried or dead-lettered by its queue's policy)",
    labelNames: ['queue'],
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'Mails handed to SMTP (or written to the outbox) by this process, by kind (a letter, or the kind of mail)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'mail_failed_total',
    help: 'Attempts to send a mail that failed in this process, by kind (each retry counts)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const aiFallbacks = new Counter({
    name: 'ai_fallbacks_total',
    help: 'Deep-why questions answered with the fixed texts instead of the AI provider, by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  // Every reason from zero, so that a rate over the first fallback is a rate and not a gap.
  for (const reason of AI_FALLBACK_REASONS) aiFallbacks.inc({ reason }, 0);

  return {
    registry,
    store: {
      appended(seconds, outcome) {
        appendDuration.observe({ outcome }, seconds);
        if (outcome === 'conflict') conflicts.inc();
      },
      batched: (writes) => batchSize.observe(writes),
      retried: () => retries.inc(),
    },
    workers: {
      jobFailed: (queue) => jobFailures.inc({ queue }),
      mailSent: (kind) => mailSent.inc({ kind }),
      mailFailed: (kind) => mailFailed.inc({ kind }),
      aiFallback: (reason) => aiFallbacks.inc({ reason }),
    },
  };
}
