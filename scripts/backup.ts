// npm run db:backup [-- FILE] | db:restore -- FILE [--force] — against DATABASE_URL with pg_dump's archives, or the
// embedded database under DATA_DIR with copies of its whole cluster (a backup is taken live from the server a running
// `npm start` serves, or one started for the command; a restore needs it stopped). A restore knows the two by content.
import path from 'node:path';
import type pg from 'pg';
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
import { backupCluster, backupKind, CLUSTER_EXTENSION, restoreCluster } from '../server/db/cluster-backup';
import { APP_DATABASE, createPool, openDatabase } from '../server/db/database';
import { clusterDirFor } from '../server/db/embedded';
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
const shown = (f: string) => (f.startsWith(process.cwd()) ? path.relative(process.cwd(), f) : f);

/** What a restore ends with: the migrations of this version, then what the database holds. */
async function bringUpAndCount(pool: pg.Pool) {
  await bringUpToDate(pool, console.log);
  const count = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);
  const events = await count('SELECT count(*) AS n FROM events');
  const { rows } = await pool.query<{ boss: string | null }>("SELECT to_regclass('pgboss.job')::text AS boss");
  const jobs = rows[0]!.boss ? await count("SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry')") : 0;
  console.log(`restored: ${events} events, ${jobs} jobs waiting`);
}

/** The embedded default, backed up without client tools: a live copy of its cluster. */
async function backupEmbedded() {
  const target = files[0] ? file : defaultBackupFile(new Date(), 'backups', CLUSTER_EXTENSION);
  const db = await openDatabase(config, () => {});
  try {
    const major = await serverMajor(db.pool);
    console.log(`backing up the embedded PostgreSQL ${major} in ${db.clusterDir}: a copy of its files, taken live`);
    const { bytes } = await backupCluster({ url: db.url, clusterDir: db.clusterDir!, file: target });
    console.log(
      `wrote ${shown(target)} (${(bytes / 1024 / 1024).toFixed(1)} MiB): the whole embedded cluster, pg-boss's jobs included; ` +
        'it restores into the embedded database only (npm run db:restore without DATABASE_URL)',
    );
  } finally {
    await db.close();
  }
}

/** A copy of the embedded cluster, into DATA_DIR's cluster folder while no server runs on it. */
async function restoreEmbedded() {
  const { aside } = await restoreCluster({
    file: shown(file),
    clusterDir: clusterDirFor(config.dataDir),
    force,
    log: console.log,
    async ready(embedded) {
      const pool = createPool(embedded.urlFor(APP_DATABASE), 2);
      try {
        await bringUpAndCount(pool);
      } finally {
        await pool.end();
      }
    },
  });
  if (aside) console.log(`the cluster that was there is kept, whole, in ${aside} (its password beside it): delete it once you no longer need it`);
}

/** pg_dump's archive out, or pg_restore's in, with client tools that fit the server: DATABASE_URL, or the embedded one. */
async function withClientTools() {
  const db = await openDatabase(config, () => {});
  try {
    const major = await serverMajor(db.pool);
    const tools = await findClientTools(major, candidateBindirs(process.env, await embeddedBindir())).catch((err: unknown) => {
      if (err instanceof BackupError && db.embedded) {
        throw new BackupError(
          `${shown(file)} is a pg_dump archive: restoring it into the embedded database needs the client tools. ${err.message} ` +
            'A backup of the embedded database (npm run db:backup without DATABASE_URL) needs none.',
        );
      }
      throw err;
    });
    const where = `${maskUrl(db.url)} (PostgreSQL ${major}${db.embedded ? ', embedded' : ''})`;
    const using = `the PostgreSQL ${tools.version} client tools${tools.bindir ? ` in ${tools.bindir}` : ''}`;

    if (command === 'backup') {
      console.log(`backing up ${where} with ${using}`);
      const { bytes } = await backupDatabase({ url: db.url, file, tools });
      console.log(`wrote ${shown(file)} (${(bytes / 1024).toFixed(0)} KiB): the whole database, pg-boss's jobs included`);
      return;
    }
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
    await bringUpAndCount(db.pool);
  } finally {
    await db.close();
  }
}

let failed = false;
try {
  if (command === 'backup') {
    await (config.DATABASE_URL ? withClientTools() : backupEmbedded());
  } else {
    const kind = await backupKind(file);
    if (kind === undefined) {
      throw new BackupError(`${file} is not a backup made by npm run db:backup (neither a pg_dump custom-format archive nor a copy of the embedded cluster).`);
    }
    if (kind === 'cluster' && config.DATABASE_URL) {
      throw new BackupError(
        `${shown(file)} is a copy of an embedded database's whole cluster (npm run db:backup without DATABASE_URL): it restores only into ` +
          'the embedded database, never into the server at DATABASE_URL. Unset DATABASE_URL to restore it under DATA_DIR; to move its data ' +
          'to that server, start the site on the restored embedded database and take a pg_dump of it with client tools of its version.',
      );
    }
    await (kind === 'cluster' ? restoreEmbedded() : withClientTools());
  }
} catch (err) {
  failed = true;
  console.error(err instanceof BackupError ? err.message : err);
}
process.exit(failed ? 1 : 0);
