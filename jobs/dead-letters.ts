// The operator's view of mails that failed every attempt (SMTP down for longer than the retry policy):
//   npx tsx jobs/dead-letters.ts           list them (job id, kind, when, last error; no addresses: a job holds ids)
//   npx tsx jobs/dead-letters.ts redrive   send them back to email.send for a fresh set of attempts
// Against DATABASE_URL, or the embedded database under DATA_DIR, like the db:* scripts.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import type { Queryable } from '../events/store/types';
import { startJobs } from './boss';
import { EMAIL_SEND, EMAIL_SEND_DEAD, mailLabel, MailJob, withoutAddresses } from './email/send-email';

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
  const { rows } = await db.query<{ id: string; data: unknown; created_on: Date; dead_since: Date; attempts: number; last_error: string | null }>(
    `SELECT id::text, data, COALESCE(source_created_on, created_on) AS created_on, created_on AS dead_since,
            COALESCE(source_retry_count, 0) + 1 AS attempts,
            COALESCE(source_output->>'message', source_output::text) AS last_error
     FROM pgboss.job WHERE name = $1 AND state < 'active' ORDER BY created_on LIMIT $2`,
    [EMAIL_SEND_DEAD, limit],
  );
  const kindOf = (data: unknown) => {
    const job = MailJob.safeParse(data);
    return job.success ? mailLabel(job.data) : 'unreadable';
  };
  return rows.map((r) => ({ id: r.id, kind: kindOf(r.data), createdOn: r.created_on, deadSince: r.dead_since, attempts: r.attempts, lastError: r.last_error && withoutAddresses(r.last_error) }));
}

async function main(command: string | undefined) {
  if (command !== undefined && command !== 'list' && command !== 'redrive') {
    console.error('usage: tsx jobs/dead-letters.ts [list|redrive]');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase(config, () => {});
  try {
    if (command === 'redrive') {
      const jobs = await startJobs(db.url, (err) => console.error(err.message));
      try {
        const moved = await jobs.boss.redrive(EMAIL_SEND_DEAD, { destination: EMAIL_SEND });
        console.log(`${moved} mail(s) sent back to ${EMAIL_SEND}`);
      } finally {
        await jobs.stop();
      }
      return;
    }
    const dead = await listDeadLetters(db.pool);
    console.log(`${dead.length} mail(s) in ${EMAIL_SEND_DEAD}`);
    for (const d of dead) console.log(`${d.id}  ${d.kind}  created ${d.createdOn.toISOString()}  dead since ${d.deadSince.toISOString()}  ${d.attempts} attempts  ${d.lastError ?? ''}`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main(process.argv[2]);
