// Password recovery and a change of address end to end: real PostgreSQL, real pg-boss workers and a real SMTP
// server on loopback. Links are read out of the delivered mails, as their reader would.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../../events/registry';
import { rebuildProjections } from '../../../events/store/reader';
import { EMAIL_SEND } from '../../../jobs/email/send-email';
import { count, countEmailJobs, countEvents, mailDeps, mailSettled, startTestApp, TEST_CONFIG, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { SESSION_COOKIE } from '../../plugins/auth';
import { loginTime } from './emails';
import { FORGOT_PASSWORD_ANSWER_MS, RECOVERY_MESSAGES } from './recovery-routes';
import {
  EMAIL_CHANGE_CONFIRM_SUBJECT,
  EMAIL_CHANGE_TAKEN_SUBJECT,
  EMAIL_CHANGED_SUBJECT,
  maskedAddress,
  PASSWORD_CHANGED_SUBJECT,
  PASSWORD_RESET_SUBJECT,
} from './recovery-emails';
import { AUTH_MESSAGES, tooManyFailuresMessage } from './routes';
import { tokenHash } from './secrets';

const PASSWORD = 'clave-de-prueba-123';
const PUBLIC_URL = TEST_CONFIG.publicUrl;
const PER_CLIENT = 3;
const PER_HOUR = TEST_CONFIG.MAIL_PER_ADDRESS_PER_HOUR;

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let outboxDir: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-recovery-'));
  db = await createTestDatabase();
  t = await startTestApp(db, {
    config: { RATE_LIMIT_PER_IP: 10_000, RATE_LIMIT_LOGIN_FAILURES_PER_IP: 10_000, RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: PER_CLIENT },
  });
  await t.jobs.startWorkers({ smtpUrl: smtp.url, from: 'Manifiesta <hola@manifiesta.local>', outboxDir, log: { info: () => {} }, ...mailDeps(db) });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Helpers

const post = (url: string, payload: object, { cookie, remoteAddress }: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: cookie ? { cookie } : {} });

const login = (email: string, password: string, remoteAddress?: string) => post('/api/auth/login', { email, password }, { remoteAddress });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
async function newSession(email: string, password = PASSWORD): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}
const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { cookie } });
const alive = async (cookie: string) => (await whoAmI(cookie)).statusCode === 200;

const forgot = (email: string) => post('/api/auth/forgotPassword', { email });
const reset = (token: string, password: string, remoteAddress?: string) => post('/api/auth/resetPassword', { token, password }, { remoteAddress });

/** The mails with this subject delivered to `email`, in arrival order. */
const mailsTo = (email: string, subject: string) => smtp.mailsTo(email).filter(({ mail }) => mail.subject === subject);
async function nthMail(email: string, subject: string, n = 1) {
  const { mail } = await waitFor(() => mailsTo(email, subject)[n - 1], { what: `mail ${n} «${subject}» to ${email}` });
  return mail;
}

/** The token of the link to `page` in a mail's text (and the same link in its HTML). */
function tokenIn(mail: { text?: string; html?: string | false }, page: string): string {
  const match = new RegExp(`${PUBLIC_URL}${page}\\?token=([\\w%-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${match[0]}"`);
  return decodeURIComponent(match[1]!);
}

const eventsOf = async (userId: string) =>
  (await openedEvents(db.pool, 'stream_id = $1', [learnerStreamId(userId)])).map(({ type, data }) => ({ type, data: data as Record<string, unknown> }));
const jobsOf = async (kind: string, userId: string) =>
  (
    await db.pool.query<{ data: Record<string, unknown> }>("SELECT data FROM pgboss.job WHERE name = $1 AND data->>'kind' = $2 AND data->>'userId' = $3", [
      EMAIL_SEND,
      kind,
      userId,
    ])
  ).rows.map((r) => r.data);
const addressOf = async (userId: string) => (await db.pool.query<{ email: string }>('SELECT email FROM users WHERE user_id = $1', [userId])).rows[0]?.email;

/** Everything a refused request must leave as it was. */
async function writes() {
  await mailSettled(db.pool);
  return {
    events: await countEvents(db.pool),
    jobs: await countEmailJobs(db.pool),
    mails: smtp.received.length,
    sessions: await count(db.pool, 'SELECT count(*) AS n FROM sessions'),
    credentials: await db.pool.query('SELECT user_id, hash FROM password_credentials ORDER BY user_id').then((r) => r.rows),
    links: await db.pool.query('SELECT token_hash, used_at FROM account_tokens ORDER BY token_hash').then((r) => r.rows),
    changes: await db.pool.query('SELECT * FROM email_change_requests ORDER BY request_id').then((r) => r.rows),
    users: await db.pool.query('SELECT user_id, email, email_verified_at FROM users ORDER BY user_id').then((r) => r.rows),
  };
}

const failure = (message: string) => ({ success: false, message, data: null });

/** A learner with a reset link in hand (the first reset mail to their address). */
async function learnerWithResetLink(): Promise<{ learner: Learner; token: string }> {
  const learner = await createLearner(t.app, t.store);
  expect((await forgot(learner.email)).statusCode).toBe(200);
  return { learner, token: tokenIn(await nthMail(learner.email, PASSWORD_RESET_SUBJECT), '/recuperar') };
}

// ---------------------------------------------------------------------------------------------------

describe('password recovery', () => {
  it('forgotPassword: a mail over SMTP with a one-hour link whose token is stored as its hash only; the job and the event carry the account id only', async () => {
    const learner = await createLearner(t.app, t.store);
    const started = Date.now();
    const res = await forgot(learner.email.toUpperCase());
    expect(Date.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.forgotSent, data: null });

    expect((await eventsOf(learner.userId)).at(-1)).toEqual({ type: 'PasswordResetRequested', data: { userId: learner.userId } });
    expect(await jobsOf('password-reset', learner.userId)).toEqual([{ kind: 'password-reset', userId: learner.userId }]);

    const mail = await nthMail(learner.email, PASSWORD_RESET_SUBJECT);
    expect(mail.text).toContain('1 hora');
    expect(mail.text).toContain('una sola vez');
    const token = tokenIn(mail, '/recuperar');
    expect(token).toMatch(/^[\w-]{43}$/);
    const { rows } = await db.pool.query<{ user_id: string; minutes: number }>(
      `SELECT user_id, extract(epoch FROM expires_at - now()) / 60 AS minutes FROM account_tokens WHERE token_hash = $1 AND purpose = 'password-reset'`,
      [tokenHash(token)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(learner.userId);
    expect(Number(rows[0]!.minutes)).toBeCloseTo(60, 0);
    const stored = JSON.stringify((await db.pool.query('SELECT * FROM account_tokens')).rows) + JSON.stringify(await eventsOf(learner.userId));
    expect(stored).not.toContain(token);
  });

  it('an address without an account: the same answer, as slow; no event, no job, no mail', async () => {
    const before = await writes();
    const started = Date.now();
    const res = await forgot('nadie-tiene-esta@example.com');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.forgotSent, data: null });
    expect(await writes()).toEqual(before);
    expect(smtp.mailsTo('nadie-tiene-esta@example.com')).toEqual([]);
  });

  it('a malformed address: 400 in Spanish, nothing written', async () => {
    const before = await writes();
    const res = await forgot('no-es-un-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.email));
    expect(await writes()).toEqual(before);
  });

  it('the link works once: a new password, every session ended, the old password refused, a notice mail with the time; the link again: 410, nothing written', async () => {
    const { learner, token } = await learnerWithResetLink();
    const phone = await newSession(learner.email);
    expect(await alive(learner.cookie)).toBe(true);

    const res = await reset(token, 'una-clave-nueva-y-larga');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.passwordReset, data: null });
    expect(await alive(learner.cookie)).toBe(false);
    expect(await alive(phone)).toBe(false);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [learner.userId])).toBe(0);
    expect((await eventsOf(learner.userId)).at(-1)).toEqual({ type: 'PasswordChanged', data: { userId: learner.userId, how: 'reset' } });
    expect(await jobsOf('password-changed', learner.userId)).toEqual([{ kind: 'password-changed', userId: learner.userId }]);

    expect((await login(learner.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(learner.email, 'una-clave-nueva-y-larga')).statusCode).toBe(200);

    const notice = await nthMail(learner.email, PASSWORD_CHANGED_SUBJECT);
    const { rows } = await db.pool.query<{ at: Date }>('SELECT updated_at AS at FROM password_credentials WHERE user_id = $1', [learner.userId]);
    expect(notice.text).toContain(loginTime(rows[0]!.at));
    expect(notice.text).toContain('(hora UTC)');
    expect(notice.text).toContain('Si no fuiste tú');
    expect(notice.text).toContain(`${PUBLIC_URL}/recuperar`);

    const before = await writes();
    const again = await reset(token, 'otra-clave-distinta');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(failure(RECOVERY_MESSAGES.resetUsed));
    expect(await writes()).toEqual(before);
  });

  it('a new password voids every other reset link of the account', async () => {
    const { learner, token: first } = await learnerWithResetLink();
    expect((await forgot(learner.email)).statusCode).toBe(200);
    const second = tokenIn(await nthMail(learner.email, PASSWORD_RESET_SUBJECT, 2), '/recuperar');
    expect(second).not.toBe(first);
    expect((await reset(second, 'la-segunda-clave')).statusCode).toBe(200);
    const res = await reset(first, 'la-primera-clave');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(failure(RECOVERY_MESSAGES.resetUsed));
    expect((await login(learner.email, 'la-segunda-clave')).statusCode).toBe(200);
  });

  it('an expired link (its stored expiry moved into the past): 410 resetExpired, nothing written, the old password still works', async () => {
    const { learner, token } = await learnerWithResetLink();
    const { rowCount } = await db.pool.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(token)]);
    expect(rowCount).toBe(1);
    const before = await writes();
    const res = await reset(token, 'una-clave-nueva-y-larga');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(failure(RECOVERY_MESSAGES.resetExpired));
    expect(await writes()).toEqual(before);
    expect(await alive(learner.cookie)).toBe(true);
    expect((await login(learner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown link: 400 resetInvalid; a password outside the signup rules: 400 with the signup message, and the link still works', async () => {
    const { learner, token } = await learnerWithResetLink();
    const before = await writes();
    const unknown = await reset('x'.repeat(43), 'una-clave-nueva-y-larga');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(failure(RECOVERY_MESSAGES.resetInvalid));
    const short = await reset(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(failure(AUTH_MESSAGES.passwordShort));
    const long = await reset(token, 'ñ'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(failure(AUTH_MESSAGES.passwordLong));
    const missing = await post('/api/auth/resetPassword', { password: 'una-clave-nueva-y-larga' });
    expect(missing.json()).toEqual(failure(RECOVERY_MESSAGES.resetMissing));
    expect(await writes()).toEqual(before);
    expect((await reset(token, 'una-clave-nueva-y-larga')).statusCode).toBe(200);
    expect((await login(learner.email, 'una-clave-nueva-y-larga')).statusCode).toBe(200);
  });

  it(`at most ${PER_HOUR} reset mails an hour to one address: the same answer every time`, async () => {
    const learner = await createLearner(t.app, t.store);
    for (let i = 0; i < PER_HOUR + 2; i++) {
      const res = await forgot(learner.email);
      expect(res.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.forgotSent, data: null });
    }
    await mailSettled(db.pool);
    expect(await jobsOf('password-reset', learner.userId)).toHaveLength(PER_HOUR + 2);
    expect(mailsTo(learner.email, PASSWORD_RESET_SUBJECT)).toHaveLength(PER_HOUR);
    expect(await count(db.pool, "SELECT count(*) AS n FROM account_tokens WHERE user_id = $1 AND purpose = 'password-reset'", [learner.userId])).toBe(PER_HOUR);
  });

  it('two resets with one link at once: one new password, the other 410', async () => {
    const { learner, token } = await learnerWithResetLink();
    const [a, b] = await Promise.all([reset(token, 'clave-de-la-carrera-a'), reset(token, 'clave-de-la-carrera-b')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    const winner = a.statusCode === 200 ? 'clave-de-la-carrera-a' : 'clave-de-la-carrera-b';
    expect((await login(learner.email, winner)).statusCode).toBe(200);
    expect((await eventsOf(learner.userId)).filter((e) => e.type === 'PasswordChanged')).toHaveLength(1);
  });

  it('the failures the owner ran up from this address before the reset do not make them wait with the new password', async () => {
    const { learner, token } = await learnerWithResetLink();
    const owner = '127.0.0.7';
    for (let i = 0; i < PER_CLIENT; i++) expect((await login(learner.email, `intento-${i}`, owner)).statusCode).toBe(401);
    const waiting = await login(learner.email, PASSWORD, owner);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual(failure(tooManyFailuresMessage(1)));

    expect((await reset(token, 'la-clave-recuperada', owner)).statusCode).toBe(200);
    const res = await login(learner.email, 'la-clave-recuperada', owner);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an account never verified: the link reached its address, so the new password signs in at once', async () => {
    const email = `sin-activar-${Date.now().toString(36)}@example.com`;
    const signup = await post('/api/auth/signup', { username: 'Sin Activar', email, password: PASSWORD });
    expect(signup.statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(403);
    expect((await forgot(email)).statusCode).toBe(200);
    const token = tokenIn(await nthMail(email, PASSWORD_RESET_SUBJECT), '/recuperar');
    expect((await reset(token, 'ahora-si-activa')).statusCode).toBe(200);
    expect((await login(email, 'ahora-si-activa')).statusCode).toBe(200);
  });

  it('clears a session cookie the browser sent with the reset (that session ended with the others)', async () => {
    const { learner, token } = await learnerWithResetLink();
    const res = await post('/api/auth/resetPassword', { token, password: 'una-clave-nueva-y-larga' }, { cookie: learner.cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(await alive(learner.cookie)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------

const changeEmail = (learner: Learner, newEmail: string, password = PASSWORD) => post('/api/me/email', { newEmail, password }, { cookie: learner.cookie });
const confirm = (token: string, cookie?: string) => post('/api/auth/confirmEmailChange', { token }, { cookie });
const undo = (token: string, cookie?: string) => post('/api/auth/undoEmailChange', { token }, { cookie });
let addresses = 0;
const freshAddress = () => `nueva-${Date.now().toString(36)}-${++addresses}@example.com`;

async function confirmationLink(newEmail: string, n = 1) {
  return tokenIn(await nthMail(newEmail, EMAIL_CHANGE_CONFIRM_SUBJECT, n), '/cuenta/confirmar-correo');
}

describe('a change of address', () => {
  it('the whole way: a link to the new address, nothing changed until it is confirmed; then the new address signs in, not the old, other sessions end, and the old address gets an undo link that gives it back', async () => {
    const learner = await createLearner(t.app, t.store);
    const old = learner.email;
    const newEmail = freshAddress();
    const phone = await newSession(old);

    const asked = await changeEmail(learner, newEmail.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.changeSent, data: null });
    expect((await eventsOf(learner.userId)).at(-1)).toEqual({ type: 'EmailChangeRequested', data: { userId: learner.userId } });
    const [job] = await jobsOf('email-change-confirm', learner.userId);
    expect(Object.keys(job!).sort()).toEqual(['kind', 'requestId', 'userId']);
    expect(JSON.stringify(job)).not.toContain('@');

    const mail = await nthMail(newEmail, EMAIL_CHANGE_CONFIRM_SUBJECT);
    expect(mail.text).toContain('24 horas');
    const token = tokenIn(mail, '/cuenta/confirmar-correo');
    // Nothing changed yet.
    expect(await addressOf(learner.userId)).toBe(old);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(401);
    expect(await alive(phone)).toBe(true);

    // Confirmed from the browser that asked: its session goes on, the phone's ends.
    const confirmed = await confirm(token, learner.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.changeConfirmed, data: null });
    expect(await addressOf(learner.userId)).toBe(newEmail);
    expect((await eventsOf(learner.userId)).at(-1)).toEqual({ type: 'EmailChanged', data: { userId: learner.userId, email: newEmail, previousEmail: old } });
    expect(await alive(learner.cookie)).toBe(true);
    expect(await alive(phone)).toBe(false);
    expect((await whoAmI(learner.cookie)).json().data.email).toBe(newEmail);
    expect((await login(old, PASSWORD)).statusCode).toBe(401);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(200);

    // The link works once.
    const before = await writes();
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(failure(RECOVERY_MESSAGES.changeUsed));
    expect(await writes()).toEqual(before);

    // The old address hears of it, with a link that undoes it.
    const notice = await nthMail(old, EMAIL_CHANGED_SUBJECT);
    expect(notice.text).toContain(maskedAddress(newEmail));
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toContain('(hora UTC)');
    expect(notice.text).toContain('72 horas');
    const undoToken = tokenIn(notice, '/cuenta/deshacer-correo');
    const { rows } = await db.pool.query<{ hours: number }>(
      "SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM account_tokens WHERE token_hash = $1 AND purpose = 'email-undo'",
      [tokenHash(undoToken)],
    );
    expect(Number(rows[0]!.hours)).toBeCloseTo(72, 0);

    // Undo: the old address back, every session ended, the new address no longer signs in.
    const later = await newSession(newEmail);
    const undone = await undo(undoToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.undone, data: null });
    expect(await addressOf(learner.userId)).toBe(old);
    expect((await eventsOf(learner.userId)).at(-1)).toEqual({ type: 'EmailChangeUndone', data: { userId: learner.userId, email: old } });
    expect(await alive(learner.cookie)).toBe(false);
    expect(await alive(later)).toBe(false);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(401);
    expect((await login(old, PASSWORD)).statusCode).toBe(200);

    const undoneBefore = await writes();
    const undoAgain = await undo(undoToken);
    expect(undoAgain.statusCode).toBe(410);
    expect(undoAgain.json()).toEqual(failure(RECOVERY_MESSAGES.undoUsed));
    expect(await writes()).toEqual(undoneBefore);
  });

  it('a wrong password: 401 in Spanish, nothing written; a guest: 401; the address the account has: 400', async () => {
    const learner = await createLearner(t.app, t.store);
    const before = await writes();
    const wrong = await changeEmail(learner, freshAddress(), 'no-es-la-clave');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(failure(RECOVERY_MESSAGES.wrongPassword));
    const guest = await post('/api/me/email', { newEmail: freshAddress(), password: PASSWORD });
    expect(guest.statusCode).toBe(401);
    const same = await changeEmail(learner, learner.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Esa ya es la dirección de correo de tu cuenta.');
    const bad = await changeEmail(learner, 'sin-arroba');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(failure(AUTH_MESSAGES.email));
    expect(await writes()).toEqual(before);
    expect(await alive(learner.cookie)).toBe(true);
  });

  it(`after ${PER_CLIENT} wrong passwords the next try waits like a login (429, Retry-After), the right password included; nothing written`, async () => {
    const learner = await createLearner(t.app, t.store);
    const from = { cookie: learner.cookie, remoteAddress: '127.0.0.9' };
    const before = await writes();
    for (let i = 0; i < PER_CLIENT; i++) expect((await post('/api/me/email', { newEmail: freshAddress(), password: `no-es-${i}` }, from)).statusCode).toBe(401);
    const waiting = await post('/api/me/email', { newEmail: freshAddress(), password: PASSWORD }, from);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual(failure(tooManyFailuresMessage(1)));
    expect(await writes()).toEqual(before);
    // From another address the owner is not slowed.
    expect((await post('/api/me/email', { newEmail: freshAddress(), password: PASSWORD }, { cookie: learner.cookie })).statusCode).toBe(200);
  });

  it('an address with another account: the same answer; that address gets a short notice and no link, and the account keeps its address', async () => {
    const learner = await createLearner(t.app, t.store);
    const owner = await createLearner(t.app, t.store);
    const res = await changeEmail(learner, owner.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: RECOVERY_MESSAGES.changeSent, data: null });
    const notice = await nthMail(owner.email, EMAIL_CHANGE_TAKEN_SUBJECT);
    expect(notice.text).not.toContain('token=');
    expect(notice.text).not.toContain(learner.email);
    await mailSettled(db.pool);
    expect(mailsTo(owner.email, EMAIL_CHANGE_CONFIRM_SUBJECT)).toEqual([]);
    expect(await count(db.pool, "SELECT count(*) AS n FROM account_tokens WHERE user_id = $1 AND purpose = 'email-change'", [learner.userId])).toBe(0);
    expect(await addressOf(learner.userId)).toBe(learner.email);
  });

  it('one address for two accounts at once (both asked for it, both confirm together): one gets it, the other 409; the address stays unique', async () => {
    const a = await createLearner(t.app, t.store);
    const b = await createLearner(t.app, t.store);
    const wanted = freshAddress();
    expect((await changeEmail(a, wanted)).statusCode).toBe(200);
    const tokenA = await confirmationLink(wanted, 1);
    expect((await changeEmail(b, wanted)).statusCode).toBe(200);
    const tokenB = await confirmationLink(wanted, 2);
    const [ra, rb] = await Promise.all([confirm(tokenA), confirm(tokenB)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json()).toEqual(failure(RECOVERY_MESSAGES.changeTaken));
    expect(await count(db.pool, 'SELECT count(*) AS n FROM users WHERE lower(email) = $1', [wanted])).toBe(1);
    const losingId = ra.statusCode === 409 ? a.userId : b.userId;
    expect((await eventsOf(losingId)).map((e) => e.type)).not.toContain('EmailChanged');
  });

  it('an expired confirmation link (its stored expiry in the past): 410, nothing changed; a new request gives a new link that works', async () => {
    const learner = await createLearner(t.app, t.store);
    const wanted = freshAddress();
    expect((await changeEmail(learner, wanted)).statusCode).toBe(200);
    const token = await confirmationLink(wanted);
    await db.pool.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(token)]);
    const before = await writes();
    const res = await confirm(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(failure(RECOVERY_MESSAGES.changeExpired));
    expect(await writes()).toEqual(before);
    expect((await changeEmail(learner, wanted)).statusCode).toBe(200);
    expect((await confirm(await confirmationLink(wanted, 2))).statusCode).toBe(200);
    expect(await addressOf(learner.userId)).toBe(wanted);
  });

  it('an expired undo link: 410 undoExpired and the new address stays', async () => {
    const learner = await createLearner(t.app, t.store);
    const wanted = freshAddress();
    expect((await changeEmail(learner, wanted)).statusCode).toBe(200);
    expect((await confirm(await confirmationLink(wanted))).statusCode).toBe(200);
    const undoToken = tokenIn(await nthMail(learner.email, EMAIL_CHANGED_SUBJECT), '/cuenta/deshacer-correo');
    await db.pool.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(undoToken)]);
    const res = await undo(undoToken);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(failure(RECOVERY_MESSAGES.undoExpired));
    expect(await addressOf(learner.userId)).toBe(wanted);
  });

  it('undo voids the links asked for since: a reset link mailed to the new address no longer works', async () => {
    const learner = await createLearner(t.app, t.store);
    const wanted = freshAddress();
    expect((await changeEmail(learner, wanted)).statusCode).toBe(200);
    expect((await confirm(await confirmationLink(wanted))).statusCode).toBe(200);
    const undoToken = tokenIn(await nthMail(learner.email, EMAIL_CHANGED_SUBJECT), '/cuenta/deshacer-correo');
    expect((await forgot(wanted)).statusCode).toBe(200);
    const resetToken = tokenIn(await nthMail(wanted, PASSWORD_RESET_SUBJECT), '/recuperar');
    expect((await undo(undoToken)).statusCode).toBe(200);
    const res = await reset(resetToken, 'clave-del-intruso');
    expect(res.statusCode).toBe(410);
    expect((await login(learner.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the users read model after changes of address', () => {
  it('rebuilds from the log to exactly the addresses it had (changed, and changed back)', async () => {
    const snapshot = async () => (await db.pool.query('SELECT to_jsonb(u) AS row FROM users u ORDER BY user_id')).rows.map((r) => r.row);
    const before = await snapshot();
    expect((await db.pool.query("SELECT count(*) AS n FROM events WHERE type IN ('EmailChanged', 'EmailChangeUndone')")).rows[0].n).not.toBe('0');
    await db.pool.query("UPDATE users SET email = 'x' || user_id || '@example.com'");
    expect(await snapshot()).not.toEqual(before);
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect(await snapshot()).toEqual(before);
  });
});
