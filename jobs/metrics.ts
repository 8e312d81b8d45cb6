// What the workers count for the operator's metrics, as it happens. The composition root (server/runtime.ts)
// gives Prometheus counters; the jobs know nothing of Prometheus, and count nothing when given nothing.

/** Why a deep-why question came from the fixed texts instead of the AI provider. */
export const AI_FALLBACK_REASONS = ['no_key', 'circuit_open', 'nothing_to_ask', 'provider_failed'] as const;
export type AiFallbackReason = (typeof AI_FALLBACK_REASONS)[number];

/** Mails handed to SMTP (or written to the outbox), and attempts that failed; `kind`: a mail job's kind, or 'letter'. */
export interface MailMetrics {
  mailSent(kind: string): void;
  mailFailed(kind: string): void;
}

export interface WorkerMetrics extends MailMetrics {
  /** A run of a job that threw (it is retried or dead-lettered by its queue's policy). */
  jobFailed(queue: string): void;
  aiFallback(reason: AiFallbackReason): void;
}

export const NO_WORKER_METRICS: WorkerMetrics = { mailSent() {}, mailFailed() {}, jobFailed() {}, aiFallback() {} };
