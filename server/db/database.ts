// Opens the application's database: the server at DATABASE_URL, or the embedded one under DATA_DIR.
import pg from 'pg';
import type { Config } from '../config';
import { clusterDirFor, startEmbeddedPostgres } from './embedded';

export interface Database {
  url: string;
  pool: pg.Pool;
  /** Closes the pool and stops the embedded server when we started it. */
  close(): Promise<void>;
  embedded: boolean;
  /** Where the embedded cluster lives. */
  clusterDir?: string;
}

export const APP_DATABASE = 'manifiesta';

export function createPool(url: string, max = 10, onError: (err: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client can die (database restart, shutdown); the pool replaces it. Never crash on it.
  pool.on('error', onError);
  // The pool listens for errors only while a client is idle. A client checked out with pool.connect()
  // (an append's transaction) whose connection drops between two queries emits 'error' with nobody
  // listening, and that kills the process. Its pending and next queries fail anyway (the caller sees
  // those and answers 503), so this listener only has to keep the process alive.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 'DATABASE_POOL_SIZE'>,
  log: (line: string) => void,
): Promise<Database> {
  if (config.DATABASE_URL) {
    const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (e) => log(`idle database client error: ${e.message}`));
    return { url: config.DATABASE_URL, pool, embedded: false, close: () => pool.end() };
  }
  const clusterDir = clusterDirFor(config.dataDir);
  const embedded = await startEmbeddedPostgres({ clusterDir, log });
  await embedded.ensureDatabase(APP_DATABASE);
  const url = embedded.urlFor(APP_DATABASE);
  const pool = createPool(url, config.DATABASE_POOL_SIZE, (e) => log(`idle database client error: ${e.message}`));
  return {
    url,
    pool,
    embedded: true,
    clusterDir,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}
