// sequences.sweep: every few minutes, queues the welcome sequences' steps 2 and 3 that are due (decision 0021). Each
// step of each lead is queued once: its sequence_deliveries row and its mail job are written in one transaction, and
// the row's key refuses a second (another sweep, another worker). A lead who left (unsubscribed, bounced, bought,
// signed up) is marked so on her enrolment and gets nothing more. The mail job names the lead by its stream only.
import type pg from 'pg';
import { z } from 'zod';
import { dueSteps, exitReasonOf, recordExit } from '../../events/sequences/queries';
import { inTransaction } from '../../events/store/transaction';
import type { Enqueue } from '../../events/store/types';
import { defineJob } from '../define';
import { EMAIL_SEND, type MailJob } from '../email/send-email';

export const SEQUENCES_SWEEP = 'sequences.sweep';
export const SEQUENCES_SWEEP_CRON = '*/5 * * * *';

export interface SequenceSweepDeps {
  db: pg.Pool;
  /** Enqueues the mail jobs in the sweep's transaction (jobs/boss.ts). */
  enqueue: Enqueue;
  log: { info(obj: object, msg: string): void };
}

/** One pass at `now`: how many steps it queued and how many leads it found gone. */
export async function sweepSequences({ db, enqueue }: Omit<SequenceSweepDeps, 'log'>, now: Date): Promise<{ queued: number; exited: number }> {
  let queued = 0;
  let exited = 0;
  for (const due of await dueSteps(db, now)) {
    const reason = await exitReasonOf(db, due.streamId);
    if (reason) {
      await recordExit(db, due.streamId, reason, now);
      exited += 1;
      continue;
    }
    queued += await inTransaction(db, async (tx) => {
      const { rowCount } = await tx.query(
        'INSERT INTO sequence_deliveries (stream_id, page, section, step, queued_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [due.streamId, due.page, due.section, due.step, now],
      );
      if (!rowCount) return 0;
      const job = { kind: 'sequence-step', leadId: due.streamId, page: due.page, section: due.section, step: due.step } as MailJob;
      await enqueue(tx, [{ name: EMAIL_SEND, data: job }]);
      return 1;
    });
  }
  return { queued, exited };
}

export const sequencesSweep = defineJob({
  name: SEQUENCES_SWEEP,
  // A scheduled job: pg-boss sends it with no data, or an empty object.
  payload: z.unknown(),
  options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, schedule: SEQUENCES_SWEEP_CRON, work: { pollingIntervalSeconds: 30 } },
  handler: (deps: SequenceSweepDeps) => async () => {
    const done = await sweepSequences(deps, new Date());
    deps.log.info(done, 'welcome sequences swept');
  },
});
