// The operator's view of mails that failed every attempt (SMTP down for longer than the retry policy):
//   npx tsx server/dead-letters.ts           list them (job id, kind, when, last error; no addresses: a job holds ids)
//   npx tsx server/dead-letters.ts redrive   send them back to their queue (email.send, newsletter-batch) for a fresh set of attempts
// Against DATABASE_URL, or the embedded database under DATA_DIR, like the db:* scripts.
import { DEAD_LETTER_QUEUES, listDeadLetters } from '../jobs/dead-letters';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { composeRuntime } from './runtime';

async function main(command: string | undefined) {
  if (command !== undefined && command !== 'list' && command !== 'redrive') {
    console.error('usage: tsx server/dead-letters.ts [list|redrive]');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase(config, () => {});
  try {
    if (command === 'redrive') {
      const runtime = await composeRuntime({ config, database: db, log: createLogger(config.LOG_LEVEL) });
      try {
        for (const { dead, queue } of DEAD_LETTER_QUEUES) {
          const moved = await runtime.jobs.boss.redrive(dead, { destination: queue });
          console.log(`${moved} job(s) sent back to ${queue}`);
        }
      } finally {
        await runtime.close();
      }
      return;
    }
    const dead = await listDeadLetters(db.pool);
    console.log(`${dead.length} job(s) in ${DEAD_LETTER_QUEUES.map((q) => q.dead).join(', ')}`);
    for (const d of dead)
      console.log(
        `${d.id}  ${d.kind}  created ${d.createdOn.toISOString()}  dead since ${d.deadSince.toISOString()}  ${d.attempts} attempts  ${d.lastError ?? ''}`,
      );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main(process.argv[2]);
