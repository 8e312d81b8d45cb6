// The mails that failed every attempt (SMTP down for longer than the retry policy), as the operator sees them:
// job id, kind, when, last error; no addresses (a job holds ids). A letter's batch that did not finish is one too
// (its deliveries left are `failed`, decision 0020). The command is server/dead-letters.ts.
import type { Queryable } from '../events/store/types';
import { EMAIL_SEND, EMAIL_SEND_DEAD, mailLabel, MailJob, withoutAddresses } from './email/send-email';
import { NEWSLETTER_BATCH, NEWSLETTER_BATCH_DEAD } from './newsletter/send-letter';

/** Each dead-letter queue and the queue its jobs go back to. */
export const DEAD_LETTER_QUEUES = [
  { dead: EMAIL_SEND_DEAD, queue: EMAIL_SEND },
  { dead: NEWSLETTER_BATCH_DEAD, queue: NEWSLETTER_BATCH },
] as const;

export interface DeadLetter {
  id: string;
  kind: string;
  /** When the original job was created, and when it was dead-lettered. */
  createdOn: Date;
  deadSince: Date;
  attempts: number;
  lastError: string | null;
}

/** The mails waiting in the dead-letter queue, oldest first. */
export async function listDeadLetters(db: Queryable, limit = 100): Promise<DeadLetter[]> {
  const { rows } = await db.query<{ id: string; name: string; data: unknown; created_on: Date; dead_since: Date; attempts: number; last_error: string | null }>(
    `SELECT id::text, name, data, COALESCE(source_created_on, created_on) AS created_on, created_on AS dead_since,
            COALESCE(source_retry_count, 0) + 1 AS attempts,
            COALESCE(source_output->>'message', source_output::text) AS last_error
     FROM pgboss.job WHERE name = ANY ($1) AND state < 'active' ORDER BY created_on LIMIT $2`,
    [DEAD_LETTER_QUEUES.map((q) => q.dead), limit],
  );
  const kindOf = (name: string, data: unknown) => {
    if (name === NEWSLETTER_BATCH_DEAD) {
      const { sendId, batch } = data as { sendId?: string; batch?: number };
      return `${NEWSLETTER_BATCH}:${sendId}:${batch}`;
    }
    const job = MailJob.safeParse(data);
    return job.success ? mailLabel(job.data) : 'unreadable';
  };
  return rows.map((r) => ({
    id: r.id,
    kind: kindOf(r.name, r.data),
    createdOn: r.created_on,
    deadSince: r.dead_since,
    attempts: r.attempts,
    lastError: r.last_error && withoutAddresses(r.last_error),
  }));
}
