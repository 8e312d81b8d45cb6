// npm run db:backup [-- FILE] | db:restore -- FILE [--force] — against DATABASE_URL, or the embedded database under
// DATA_DIR (started for the command, or the one a running `npm start` serves: a backup of it is taken live).
import path from 'node:path';
import { loadConfig } from '../server/config';
import {
  backupDatabase,
  BackupError,
  candidateBindirs,
  defaultBackupFile,
  embeddedBindir,
  findClientTools,
  inspectTarget,
  maskUrl,
  restoreDatabase,
  serverMajor,
} from '../server/db/backup';
import { openDatabase } from '../server/db/database';
import { bringUpToDate } from '../server/db/up-to-date';

const USAGE = 'usage: npm run db:backup [-- FILE]  |  npm run db:restore -- FILE [--force]';

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const files = rest.filter((a) => a !== '--force');
const unknown = files.filter((a) => a.startsWith('-'));
if (
  (command !== 'backup' && command !== 'restore') ||
  unknown.length ||
  files.length > 1 ||
  (command === 'restore' && files.length !== 1) ||
  (force && command !== 'restore')
) {
  console.error(unknown.length ? `unknown option ${unknown.join(' ')}\n${USAGE}` : USAGE);
  process.exit(2);
}
// npm runs scripts in the project's folder: a FILE given on the command line is relative to where it was typed.
const file = files[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]) : defaultBackupFile(new Date());

const config = loadConfig();
const db = await openDatabase(config, () => {});
let failed = false;
try {
  const major = await serverMajor(db.pool);
  const tools = await findClientTools(major, candidateBindirs(process.env, await embeddedBindir()));
  const where = `${maskUrl(db.url)} (PostgreSQL ${major}${db.embedded ? ', embedded' : ''})`;
  const using = `the PostgreSQL ${tools.version} client tools${tools.bindir ? ` in ${tools.bindir}` : ''}`;

  if (command === 'backup') {
    console.log(`backing up ${where} with ${using}`);
    const { bytes } = await backupDatabase({ url: db.url, file, tools });
    console.log(
      `wrote ${file.startsWith(process.cwd()) ? path.relative(process.cwd(), file) : file} (${(bytes / 1024).toFixed(0)} KiB): the whole database, pg-boss's jobs included`,
    );
  } else {
    const target = await inspectTarget(db.pool);
    if (target.otherSessions.length) {
      throw new BackupError(
        `${where} has ${target.otherSessions.length} other connection(s): ${target.otherSessions.join(', ')}. ` +
          'Stop the site and its workers before a restore (and anything else connected to that database).',
      );
    }
    if (target.objects > 0 && !force) {
      throw new BackupError(
        `${where} is not empty (${target.objects} objects: ${target.sample.join(', ')}${target.objects > target.sample.length ? ', …' : ''}). ` +
          'A restore never merges into a database that holds anything. Restore into an empty database (create one and point ' +
          'DATABASE_URL at it), or add --force to replace everything in this one: its schemas are dropped in the same ' +
          'transaction as the restore, so if the restore fails nothing changes. Take a backup of it first.',
      );
    }
    console.log(`restoring ${file} into ${where} with ${using}${force && target.objects > 0 ? ', replacing what it held (--force)' : ''}`);
    const { renumbered } = await restoreDatabase({ url: db.url, file, force, tools });
    if (renumbered) {
      console.log(
        `the log was written on a server ahead of this one: its ${renumbered} events take the restore's transaction id, async projections are rebuilt`,
      );
    }
    await bringUpToDate(db.pool, console.log);
    const count = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0]!.n);
    const events = await count('SELECT count(*) AS n FROM events');
    const { rows } = await db.pool.query<{ boss: string | null }>("SELECT to_regclass('pgboss.job')::text AS boss");
    const jobs = rows[0]!.boss ? await count("SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry')") : 0;
    console.log(`restored: ${events} events, ${jobs} jobs waiting`);
  }
} catch (err) {
  failed = true;
  console.error(err instanceof BackupError ? err.message : err);
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
