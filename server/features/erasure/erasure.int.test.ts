// The erasure proof: a learner who wrote distinctive texts everywhere (activities 1–4, a reflection, a
// revelation, a lead with the same address, a coach's note) deletes the account; afterwards a full pg_dump of
// the database holds none of it, pgboss included, the confirmation mail went out and its address is gone too,
// the coach's desk and a rebuild still work (the rebuilt tables equal the live ones), and another learner's data
// is untouched.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFE_AREAS } from '../../../course/areas';
import { ROLES } from '../../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../../events/registry';
import { catchUp, rebuildProjections } from '../../../events/store/reader';
import { count, countEvents, mailDeps, mailSettled, TEST_CONFIG, waitFor } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, FREE_IN_ORDER, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import type { App } from '../../app';
import { composeRuntime, type Runtime } from '../../runtime';
import { ACCOUNT_DELETED_SUBJECT } from './emails';
import { ERASURE_MESSAGES } from './routes';

const PASSWORD = 'clave-de-prueba-123';
const FIRST_PAID = 'tus-sistemas-de-creencias-actuales';
const WEAKEST = LIFE_AREAS.slice(0, 3).map((a) => a.id);
const PG_DUMPS = ['/usr/lib/postgresql/15/bin/pg_dump', '/usr/bin/pg_dump'].filter((p) => existsSync(p));

let db: TestDatabase;
let smtp: SmtpCapture;
let runtime: Runtime;
let app: App;
let outboxDir: string;
let coach: Learner;

const post = (l: Learner | undefined, url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: l ? { cookie: l.cookie } : {} });
const get = (l: Learner, url: string) => app.inject({ method: 'GET', url, headers: { cookie: l.cookie } });

async function ok(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A premium learner who does activities 1–4, meditates, reflects and leaves a lead, every text marked with `mark`; the coach writes a note. */
async function learnerWhoWrites(mark: string): Promise<{ learner: Learner; texts: string[] }> {
  const learner = await createLearner(app, runtime.store, { roles: [ROLES.premium] });
  const texts = [
    `Creo que el dinero ${mark} es difícil`,
    `En cinco años ${mark} vivo junto al mar`,
    `Porque ${mark} quiero paz`,
    `Revelación ${mark}: puedo soltar`,
    `Reflexión ${mark}: merezco descansar`,
    `Nota de la coach sobre ${mark}`,
    `Lectora ${mark}`,
  ];
  for (const [i, area] of LIFE_AREAS.entries())
    await ok(await post(learner, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId: area.id, score: Math.min(i, 10) }));
  await ok(await post(learner, '/api/activity/markAsComplete', { activityId: '12-areas-balance' }));
  await ok(await post(learner, '/api/activity/saveAreaDefinition', { activityId: 'concientizando-areas-balance', areaId: 'career', definition: texts[0] }));
  await ok(await post(learner, '/api/activity/markAsComplete', { activityId: 'concientizando-areas-balance' }));
  await ok(
    await post(learner, '/api/activity/saveAreaDefinition', { activityId: 'viendo-hacia-atras-desde-el-futuro', areaId: 'career', definition: texts[1] }),
  );
  await ok(await post(learner, '/api/activity/markAsComplete', { activityId: 'viendo-hacia-atras-desde-el-futuro' }));
  await ok(await post(learner, '/api/activity/saveWhySelection', { activityId: '7-niveles-deep-why', selectedAreaIds: WEAKEST }));
  await ok(await post(learner, '/api/activity/saveWhyAnswer', { activityId: '7-niveles-deep-why', areaId: WEAKEST[0], levelIndex: 0, answer: texts[2] }));
  await ok(await post(learner, '/api/activity/deepWhy/question', { areaId: WEAKEST[0], levelIndex: 1, previousAnswer: texts[2] }));
  for (const activityId of FREE_IN_ORDER.slice(3)) await ok(await post(learner, '/api/activity/markAsComplete', { activityId }));
  await ok(await post(learner, '/api/activity/saveRevelation', { revelation: texts[3], totalTimeMeditated: 600 }));
  await ok(await post(learner, '/api/activity/saveReflection', { activityId: FIRST_PAID, text: texts[4] }));
  await ok(await post(coach, `/api/coach/learners/${learner.userId}/notes`, { text: texts[5] }));
  await ok(await post(undefined, '/api/leads/add', { email: learner.email, nick: texts[6], page: 'niveles', section: 'pdf', status: 'downloaded' }));
  return { learner, texts };
}

const TABLES = projections.flatMap((p) => p.tables);
async function tables(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = (await db.pool.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`)).rows.map((r) => r.row);
  return out;
}
const catalog = createCatalog();
async function asyncCaughtUp() {
  for (const p of projections.filter((p) => p.mode === 'async')) await catchUp(db.pool, catalog, p);
}
/**
 * The whole database as text. With a pg_dump of the server's major version (the machine's PostgreSQL 15 through
 * TEST_DATABASE_URL), a full pg_dump. pg_dump refuses a newer server, and the embedded PostgreSQL ships none: then
 * every row of every table of every schema (ours and pg-boss's), which is the data a dump holds.
 */
async function dump(): Promise<string> {
  const run = promisify(execFile);
  const serverMajor = Math.floor(Number((await db.pool.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0]!.server_version_num) / 10_000);
  for (const tool of PG_DUMPS) {
    const major = Number(/\(PostgreSQL\) (\d+)/.exec((await run(tool, ['--version'])).stdout)?.[1]);
    if (major === serverMajor) return (await run(tool, ['--dbname', db.url, '--no-owner'], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  }
  const { rows: tablesOf } = await db.pool.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const lines: string[] = [];
  for (const { name } of tablesOf) {
    lines.push(`-- ${name}`, ...(await db.pool.query<{ line: string }>(`SELECT t::text AS line FROM ${name} t`)).rows.map((r) => r.line));
  }
  return lines.join('\n');
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-erasure-outbox-'));
  db = await createTestDatabase();
  runtime = await composeRuntime({ config: TEST_CONFIG, database: db, log: pino({ level: 'silent' }) });
  app = await runtime.buildApp();
  await runtime.jobs.startWorkers({ smtpUrl: smtp.url, from: 'Manifiesta <hola@manifiesta.test>', outboxDir, log: pino({ level: 'silent' }), ...mailDeps(db) });
  coach = await createLearner(app, runtime.store, { roles: [ROLES.coach] });
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

describe('POST /api/me/delete', () => {
  it('a wrong password is a 401 in Spanish and writes nothing; without a session, 401', async () => {
    const learner = await createLearner(app, runtime.store);
    const before = { events: await countEvents(db.pool), keys: await count(db.pool, 'SELECT count(*) AS n FROM person_keys WHERE key IS NOT NULL') };
    const res = await post(learner, '/api/me/delete', { password: 'no-es-mi-clave' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: ERASURE_MESSAGES.badPassword, data: null });
    expect({ events: await countEvents(db.pool), keys: await count(db.pool, 'SELECT count(*) AS n FROM person_keys WHERE key IS NOT NULL') }).toEqual(before);
    expect((await get(learner, '/api/auth/verifyToken')).statusCode).toBe(200);
    expect((await post(undefined, '/api/me/delete', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('erases everything the learner wrote, everywhere; the coach, the exports and a rebuild still work; the other learner is untouched', async () => {
    const gone = await learnerWhoWrites('colibrí-turquesa');
    const kept = await learnerWhoWrites('búho-violeta');
    const account = (await ok(await get(gone.learner, '/api/auth/verifyToken'))).data as { username: string; email: string };
    await mailSettled(db.pool);
    // Before: the read models have the texts (the log has them sealed).
    expect(await dump()).toContain(gone.texts[0]);
    await asyncCaughtUp();
    const forgottenInFunnel = async () => ((await ok(await get(coach, '/api/coach/analytics/funnel'))).data as { forgottenAccounts: number }).forgottenAccounts;
    const forgottenBefore = await forgottenInFunnel();

    const res = await post(gone.learner, '/api/me/delete', { password: PASSWORD });
    expect(await ok(res)).toEqual({ success: true, message: ERASURE_MESSAGES.deleted, data: null });
    expect(String(res.headers['set-cookie'])).toMatch(/mf_session=;/);
    expect((await get(gone.learner, '/api/auth/verifyToken')).statusCode).toBe(401);
    expect((await post(undefined, '/api/auth/login', { email: gone.learner.email, password: PASSWORD })).statusCode).toBe(401);

    // The confirmation mail goes to the forgotten address, and then the address is forgotten too.
    const { mail } = await waitFor(() => smtp.mailsTo(gone.learner.email).find((m) => m.mail.subject === ACCOUNT_DELETED_SUBJECT), {
      what: 'the confirmation mail',
    });
    expect(mail.text).toContain('eliminamos tu cuenta');
    await mailSettled(db.pool);
    await waitFor(async () => (await count(db.pool, 'SELECT count(*) AS n FROM erasure_notices')) === 0, { what: 'the notice to go' });

    await asyncCaughtUp();
    const text = await dump();
    for (const secret of [gone.learner.email, account.username, ...gone.texts]) {
      if (text.includes(secret)) {
        const lines = text
          .split('\n')
          .filter((l) => l.includes(secret))
          .map((l) => l.slice(0, 300));
        throw new Error(`${secret} is still in:\n${lines.join('\n')}`);
      }
    }
    // The other learner's data is readable through the app.
    const keptDefs = await ok(await get(kept.learner, '/api/activity/getAreaDefinitions?activityId=concientizando-areas-balance'));
    expect(JSON.stringify(keptDefs)).toContain(kept.texts[0]);

    // The coach's desk: the list, the other learner's journey and export, the funnel.
    const list = await ok(await get(coach, '/api/coach/learners'));
    expect(JSON.stringify(list)).not.toContain(gone.learner.userId);
    expect(JSON.stringify(list)).toContain(kept.learner.userId);
    const journey = await ok(await get(coach, `/api/coach/learners/${kept.learner.userId}/journey`));
    expect(JSON.stringify(journey)).toContain(kept.texts[5]);
    expect((await get(coach, `/api/coach/learners/${kept.learner.userId}/export`)).statusCode).toBe(200);
    // The funnel still counts the account, as a «Persona eliminada».
    expect(await forgottenInFunnel()).toBe(forgottenBefore + 1);
    expect(JSON.stringify(await ok(await get(kept.learner, '/api/me/export')))).toContain(kept.texts[3]);

    // A rebuild from the log gives the tables the live projections left.
    const live = await tables();
    await rebuildProjections(db.pool, catalog, projections);
    await asyncCaughtUp();
    expect(await tables()).toEqual(live);
    expect(live.users!.some((u) => JSON.stringify(u).includes(gone.learner.userId))).toBe(false);
    expect(await forgottenInFunnel()).toBe(forgottenBefore + 1);
  }, 120_000);
});

describe('the unsubscribe-and-forget link of lead mails', () => {
  const capture = (email: string, nick: string) =>
    post(undefined, '/api/leads/add', { email, nick, page: 'nostalgia', section: 'fragmento', status: 'downloaded' });
  const linkIn = async (email: string) => {
    const { mail } = await waitFor(() => smtp.mailsTo(email)[0], { what: `the welcome mail to ${email}` });
    const link = /https?:\/\/\S+\/olvidar\?token=\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The forget link is in the footer; the header offers the one-click unsubscribe (RFC 8058).
    expect(mail.html).toContain(link!.replaceAll('&', '&#38;'));
    return new URL(link!).searchParams.get('token')!;
  };

  it('forgets a lead address without an account: its rows go and its events read as redacted; again, the same answer', async () => {
    const email = 'olvidame-gaviota@example.com';
    await ok(await capture(email, 'Gaviota'));
    const token = await linkIn(email);
    const first = await ok(await post(undefined, '/api/leads/forget', { token }));
    expect(first).toEqual({ success: true, message: ERASURE_MESSAGES.leadForgotten, data: { hasAccount: false } });
    expect(await count(db.pool, 'SELECT count(*) AS n FROM leads WHERE lower(email) = $1', [email])).toBe(0);
    await asyncCaughtUp();
    const text = await dump();
    expect(text).not.toContain(email);
    expect(text).not.toContain('Gaviota');
    expect(await ok(await post(undefined, '/api/leads/forget', { token }))).toEqual(first);
    // The address may come back: a new capture is a new lead.
    await ok(await capture(email, 'Gaviota'));
    expect(await count(db.pool, 'SELECT count(*) AS n FROM leads WHERE lower(email) = $1', [email])).toBe(1);
  });

  it('an address with an account is not forgotten from the link: the answer says to delete the account', async () => {
    const learner = await createLearner(app, runtime.store);
    await ok(await capture(learner.email, 'Cuenta'));
    const token = await linkIn(learner.email);
    expect(await ok(await post(undefined, '/api/leads/forget', { token }))).toEqual({
      success: true,
      message: ERASURE_MESSAGES.leadHasAccount,
      data: { hasAccount: true },
    });
    expect(await count(db.pool, 'SELECT count(*) AS n FROM leads WHERE lower(email) = $1', [learner.email])).toBe(1);
  });

  it('a token that is not ours is a 400 and writes nothing', async () => {
    const before = await countEvents(db.pool);
    const res = await post(undefined, '/api/leads/forget', { token: `${'a'.repeat(64)}.${'b'.repeat(32)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERASURE_MESSAGES.token);
    expect(await countEvents(db.pool)).toBe(before);
  });
});
