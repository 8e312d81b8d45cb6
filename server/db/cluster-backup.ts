// Backups of the embedded database without client tools: a copy of the whole cluster's files, taken live with
// PostgreSQL's low-level base-backup API over SQL (what pg_basebackup does), as a .tar.gz; restored by unpacking it
// beside the cluster folder, letting PostgreSQL replay the WAL to the backup's end, and only then swapping it in.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { BackupError, utcStamp } from './backup';
import { runAs, running, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { extractTar, TarError, tarEnd, tarHeader, tarPadding, type TarEntry } from './tar';

/** The archive's first entry: what it is, so a restore knows it from anything else. */
const MANIFEST = 'manifiesta-backup.json';
const KIND = 'manifiesta embedded cluster';
/** In the archive: the cluster under `pg/`, and the password of its `postgres` role beside it, as under DATA_DIR. */
const CLUSTER = 'pg';
const PASSWORD = 'pg-password';

const READ_CHUNK = 1 << 20;

/**
 * Left out of the copy, as PostgreSQL's documentation of a low-level base backup says: files of the running server
 * (its pid, its options, a previous backup's label), and temporary or rebuilt-at-start files.
 */
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
/** Folders kept, their contents not: the server recreates them, and pg_wal is added after the copy from the start to the stop position. */
const EMPTY_DIRS = new Set(['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_wal']);
const skipAnywhere = (name: string) => name.startsWith('pgsql_tmp') || name.startsWith('pg_internal.init');
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** `backups/manifiesta-20261130T101500Z.tar.gz`: any tar reads it. */
export const CLUSTER_EXTENSION = '.tar.gz';

const entry = (name: string, type: TarEntry['type'], mode: number, size: number, mtime: Date): TarEntry => ({ name, type, mode, size, mtime });

function* bytes(name: string, data: Buffer | string, mode = 0o600): Generator<Buffer> {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  yield tarHeader(entry(name, 'file', mode, buf.length, new Date()));
  yield buf;
  yield tarPadding(buf.length);
}

/**
 * A file as it is while the server writes it: the size seen first, read up to there (a file that shrank meanwhile is
 * padded with zeros; the WAL replay after a restore rewrites every page that changed during the copy). A file that is
 * gone by the time it is opened (a table dropped during the copy) is left out.
 */
async function* copyFile(file: string, name: string): AsyncGenerator<Buffer> {
  let fd: fs.FileHandle;
  try {
    fd = await fs.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    const st = await fd.stat();
    yield tarHeader(entry(name, 'file', st.mode, st.size, st.mtime));
    let left = st.size;
    while (left > 0) {
      const buf = Buffer.alloc(Math.min(READ_CHUNK, left));
      const { bytesRead } = await fd.read(buf, 0, buf.length, st.size - left);
      if (bytesRead === 0) {
        yield Buffer.alloc(left);
        break;
      }
      yield buf.subarray(0, bytesRead);
      left -= bytesRead;
    }
    yield tarPadding(st.size);
  } finally {
    await fd.close();
  }
}

/** The cluster's folders and files, parents first, without what a base backup leaves out. */
async function* copyTree(dir: string, name: string, top: boolean): AsyncGenerator<Buffer> {
  const st = await fs.stat(dir);
  yield tarHeader(entry(name, 'directory', st.mode, 0, st.mtime));
  let children: import('node:fs').Dirent[];
  try {
    children = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, child.name);
    const inner = `${name}/${child.name}`;
    if (skipAnywhere(child.name) || (top && SKIP_FILES.has(child.name))) continue;
    if (child.isSymbolicLink()) {
      throw new BackupError(`${file} is a link (a tablespace or a moved pg_wal): this backup copies one folder only; use pg_basebackup.`);
    }
    if (child.isDirectory()) {
      if (top && EMPTY_DIRS.has(child.name)) {
        const d = await fs.stat(file);
        yield tarHeader(entry(inner, 'directory', d.mode, 0, d.mtime));
        if (child.name === 'pg_wal') {
          // Its own folders, which a server of this version expects to find.
          for (const sub of ['archive_status', 'summaries']) {
            if (existsSync(path.join(file, sub))) yield tarHeader(entry(`${inner}/${sub}`, 'directory', d.mode, 0, d.mtime));
          }
        }
        continue;
      }
      yield* copyTree(file, inner, false);
    } else if (child.isFile()) {
      yield* copyFile(file, inner);
    }
  }
}

/** `000000010000000000000003` → its number in the timeline's sequence of segments. */
function segmentNumber(name: string, segmentSize: number): bigint {
  return BigInt(`0x${name.slice(8, 16)}`) * (0x1_0000_0000n / BigInt(segmentSize)) + BigInt(`0x${name.slice(16, 24)}`);
}

/**
 * The archive's bytes (tar, before gzip): the manifest, the password, the cluster's files copied between
 * pg_backup_start and pg_backup_stop on one session, the backup_label pg_backup_stop gives, then the WAL from the
 * start to the stop position, which a temporary replication slot keeps from being recycled during the copy.
 */
async function* clusterArchive(url: string, clusterDir: string, now: Date): AsyncGenerator<Buffer> {
  const client = new pg.Client({ connectionString: url, application_name: 'manifiesta db:backup' });
  client.on('error', () => {}); // a connection lost mid-copy fails the next query, which ends the backup
  await client.connect();
  try {
    const slot = `manifiesta_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    const one = async <T>(sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows[0] as T;
    const info = await one<{ version: string; segment: string }>(
      "SELECT current_setting('server_version') AS version, (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment",
    );
    // Reserved from now: the slot lives as long as this session (temporary) and holds back every WAL segment from
    // its creation, which is before the backup's start.
    await client.query('SELECT pg_create_physical_replication_slot($1, immediately_reserve => true, temporary => true)', [slot]);
    const label = `manifiesta db:backup ${now.toISOString()}`;
    // The segment the start position is in, and (below) the one holding the last byte before the stop position:
    // pg_walfile_name_offset and pg_walfile_name differ exactly there, at a segment's first byte.
    const start = await one<{ lsn: string; wal: string }>(
      'SELECT lsn::text, (pg_walfile_name_offset(lsn)).file_name AS wal FROM pg_backup_start($1, fast => true) AS lsn',
      [label],
    );

    yield* bytes(MANIFEST, `${JSON.stringify({ kind: KIND, version: 1, postgres: info.version, label, start: start.lsn }, null, 2)}\n`);
    yield* bytes(PASSWORD, await fs.readFile(path.join(path.dirname(clusterDir), PASSWORD)));
    yield* copyTree(clusterDir, CLUSTER, true);

    const stop = await one<{ lsn: string; wal: string; labelfile: string; spcmapfile: string }>(
      'SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(wait_for_archive => false)',
    );
    if (stop.spcmapfile.trim()) throw new BackupError('the cluster has tablespaces: this backup copies one folder only; use pg_basebackup.');
    yield* bytes(`${CLUSTER}/backup_label`, stop.labelfile);

    // Every segment from the start's to the stop's, on the backup's timeline, with the timelines' history files.
    const walDir = path.join(clusterDir, 'pg_wal');
    const timeline = start.wal.slice(0, 8);
    const segmentSize = Number(info.segment);
    const names = (await fs.readdir(walDir)).sort();
    const segments = names.filter((n) => WAL_SEGMENT.test(n) && n.startsWith(timeline) && n >= start.wal && n <= stop.wal);
    const expected = segmentNumber(stop.wal, segmentSize) - segmentNumber(start.wal, segmentSize) + 1n;
    if (BigInt(segments.length) !== expected) {
      throw new BackupError(`the WAL from ${start.wal} to ${stop.wal} is not all in ${walDir} (found ${segments.length} of ${expected} segments).`);
    }
    for (const n of [...names.filter((x) => x.endsWith('.history')), ...segments]) yield* copyFile(path.join(walDir, n), `${CLUSTER}/pg_wal/${n}`);
    await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
    yield tarEnd();
  } finally {
    // Ending the session also ends a backup left started and drops the temporary slot.
    await client.end().catch(() => {});
  }
}

/**
 * A live copy of the embedded cluster at `clusterDir`, served at `url` (a superuser's), to `file`: written as a
 * .partial file renamed when complete, readable by its owner only (it holds every person's keys and data).
 */
export async function backupCluster({ url, clusterDir, file, now = new Date() }: { url: string; clusterDir: string; file: string; now?: Date }) {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    await pipeline(Readable.from(clusterArchive(url, clusterDir, now)), zlib.createGzip({ level: 1 }), createWriteStream(partial, { mode: 0o600 }));
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
  return { bytes: (await fs.stat(file)).size };
}

/** What a file holds, from its first bytes: a pg_dump custom-format archive, a copy of the embedded cluster, or neither. */
export async function backupKind(file: string): Promise<'dump' | 'cluster' | undefined> {
  const fd = await fs.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  });
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await fd.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return 'dump';
    if (start[0] !== 0x1f || start[1] !== 0x8b) return undefined;
    const tar = zlib.gunzipSync(start, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return tar.subarray(0, MANIFEST.length).toString('utf8') === MANIFEST ? 'cluster' : undefined;
  } catch (err) {
    if (err instanceof BackupError) throw err;
    return undefined;
  } finally {
    await fd.close();
  }
}

export interface RestoredCluster {
  /** Where the cluster that was there went (with its password), when --force moved one aside. */
  aside?: string;
}

/**
 * Restores a copy made by backupCluster into the embedded cluster folder, which no server may be running on. The
 * archive is unpacked into a folder beside it and started there: PostgreSQL replays the WAL to the backup's end, then
 * `ready(db)` runs (the migrations). Only then does it take the cluster folder's place; a cluster already there is
 * refused, or with `force` moved aside whole, never deleted. A cut or damaged archive, or one that does not start,
 * changes nothing.
 */
export async function restoreCluster({
  file,
  clusterDir,
  force,
  ready,
  log,
  now = new Date(),
}: {
  file: string;
  clusterDir: string;
  force: boolean;
  ready: (db: EmbeddedDatabase) => Promise<void>;
  log: (line: string) => void;
  now?: Date;
}): Promise<RestoredCluster> {
  const base = path.dirname(clusterDir);
  const live = await running(clusterDir);
  if (live) {
    throw new BackupError(
      `the embedded database in ${clusterDir} is running (process ${live.pid}): stop the site and its workers (npm start, npm run worker) before a restore.`,
    );
  }
  const existing = existsSync(clusterDir) && (await fs.readdir(clusterDir)).length > 0;
  const aside = path.join(base, `pg-before-restore-${utcStamp(now)}`);
  if (existing && !force) {
    throw new BackupError(
      `${clusterDir} already holds a database cluster. A restore never merges into one. Restore into a fresh DATA_DIR, ` +
        `or add --force to move this one aside, whole, to ${aside} (kept, never deleted) and restore in its place.`,
    );
  }

  log(`restoring ${file} into the embedded database in ${clusterDir}: a copy of a whole cluster, replayed to the moment it was taken`);
  await fs.mkdir(base, { recursive: true, mode: 0o755 });
  const staging = path.join(base, `restoring-${utcStamp(now)}-${process.pid}`);
  await fs.mkdir(staging, { mode: 0o755 });
  try {
    try {
      await pipeline(createReadStream(file), zlib.createGunzip(), async (source: AsyncIterable<Buffer>) => {
        await extractTar(source, staging, runAs());
      });
    } catch (err) {
      const why = err instanceof TarError ? err.message : `the archive is cut or damaged (${(err as Error).message})`;
      throw new BackupError(`${file}: ${why}. Nothing was changed.`);
    }
    const manifest = JSON.parse(await fs.readFile(path.join(staging, MANIFEST), 'utf8').catch(() => '{}')) as { kind?: string };
    if (manifest.kind !== KIND || !existsSync(path.join(staging, CLUSTER, 'backup_label')) || !existsSync(path.join(staging, PASSWORD))) {
      throw new BackupError(`${file} is not a whole copy of an embedded cluster made by npm run db:backup. Nothing was changed.`);
    }
    await fs.chmod(path.join(staging, CLUSTER), 0o700);

    // Started where it was unpacked: the replay and the migrations happen before anything is replaced.
    const db = await startEmbeddedPostgres({ clusterDir: path.join(staging, CLUSTER) }).catch((err: Error) => {
      throw new BackupError(`the restored cluster did not start, nothing was changed: ${err.message}`);
    });
    try {
      await ready(db);
    } finally {
      await db.stop();
    }

    if (existing) {
      // Reachable like DATA_DIR (the cluster inside stays 0700): as root, the server runs as `postgres` and must reach it.
      await fs.mkdir(aside, { mode: 0o755 });
      await fs.rename(clusterDir, path.join(aside, CLUSTER));
      if (existsSync(path.join(base, PASSWORD))) await fs.rename(path.join(base, PASSWORD), path.join(aside, PASSWORD));
    }
    await fs.rename(path.join(staging, CLUSTER), clusterDir);
    await fs.rename(path.join(staging, PASSWORD), path.join(base, PASSWORD));
    return existing ? { aside } : {};
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
