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

/** Session limits of a connection, in milliseconds (0 or absent: PostgreSQL's own setting). */
export interface SessionLimits {
  /** A transaction left idle this long is ended, and its connection closed. */
  idleInTransactionTimeoutMs?: number;
  /** A statement running this long is cancelled (error 57014). */
  statementTimeoutMs?: number;
}

export function createPool(url: string, max = 10, onError: (err: Error) => void = () => {}, limits: SessionLimits = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // Sent when each connection starts, so they hold for every session of the pool (RESET returns to them).
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs || undefined,
    statement_timeout: limits.statementTimeoutMs || undefined,
  });
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
  config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 'DATABASE_POOL_SIZE' | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS'>,
  log: (line: string) => void,
): Promise<Database> {
  const limits: SessionLimits = {
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
  if (config.DATABASE_URL) {
    const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (e) => log(`idle database client error: ${e.message}`), limits);
    return { url: config.DATABASE_URL, pool, embedded: false, close: () => pool.end() };
  }
  const clusterDir = clusterDirFor(config.dataDir);
  const embedded = await startEmbeddedPostgres({ clusterDir, log });
  await embedded.ensureDatabase(APP_DATABASE);
  const url = embedded.urlFor(APP_DATABASE);
  const pool = createPool(url, config.DATABASE_POOL_SIZE, (e) => log(`idle database client error: ${e.message}`), limits);
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
