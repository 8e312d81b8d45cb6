// The database a benchmark runs in: a fresh one of its own on BENCH_DATABASE_URL's server (a role that may
// CREATE DATABASE) when set, else on a throwaway embedded PostgreSQL. close() drops it and stops what it started.
import pg from 'pg';
import { createPool } from '../server/db/database';
import { startTemporaryPostgres } from '../server/db/embedded';

export interface BenchDatabase {
  /** URL of the bench's database. */
  url: string;
  pool: pg.Pool;
  /** A connection to the server's admin database, for CREATE/DROP DATABASE. */
  admin: pg.Client;
  /** The embedded server's directory, when the bench started one. */
  embeddedDir?: string;
  /** The URL of another database on the same server. */
  urlFor(database: string): string;
  close(): Promise<void>;
}

export async function openBenchDatabase(name: string, poolSize: number): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  const embedded = given ? undefined : await startTemporaryPostgres();
  const adminUrl = given ?? embedded!.adminUrl;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const urlFor = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const url = urlFor(name);
  const pool = createPool(url, poolSize);
  return {
    url,
    pool,
    admin,
    embeddedDir: embedded?.dir,
    urlFor,
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      await embedded?.stop();
    },
  };
}
