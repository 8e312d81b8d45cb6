// npm run db:backup and db:restore as an operator runs them (child processes), on a database that learners, leads and
// a buyer wrote through the app, with mails waiting in pg-boss, in both formats: pg_dump's archives with DATABASE_URL,
// copies of the whole cluster for the embedded default. The restore into a fresh target holds the same log, the same
// read models (also after db:rebuild) and the same waiting jobs; a non-empty target is refused untouched; a cut
// archive changes nothing; a log written on a server ahead of this one is renumbered and works.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCatalog, projections } from '../events/registry';
import { catchUp } from '../events/store/reader';
import { EMAIL_SEND } from '../jobs/email/send-email';
import { candidateBindirs, embeddedBindir, findClientTools, serverMajor } from '../server/db/backup';
import { createPool, openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { clusterDirFor } from '../server/db/embedded';
import { VISITOR_COOKIE } from '../server/features/leads/visitor';
import { fakeMercadoPagoConfig, startFakeMercadoPago, type FakeMercadoPago } from '../tests/fakes/mercadopago';
import { startTestApp, TEST_CONFIG, type TestApp } from '../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { createLearner, type Learner } from '../tests/setup/learners';

const COURSE = 'manifiesta-curso-completo';
const ROOT = path.resolve(import.meta.dirname, '..');

let src: TestDatabase;
let dir: string;
const dropLater: TestDatabase[] = [];

/** `npm run -s <script> -- args` with DATABASE_URL (none: the embedded database), as a person types it; its exit code and output. */
function npmRun(script: string, url: string | undefined, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: ROOT,
      env: { ...rest, ...(url ? { DATABASE_URL: url } : {}), INIT_CWD: ROOT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const rows = async (pool: pg.Pool, sql: string) => (await pool.query(sql)).rows;

/**
 * Reads of a restored database go through a pool closed right after: db:restore refuses a database anyone else is
 * connected to, and the test's own idle connections count.
 */
async function on<T>(db: TestDatabase, read: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = createPool(db.url, 1);
  try {
    return await read(pool);
  } finally {
    await pool.end();
  }
}

/** The log as stored, in log order: ids, streams, positions, payloads (sealed as stored), moments. */
const LOG = `SELECT global_position, stream_id, stream_position, event_id, type, version, data, metadata, recorded_at FROM events ORDER BY global_position`;

/** Every read model's rows, table by table, in a stable order. */
async function readModels(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [...new Set(projections.flatMap((p) => p.tables))].sort()) {
    out[table] = await rows(pool, `SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`);
  }
  return out;
}

const WAITING = `SELECT id, name, state, data, start_after, retry_limit, singleton_key FROM pgboss.job WHERE state IN ('created', 'retry') ORDER BY id`;

async function emptyDatabase() {
  const db = await createTestDatabase({ empty: true, poolSize: 2 });
  dropLater.push(db);
  return db;
}

/** Why the run's server cannot be backed up with the client tools found here, or undefined when it can. */
async function toolsUnfitFor(url: string): Promise<string | undefined> {
  const pool = createPool(url, 1);
  try {
    await findClientTools(await serverMajor(pool), candidateBindirs(process.env, await embeddedBindir()));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await pool.end();
  }
}

async function catchUpAsync(pool: pg.Pool) {
  const catalog = createCatalog();
  for (const p of projections) if (p.mode === 'async') await catchUp(pool, catalog, p);
}

/**
 * What a site holds after some use, written through the app: two learners (one rated three areas), a page view, two
 * downloads, a buyer who paid, mails waiting in pg-boss and one due tomorrow; the async read models caught up.
 */
async function writeThroughTheApp(db: Pick<TestDatabase, 'url' | 'pool'>) {
  const mp: FakeMercadoPago = await startFakeMercadoPago();
  // No workers: the mails the writes enqueue stay waiting, as they would in a queue nobody has reached yet.
  const t: TestApp = await startTestApp(db as TestDatabase, { config: { ...fakeMercadoPagoConfig(mp, 'whsec-backup'), LEAD_RATE_LIMIT_PER_IP: 1000 } });
  try {
    const learners: Learner[] = [await createLearner(t.app, t.store), await createLearner(t.app, t.store)];
    for (const [i, areaId] of ['finances', 'friendships', 'quality-of-life'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/activity/saveRating',
        headers: { cookie: learners[0]!.cookie },
        payload: { activityId: '12-areas-balance', areaId, score: i + 4 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Leads: a page view from a visitor, two downloads (each enqueues its welcome mail).
    const visitor = '6b0f3b0e-9a57-4a55-8d0b-3c4f3f8d2a11';
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/leads/view',
      headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
      payload: { page: 'nostalgia' },
    });
    expect(view.statusCode, view.body).toBe(200);
    for (const email of ['lectora.uno@example.com', 'lectora.dos@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/leads/add',
        payload: { email, nick: 'Lectora', page: 'niveles', section: 'pdf', status: 'downloaded' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A buyer: checkout, paid at the provider, confirmed by her return page.
    const buyer = learners[1]!;
    const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: buyer.cookie }, payload: { productId: COURSE } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const purchaseId = checkout.json().data.purchaseId as string;
    const payment = mp.pay(purchaseId);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payment/confirm',
      headers: { cookie: buyer.cookie },
      payload: { paymentId: String(payment.id), purchaseId },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // A job for later: a mail due tomorrow.
    const [{ data }] = await rows(db.pool, `SELECT data FROM pgboss.job WHERE name = '${EMAIL_SEND}' LIMIT 1`);
    await t.jobs.send(EMAIL_SEND, data, { startAfter: new Date(Date.now() + 86_400_000) });
    await catchUpAsync(db.pool);
  } finally {
    await t.close();
    await mp.close();
  }
}

/**
 * The pg_dump proofs need client tools at least as new as the run's PostgreSQL server: an older pg_dump refuses it.
 * Where none fits (the embedded PostgreSQL 18 with Debian 12's client 15), they are skipped and the reason printed;
 * TEST_DATABASE_URL pointing at a server of the tools' version runs them.
 */
const unfit = await toolsUnfitFor(inject('adminDatabaseUrl'));
if (unfit) console.warn(`scripts/backup.int.test.ts: the pg_dump proofs are skipped: ${unfit}`);

describe.skipIf(Boolean(unfit))('with client tools that fit the test server', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-backups-'));
    src = await createTestDatabase();
    await writeThroughTheApp(src);
  }, 60_000);

  afterAll(async () => {
    for (const db of dropLater) await db.drop();
    await src?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('npm run db:backup, then npm run db:restore into a fresh database', () => {
    let file: string;
    let dst: TestDatabase;

    it('writes one custom-format archive of the whole database, readable by its owner only', { timeout: 60_000 }, async () => {
      file = path.join(dir, 'manifiesta.dump');
      const backup = await npmRun('db:backup', src.url, [file]);
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain('wrote');
      expect((await readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    });

    it('restores the same log, read models and waiting jobs', { timeout: 120_000 }, async () => {
      dst = await emptyDatabase();
      const restore = await npmRun('db:restore', dst.url, [file]);
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).not.toContain('transaction id');

      const log = await rows(src.pool, LOG);
      expect(log.length).toBeGreaterThan(10);
      expect(await on(dst, (p) => rows(p, LOG))).toEqual(log);
      // Same server, so even the commit order's transaction ids are kept.
      const txids = 'SELECT global_position, transaction_id::text FROM events ORDER BY transaction_id, global_position';
      expect(await on(dst, (p) => rows(p, txids))).toEqual(await rows(src.pool, txids));
      expect(await on(dst, (p) => rows(p, 'SELECT * FROM streams ORDER BY stream_id'))).toEqual(
        await rows(src.pool, 'SELECT * FROM streams ORDER BY stream_id'),
      );
      // The next event continues the log's numbering.
      const next = 'SELECT last_value FROM events_global_position_seq';
      expect(await on(dst, (p) => rows(p, next))).toEqual(await rows(src.pool, next));

      const models = await readModels(src.pool);
      expect(models.users).toHaveLength(2);
      expect(models.payments).toHaveLength(1);
      expect(models.leads).toHaveLength(2);
      expect(models.area_ratings).toHaveLength(3);
      expect(await on(dst, readModels)).toEqual(models);

      const waiting = await rows(src.pool, WAITING);
      expect(waiting.filter((j) => j.start_after > new Date(Date.now() + 3_600_000))).toHaveLength(1);
      expect(waiting.length).toBeGreaterThanOrEqual(3);
      expect(await on(dst, (p) => rows(p, WAITING))).toEqual(waiting);
      expect(restore.out).toContain(`restored: ${log.length} events, ${waiting.length} jobs waiting`);

      // Rebuilt from the restored log, the read models are the ones the live projections had written.
      const rebuild = await npmRun('db:rebuild', dst.url);
      expect(rebuild.code, rebuild.out).toBe(0);
      expect(await on(dst, readModels)).toEqual(models);
    });

    it('refuses a database that holds anything, and changes nothing in it', { timeout: 60_000 }, async () => {
      const everything = (p: pg.Pool) => Promise.all([rows(p, LOG), readModels(p), rows(p, WAITING)]);
      const before = await on(dst, everything);
      const again = await npmRun('db:restore', dst.url, [file]);
      expect(again.code).toBe(1);
      expect(again.out).toContain('is not empty');
      expect(again.out).toContain('--force');
      expect(await on(dst, everything)).toEqual(before);
    });

    it('replaces what a database holds with --force, in one transaction that a broken archive rolls back', { timeout: 60_000 }, async () => {
      await on(dst, (p) => p.query('CREATE TABLE stray_table (x int)'));
      const cut = path.join(dir, 'cut.dump');
      const whole = await readFile(file);
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const broken = await npmRun('db:restore', dst.url, [cut, '--force']);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('nothing was changed');
      const stray = "SELECT to_regclass('stray_table')::text AS t";
      expect(await on(dst, (p) => rows(p, stray))).toEqual([{ t: 'stray_table' }]);

      const forced = await npmRun('db:restore', dst.url, [file, '--force']);
      expect(forced.code, forced.out).toBe(0);
      expect(await on(dst, (p) => rows(p, stray))).toEqual([{ t: null }]);
      expect(await on(dst, (p) => rows(p, LOG))).toEqual(await rows(src.pool, LOG));
    });
  });

  describe('a backup of a server whose transaction ids are ahead of the one restoring it', () => {
    it('renumbers the log below the new server’s, keeps everything else, and the async projections follow new events', { timeout: 120_000 }, async () => {
      // The log as a long-lived server writes it: its transaction ids far past this test server's counter.
      const ahead = await emptyDatabase();
      const copy = path.join(dir, 'source.dump');
      expect((await npmRun('db:backup', src.url, [copy])).code).toBe(0);
      expect((await npmRun('db:restore', ahead.url, [copy])).code).toBe(0);
      await ahead.pool.query(`
        ALTER TABLE events DISABLE TRIGGER USER;
        UPDATE events SET transaction_id = (transaction_id::text::numeric + 1000000000000)::text::xid8;
        ALTER TABLE events ENABLE TRIGGER USER;
        UPDATE projection_checkpoints SET transaction_id = (transaction_id::text::numeric + 1000000000000)::text::xid8 WHERE global_position > 0`);

      const file = path.join(dir, 'ahead.dump');
      expect((await npmRun('db:backup', ahead.url, [file])).code).toBe(0);
      const dst = await emptyDatabase();
      const restore = await npmRun('db:restore', dst.url, [file]);
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).toMatch(/its \d+ events take the restore's transaction id/);

      expect(await rows(dst.pool, LOG)).toEqual(await rows(src.pool, LOG));
      const [{ behind }] = await rows(dst.pool, 'SELECT bool_and(transaction_id < pg_current_xact_id()) AS behind FROM events');
      expect(behind).toBe(true);
      expect(await readModels(dst.pool)).toEqual(await readModels(src.pool));
      expect(await rows(dst.pool, WAITING)).toEqual(await rows(src.pool, WAITING));

      // A new page view on the restored database reaches the funnel's async read model.
      const views = 'SELECT coalesce(sum(views), 0)::int AS n FROM funnel_daily';
      const [{ n: before }] = await rows(dst.pool, views);
      const t = await startTestApp(dst);
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/leads/view', payload: { page: 'nostalgia' } });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await t.close();
      }
      await catchUpAsync(dst.pool);
      expect((await rows(dst.pool, views))[0].n).toBe(before + 1);
    });
  });
});

/** The embedded database under `dataDir` (started, or attached to when running), read through a pool closed right after. */
async function onEmbedded<T>(dataDir: string, read: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const db = await openDatabase({ ...TEST_CONFIG, DATABASE_URL: undefined, dataDir, DATABASE_POOL_SIZE: 2 }, () => {});
  try {
    return await read(db.pool);
  } finally {
    await db.close();
  }
}

/** A data folder the embedded server's user can reach (as root it runs as `postgres`). */
async function dataFolder(name: string): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), `manifiesta-${name}-`));
  await chmod(d, 0o755);
  return d;
}

/** What a data folder holds at its top, and the restored cluster's files (names, sizes): a failed restore leaves both as they were. */
async function folderState(dataDir: string) {
  const cluster = clusterDirFor(dataDir);
  const top = (await readdir(path.dirname(cluster))).filter((n) => n !== 'pg-owner').sort();
  const files: string[] = [];
  for (const e of await readdir(cluster, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files.push(`${path.relative(cluster, path.join(e.parentPath, e.name))} ${(await stat(path.join(e.parentPath, e.name))).size}`);
  }
  return { top, files: files.sort() };
}

describe('the embedded database (no DATABASE_URL): a copy of its whole cluster, no client tools needed', () => {
  let srcDir: string;
  let source: Database;
  const folders: string[] = [];
  const folder = async (name: string) => {
    const d = await dataFolder(name);
    folders.push(d);
    return d;
  };
  /** Everything a restore must bring back, as read on a database. */
  const everything = async (p: pg.Pool) => ({
    log: await rows(p, LOG),
    txids: await rows(p, 'SELECT global_position, transaction_id::text FROM events ORDER BY transaction_id, global_position'),
    streams: await rows(p, 'SELECT * FROM streams ORDER BY stream_id'),
    next: await rows(p, 'SELECT last_value FROM events_global_position_seq'),
    models: await readModels(p),
    waiting: await rows(p, WAITING),
  });
  let expected: Awaited<ReturnType<typeof everything>>;
  let file: string;
  let dstDir: string;

  beforeAll(async () => {
    // The site's database as `npm start` leaves it running: the backup attaches to it and copies it live.
    srcDir = await folder('embedded-source');
    source = await openDatabase({ ...TEST_CONFIG, DATABASE_URL: undefined, dataDir: srcDir }, () => {});
    await migrate(source.pool);
    await writeThroughTheApp(source);
    expected = await everything(source.pool);
    expect(expected.log.length).toBeGreaterThan(10);
    expect(expected.models.users).toHaveLength(2);
    expect(expected.models.payments).toHaveLength(1);
    expect(expected.models.leads).toHaveLength(2);
    expect(expected.models.area_ratings).toHaveLength(3);
    expect(expected.waiting.filter((j) => j.start_after > new Date(Date.now() + 3_600_000))).toHaveLength(1);
    expect(expected.waiting.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    for (const d of folders) await rm(d, { recursive: true, force: true });
  });

  it('is backed up live, while the site’s server runs, into one archive readable by its owner only', { timeout: 60_000 }, async () => {
    file = path.join(srcDir, 'site.tar.gz');
    const backup = await npmRun('db:backup', undefined, [file], { DATA_DIR: srcDir });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('taken live');
    expect(backup.out).toMatch(/wrote .*site\.tar\.gz/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(path.join(path.dirname(clusterDirFor(srcDir)), 'pg-password'), 'utf8')).trim();
    expect(backup.out).not.toContain(password);
    // The site's server is still the one serving, and it was not stopped by the backup.
    expect((await rows(source.pool, 'SELECT count(*)::int AS n FROM events'))[0].n).toBe(expected.log.length);
  });

  it('restores into a fresh DATA_DIR: the same log, transaction ids, read models (also after db:rebuild) and waiting jobs', { timeout: 120_000 }, async () => {
    dstDir = await folder('embedded-restored');
    const restore = await npmRun('db:restore', undefined, [file], { DATA_DIR: dstDir });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`restored: ${expected.log.length} events, ${expected.waiting.length} jobs waiting`);
    // A copy of the same cluster: even the commit order's transaction ids and the sequence are kept.
    expect(await onEmbedded(dstDir, everything)).toEqual(expected);

    const rebuild = await npmRun('db:rebuild', undefined, [], { DATA_DIR: dstDir });
    expect(rebuild.code, rebuild.out).toBe(0);
    expect(await onEmbedded(dstDir, readModels)).toEqual(expected.models);
  });

  it('refuses a cluster folder that holds one, or that a server runs on, and changes nothing', { timeout: 60_000 }, async () => {
    const running = await onEmbedded(dstDir, () => npmRun('db:restore', undefined, [file, '--force'], { DATA_DIR: dstDir }));
    expect(running.code).toBe(1);
    expect(running.out).toContain('is running');
    const before = await folderState(dstDir);
    const again = await npmRun('db:restore', undefined, [file], { DATA_DIR: dstDir });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database cluster');
    expect(again.out).toContain('--force');
    expect(await folderState(dstDir)).toEqual(before);
    expect(await onEmbedded(dstDir, everything)).toEqual(expected);
  });

  it('changes nothing when the archive is cut, even with --force', { timeout: 60_000 }, async () => {
    const cut = path.join(srcDir, 'cut.tar.gz');
    const whole = await readFile(file);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const before = await folderState(dstDir);
    const broken = await npmRun('db:restore', undefined, [cut, '--force'], { DATA_DIR: dstDir });
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('Nothing was changed');
    expect(await folderState(dstDir)).toEqual(before);
    expect(await onEmbedded(dstDir, (p) => rows(p, LOG))).toEqual(expected.log);
  });

  it('with --force, moves the cluster that was there aside whole (still usable) and restores in its place', { timeout: 120_000 }, async () => {
    await onEmbedded(dstDir, (p) => p.query('CREATE TABLE stray_table (x int)'));
    const forced = await npmRun('db:restore', undefined, [file, '--force'], { DATA_DIR: dstDir });
    expect(forced.code, forced.out).toBe(0);
    const aside = /kept, whole, in (\S+)/.exec(forced.out)?.[1];
    expect(aside, forced.out).toBeDefined();
    expect(path.dirname(aside!)).toBe(path.dirname(clusterDirFor(dstDir)));

    const stray = "SELECT to_regclass('stray_table')::text AS t";
    expect(await onEmbedded(dstDir, async (p) => [await rows(p, stray), await everything(p)])).toEqual([[{ t: null }], expected]);
    // The folder aside is a data folder of its own: the site starts on it as it was before the restore.
    expect(await onEmbedded(aside!, (p) => rows(p, stray))).toEqual([{ t: 'stray_table' }]);
  });

  it('is refused by a server at DATABASE_URL, which it leaves untouched', { timeout: 60_000 }, async () => {
    const target = await createTestDatabase({ empty: true, poolSize: 1 });
    try {
      const refused = await npmRun('db:restore', target.url, [file]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('restores only into the embedded database');
      expect(await rows(target.pool, "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).toEqual([{ n: 0 }]);
    } finally {
      await target.drop();
    }
  });

  it('restores a pg_dump archive only with client tools that fit, or says which to install', { timeout: 60_000 }, async () => {
    const dump = path.join(srcDir, 'not-really.dump');
    await writeFile(dump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(2048, 1)]));
    const restore = await npmRun('db:restore', undefined, [dump], { DATA_DIR: srcDir });
    expect(restore.code).toBe(1);
    const major = Number((await rows(source.pool, "SELECT current_setting('server_version_num')::int / 10000 AS m"))[0].m);
    const unfitHere = await toolsUnfitFor(source.url);
    if (unfitHere) {
      // This machine's pg_dump is older than the embedded server: it says so, and what to install.
      expect(restore.out).toContain('is a pg_dump archive');
      expect(restore.out).toContain(`The database is PostgreSQL ${major}.`);
      expect(restore.out).toContain(`postgresql-client-${major}`);
      expect(restore.out).toContain('PG_BINDIR');
    } else {
      // Tools that fit get as far as the target, which holds the site: refused, never merged.
      expect(restore.out).toMatch(/other connection|is not empty/);
    }
    const password = (await readFile(path.join(path.dirname(clusterDirFor(srcDir)), 'pg-password'), 'utf8')).trim();
    expect(restore.out).not.toContain(password);
  });
});
