// The operator's view of mails that failed every attempt (SMTP down for longer than the retry policy):
//   npx tsx server/dead-letters.ts           list them (job id, kind, when, last error; no addresses: a job holds ids)
//   npx tsx server/dead-letters.ts redrive   send them back to email.send for a fresh set of attempts
// Against DATABASE_URL, or the embedded database under DATA_DIR, like the db:* scripts.
import { listDeadLetters } from '../jobs/dead-letters';
import { EMAIL_SEND, EMAIL_SEND_DEAD } from '../jobs/email/send-email';
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
        const moved = await runtime.jobs.boss.redrive(EMAIL_SEND_DEAD, { destination: EMAIL_SEND });
        console.log(`${moved} mail(s) sent back to ${EMAIL_SEND}`);
      } finally {
        await runtime.close();
      }
      return;
    }
    const dead = await listDeadLetters(db.pool);
    console.log(`${dead.length} mail(s) in ${EMAIL_SEND_DEAD}`);
    for (const d of dead)
      console.log(
        `${d.id}  ${d.kind}  created ${d.createdOn.toISOString()}  dead since ${d.deadSince.toISOString()}  ${d.attempts} attempts  ${d.lastError ?? ''}`,
      );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main(process.argv[2]);
