// Sending a letter to the confirmed subscribers (decision 0020), in three jobs that carry ids only:
// - newsletter-fanout {sendId}: at the send's time, takes the confirmed subscribers of that moment, writes one
//   delivery row per letter × subscriber (the idempotency of a send) and enqueues the batches, in the transaction
//   that records LetterSendStarted;
// - newsletter-batch {sendId, batch}: sends a batch at the shared pace (NEWSLETTER_RATE_PER_MINUTE), claiming each
//   delivery before its SMTP exchange and marking it sent right after the server accepted it;
// - newsletter-reaper (every minute): gives back the claims of a worker that died mid-mail, re-enqueues the batches
//   of a send left without a job, and completes a send whose last worker died before it could.
// Pausing stops the next claim; cancelling skips what is still queued; resuming enqueues the batches again.
import type pg from 'pg';
import { z } from 'zod';
import { confirmedSubscribers } from '../../events/leads/queries';
import { decideLetterSend, letterSendsFold, type LetterSendCommand, type LetterSendsState } from '../../events/letter-sends/letter-sends';
import { letterSendStreamId } from '../../events/letter-sends/letter-sends.events';
import { loadSend, type SendSnapshot } from '../../events/letter-sends/queries';
import { handleCommand, type Decision } from '../../events/store/command';
import type { EventStore } from '../../events/store/event-store';
import { deterministicUuid } from '../../events/store/ids';
import type { Enqueue, JobRequest, Queryable } from '../../events/store/types';
import { defineJob, type JobRun } from '../define';
import type { MailMetrics } from '../metrics';
import { createPostbox } from '../email/postbox';
import { Address, type Mail, withoutAddresses } from '../email/send-email';

export const NEWSLETTER_FANOUT = 'newsletter-fanout';
export const NEWSLETTER_BATCH = 'newsletter-batch';
export const NEWSLETTER_BATCH_DEAD = 'newsletter-batch.dead';
export const NEWSLETTER_REAPER = 'newsletter-reaper';

/** Recipients per batch job. */
export const BATCH_SIZE = 100;
/**
 * A claim older than this belongs to a worker that died: every SMTP wait of the letters' transport is bounded well
 * below it (postbox.ts), so a live worker has either sent the mail or given the claim back by then.
 */
export const STALE_CLAIM_SECONDS = 120;

/** Builds each recipient's mail of a send: the body is rendered once per send, the footer and headers per recipient. */
export type PrepareLetter = (send: SendSnapshot) => Promise<(recipient: { streamId: string; email: string }) => Mail>;

export interface NewsletterDeps {
  db: pg.Pool;
  store: EventStore;
  /** The queue's insert (jobs/boss.ts): the reaper enqueues batches outside any event append. */
  enqueue: Enqueue;
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  prepare: PrepareLetter;
  /** Records that an address's mailbox does not exist (a permanent refusal of its recipient): SubscriberBounced. */
  bounce(streamId: string): Promise<void>;
  /** NEWSLETTER_RATE_PER_MINUTE: every worker process together sends at most this many letters a minute. */
  ratePerMinute: number;
  batchSize?: number;
  /** Counts the letters sent and the attempts that failed (nothing when absent). */
  metrics?: MailMetrics;
  log: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void; error?(obj: object, msg: string): void };
}

const SendJob = z.strictObject({ sendId: z.uuid() });
const BatchJob = z.strictObject({ sendId: z.uuid(), batch: z.number().int().min(0) });

const batchJobs = (sendId: string, batches: Iterable<number>): JobRequest[] =>
  [...batches].map((batch) => ({ name: NEWSLETTER_BATCH, data: { sendId, batch } }));

type Effects = Pick<Decision, 'jobs' | 'alsoInTransaction'>;

/** What goes with a command's events, in their transaction: the fan-out of a schedule, the batches of a resume, a cancel's skips. */
async function effectsOf(db: Queryable, command: LetterSendCommand, { current }: LetterSendsState): Promise<Effects> {
  switch (command.type) {
    case 'Schedule':
      return { jobs: [{ name: NEWSLETTER_FANOUT, data: { sendId: command.sendId }, options: { startAfter: command.at } }] };
    case 'Resume': {
      const { sendId, batches } = current!;
      if (batches !== null) return { jobs: batchJobs(sendId, range(batches)) };
      // Paused before its fan-out: it runs at the send's time (now, if that has passed).
      const send = await loadSend(db, sendId);
      return { jobs: [{ name: NEWSLETTER_FANOUT, data: { sendId }, options: { startAfter: send?.scheduledAt ?? new Date() } }] };
    }
    case 'Cancel':
      return {
        alsoInTransaction: async (tx) => {
          await tx.query("UPDATE letter_deliveries SET status = 'skipped' WHERE send_id = $1 AND status = 'queued'", [current!.sendId]);
        },
      };
    default:
      return {};
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Runs a command on a letter's send stream (the coach's routes and these workers alike), with what goes with it in
 * the same transaction; `extra` adds more (the fan-out's deliveries and batches). The state after it is returned.
 */
export async function runLetterSendCommand(
  store: EventStore,
  db: Queryable,
  letterId: string,
  command: LetterSendCommand,
  options: Parameters<typeof handleCommand>[4] = { metadata: { actor: 'system', origin: 'newsletter' } },
  extra: Effects = {},
) {
  return handleCommand(
    store,
    letterSendStreamId(letterId),
    letterSendsFold,
    async (state) => {
      const events = decideLetterSend(command, state);
      return events.length ? { events, ...(await effectsOf(db, command, state)), ...extra } : { events };
    },
    options,
  );
}

// ---- fan-out ----------------------------------------------------------------------------------------------------

/** The fan-out of a send: recipients and batches written once, with LetterSendStarted; nothing while paused or cancelled. */
export async function fanOut(deps: Pick<NewsletterDeps, 'db' | 'store' | 'batchSize' | 'log'>, sendId: string) {
  const send = await loadSend(deps.db, sendId);
  if (!send || send.phase !== 'scheduled' || send.batches !== null) return { skipped: send ? send.phase : 'no such send' };
  // The confirmed subscribers of this moment (decision 0016: pending, unsubscribed and bounced are never here).
  const recipients = (await confirmedSubscribers(deps.db)).map((s) => s.streamId);
  const size = deps.batchSize ?? BATCH_SIZE;
  const batches = Math.ceil(recipients.length / size);
  const result = await runLetterSendCommand(deps.store, deps.db, send.letterId, { type: 'Start', sendId, recipients: recipients.length, batches }, undefined, {
    jobs: batchJobs(sendId, range(batches)),
    // A row already there is from an earlier, cancelled send of this letter: sent stays sent (never twice to one
    // address); skipped is queued again for this send.
    alsoInTransaction: async (tx) => {
      await tx.query(
        `INSERT INTO letter_deliveries (letter_id, stream_id, send_id, batch, status)
           SELECT $1, r.stream_id, $2, (r.n - 1) / $4, 'queued' FROM unnest($3::text[]) WITH ORDINALITY AS r(stream_id, n)
           ON CONFLICT (letter_id, stream_id) DO UPDATE
             SET send_id = EXCLUDED.send_id, batch = EXCLUDED.batch, status = 'queued', attempts = 0, last_error_code = NULL, claimed_at = NULL
             WHERE letter_deliveries.status = 'skipped'`,
        [send.letterId, sendId, recipients, size],
      );
    },
  });
  if (result.events.length === 0) return { skipped: 'already started' };
  deps.log.info({ send: sendId, recipients: recipients.length, batches }, 'letter fanned out');
  if (batches === 0) await completeIfDone(deps, sendId, send.letterId);
  return { recipients: recipients.length, batches };
}

/** Records LetterSendCompleted when none of the send's deliveries is queued or in flight any more. */
async function completeIfDone(deps: Pick<NewsletterDeps, 'db' | 'store'>, sendId: string, letterId: string): Promise<boolean> {
  const { rows } = await deps.db.query<{ open: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM letter_deliveries WHERE send_id = $1 AND status IN ('queued', 'sending')) AS open",
    [sendId],
  );
  if (rows[0]!.open) return false;
  const result = await runLetterSendCommand(deps.store, deps.db, letterId, { type: 'Complete', sendId });
  return result.events.length > 0;
}

// ---- pace -------------------------------------------------------------------------------------------------------

/**
 * Reserves `count` consecutive sending slots in the pace shared by every process (one UPDATE of one row): the
 * milliseconds from now until the first, and between two.
 */
async function reserveSlots(db: Queryable, count: number, ratePerMinute: number): Promise<{ firstInMs: number; everyMs: number }> {
  const everyMs = 60_000 / ratePerMinute;
  const { rows } = await db.query<{ first_in_ms: number }>(
    `UPDATE newsletter_pace SET next_at = greatest(next_at, clock_timestamp()) + make_interval(secs => $1::float8 / 1000)
     RETURNING greatest(0, extract(epoch FROM (next_at - make_interval(secs => $1::float8 / 1000) - clock_timestamp())) * 1000)::float8 AS first_in_ms`,
    [count * everyMs],
  );
  return { firstInMs: rows[0]!.first_in_ms, everyMs };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

// ---- a batch ----------------------------------------------------------------------------------------------------

type Outcome = 'sent' | 'bounced' | 'failed' | 'retry' | 'down';

/**
 * What an SMTP failure means for this delivery: a 5xx is final (at RCPT TO — 550, 551, 553 — the mailbox does not
 * exist: a bounce); a 4xx is transient (retried with the batch's backoff); no answer at all (refused, reset, timed out)
 * means the server is down: the batch stops and is retried.
 */
export function classify(err: unknown): Exclude<Outcome, 'sent'> {
  const { responseCode, command } = err as { responseCode?: number; command?: string };
  if (typeof responseCode !== 'number') return 'down';
  if (responseCode >= 500) return command === 'RCPT TO' && [550, 551, 553].includes(responseCode) ? 'bounced' : 'failed';
  return 'retry';
}

class BatchIncomplete extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'BatchIncomplete';
  }
}

export function newsletterSender(deps: NewsletterDeps) {
  const postbox = createPostbox({ ...deps, pool: { maxConnections: 4 } });

  /** Claims the batch's next queued delivery (not one that failed in this run): its address if still confirmed. */
  const claimNext = async (sendId: string, batch: number, tried: string[]) => {
    const { rows } = await deps.db.query<{ letter_id: string; stream_id: string; status: string | null; email: string | null }>(
      `WITH next AS (
         SELECT d.letter_id, d.stream_id FROM letter_deliveries d
         WHERE d.send_id = $1 AND d.batch = $2 AND d.status = 'queued' AND NOT (d.stream_id = ANY ($3::text[]))
           AND EXISTS (SELECT 1 FROM letter_sends s WHERE s.send_id = $1 AND s.state = 'scheduled')
         ORDER BY d.stream_id LIMIT 1 FOR UPDATE SKIP LOCKED)
       UPDATE letter_deliveries d SET status = 'sending', claimed_at = clock_timestamp(), attempts = d.attempts + 1
       FROM next WHERE d.letter_id = next.letter_id AND d.stream_id = next.stream_id
       RETURNING d.letter_id, d.stream_id,
         (SELECT status FROM subscribers s WHERE s.stream_id = d.stream_id) AS status,
         (SELECT email FROM leads l WHERE l.stream_id = d.stream_id) AS email`,
      [sendId, batch, tried],
    );
    return rows[0];
  };

  const settle = (letterId: string, streamId: string, status: 'sent' | 'failed' | 'skipped' | 'queued', code: string | null = null) =>
    deps.db.query(
      `UPDATE letter_deliveries SET status = $3, last_error_code = $4,
         sent_at = CASE WHEN $3 = 'sent' THEN clock_timestamp() END,
         claimed_at = CASE WHEN $3 = 'queued' THEN NULL ELSE claimed_at END
       WHERE letter_id = $1 AND stream_id = $2 AND status = 'sending'`,
      [letterId, streamId, status, code],
    );

  async function runBatch({ sendId, batch }: z.infer<typeof BatchJob>, run: JobRun) {
    const send = await loadSend(deps.db, sendId);
    if (!send || send.phase !== 'scheduled') return { skipped: send ? send.phase : 'no such send' };
    const { rows: counted } = await deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM letter_deliveries WHERE send_id = $1 AND batch = $2 AND status = 'queued'",
      [sendId, batch],
    );
    const pending = counted[0]!.n;
    const counts = { sent: 0, failed: 0, bounced: 0, skipped: 0, retry: 0 };
    if (pending > 0) {
      const mailFor = await deps.prepare(send);
      const lastTry = run.retryCount >= run.retryLimit;
      const slots = await reserveSlots(deps.db, pending, deps.ratePerMinute);
      const started = Date.now() + slots.firstInMs;
      const tried: string[] = [];
      let down: BatchIncomplete | undefined;
      for (let i = 0; ; i++) {
        await sleep(started + i * slots.everyMs - Date.now());
        const claim = await claimNext(sendId, batch, tried);
        if (!claim) break;
        const { letter_id: letterId, stream_id: streamId } = claim;
        // An unsubscribe (or a forgotten address) between the fan-out and now is effective for this very mail.
        const to = claim.status === 'confirmed' && claim.email ? Address.safeParse(claim.email) : undefined;
        if (!to?.success) {
          await settle(letterId, streamId, 'skipped');
          counts.skipped++;
          continue;
        }
        const mail = mailFor({ streamId, email: to.data });
        // The same Message-ID for a letter and a recipient, whatever the attempt: a mail client folds a resent copy.
        const messageId = `<letter-${deterministicUuid('letter-delivery', letterId, streamId)}@manifiesta.local>`;
        try {
          await postbox.post(mail, to.data, messageId, `letter-${letterId}-${streamId}`).catch((err: unknown) => {
            deps.metrics?.mailFailed('letter');
            throw err;
          });
          deps.metrics?.mailSent('letter');
          await settle(letterId, streamId, 'sent');
          counts.sent++;
        } catch (err) {
          const outcome = classify(err);
          const code = String((err as { responseCode?: number; code?: string }).responseCode ?? (err as { code?: string }).code ?? 'unknown');
          if (outcome === 'bounced' || outcome === 'failed' || lastTry) {
            await settle(letterId, streamId, 'failed', code);
            if (outcome === 'bounced') await deps.bounce(streamId);
            counts[outcome === 'bounced' ? 'bounced' : 'failed']++;
            continue;
          }
          // Transient: back to the queue for the batch's next attempt.
          await settle(letterId, streamId, 'queued', code);
          tried.push(streamId);
          counts.retry++;
          if (outcome === 'down') {
            down = new BatchIncomplete(code, withoutAddresses((err as Error).message));
            break;
          }
        }
      }
      deps.log.info({ send: sendId, batch, attempt: run.retryCount + 1, ...counts }, 'letter batch ran');
      if (down) throw down;
      if (counts.retry > 0) throw new BatchIncomplete(undefined, `${counts.retry} deliveries of this batch were refused for now; the batch will be retried`);
    }
    await completeIfDone(deps, sendId, send.letterId);
    return counts;
  }

  return { runBatch, close: () => postbox.close() };
}

// ---- reaper -----------------------------------------------------------------------------------------------------

/**
 * Gives back the claims older than `staleClaimSeconds` (their worker died between claiming and marking), enqueues a
 * batch job for every batch of a running send that has queued deliveries and no job waiting for it, and completes a
 * send with nothing left. A batch enqueued twice is harmless: each delivery is claimed by one worker only.
 */
export async function reapLetterSends(deps: Pick<NewsletterDeps, 'db' | 'store' | 'enqueue' | 'log'>, { staleClaimSeconds = STALE_CLAIM_SECONDS } = {}) {
  const reclaimed = await deps.db.query(
    "UPDATE letter_deliveries SET status = 'queued', claimed_at = NULL WHERE status = 'sending' AND claimed_at <= clock_timestamp() - make_interval(secs => $1)",
    [staleClaimSeconds],
  );
  const { rows } = await deps.db.query<{ send_id: string; letter_id: string; batches: number[] }>(
    `SELECT s.send_id, s.letter_id,
            coalesce(array_agg(DISTINCT d.batch) FILTER (WHERE d.status = 'queued' AND NOT EXISTS (
              SELECT 1 FROM pgboss.job j WHERE j.name = $1 AND j.state IN ('created', 'retry')
                AND j.data->>'sendId' = s.send_id::text AND (j.data->>'batch')::int = d.batch)), '{}') AS batches
     FROM letter_sends s LEFT JOIN letter_deliveries d ON d.send_id = s.send_id
     WHERE s.state = 'scheduled' AND s.batches IS NOT NULL
     GROUP BY s.send_id, s.letter_id`,
    [NEWSLETTER_BATCH],
  );
  let enqueued = 0;
  let completed = 0;
  for (const { send_id: sendId, letter_id: letterId, batches } of rows) {
    if (batches.length > 0) {
      await deps.enqueue(deps.db, batchJobs(sendId, batches));
      enqueued += batches.length;
    } else if (await completeIfDone(deps, sendId, letterId)) completed++;
  }
  const result = { reclaimed: reclaimed.rowCount ?? 0, enqueued, completed };
  if (result.reclaimed || enqueued || completed) deps.log.info(result, 'letter sends reaped');
  return result;
}

// ---- the jobs ---------------------------------------------------------------------------------------------------

export const newsletterFanout = defineJob({
  name: NEWSLETTER_FANOUT,
  payload: SendJob,
  options: {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 10 * 60,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 7 * 86_400,
    work: { pollingIntervalSeconds: 2 },
  },
  handler: (deps: NewsletterDeps) => (job) => fanOut(deps, job.sendId),
});

export const newsletterBatch = defineJob({
  name: NEWSLETTER_BATCH,
  payload: BatchJob,
  options: {
    deadLetter: NEWSLETTER_BATCH_DEAD,
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 30 * 60,
    // A batch of BATCH_SIZE at the slowest sane pace fits well within this; a dead worker's claims are the reaper's.
    expireInSeconds: 30 * 60,
    deleteAfterSeconds: 7 * 86_400,
    work: { pollingIntervalSeconds: 1, localConcurrency: 4 },
  },
  handler: (deps: NewsletterDeps) => newsletterSender(deps).runBatch,
  onFailure: (deps) => (err, data, run) => {
    const { message, code } = err as Error & { code?: string };
    const failure = {
      job: run.id,
      data: BatchJob.safeParse(data).data,
      attempt: run.retryCount + 1,
      of: run.retryLimit + 1,
      code,
      error: withoutAddresses(message),
    };
    if (run.retryCount >= run.retryLimit)
      deps.log.error?.(failure, `letter batch not finished after ${failure.attempt} attempts: moved to ${NEWSLETTER_BATCH_DEAD}`);
    else deps.log.warn?.(failure, 'letter batch not finished; it will be retried');
    return Object.assign(new Error(failure.error), { code });
  },
});

export const NEWSLETTER_REAPER_CRON = '* * * * *';

export const newsletterReaper = defineJob({
  name: NEWSLETTER_REAPER,
  payload: z.unknown(),
  options: { schedule: NEWSLETTER_REAPER_CRON, retryLimit: 0, expireInSeconds: 5 * 60, deleteAfterSeconds: 3600, work: { pollingIntervalSeconds: 10 } },
  handler: (deps: NewsletterDeps) => () => reapLetterSends(deps),
});
