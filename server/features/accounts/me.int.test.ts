// The account page's routes against a real database, a real worker and a real SMTP server on loopback: the name
// a person is greeted by, a password change (the other sessions end, this one stays, a notice mail goes), and the
// list of open sessions, from which the owner — and only the owner — ends any.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MESSAGE } from '../../../course/contact';
import { EmailVerified, learnerStreamId, UserRegistered } from '../../../events/accounts/accounts.events';
import { EMAIL_SEND } from '../../../jobs/email/send-email';
import { count, countEvents, mailSettled, startMailWorkers, startTestApp, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, PASSWORD, USER_AGENTS, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { NO_SESSION_MESSAGE } from '../../plugins/auth';
import { PASSWORD_CHANGED_SUBJECT } from './recovery-emails';
import { ME_MESSAGES } from './me';
import { hashPassword } from './secrets';
import { AUTH_MESSAGES } from './routes';

const { chromeAndroid: CHROME_ANDROID, firefoxWindows: FIREFOX_WINDOWS } = USER_AGENTS;

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let removeOutbox: (() => Promise<void>) | undefined;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 10_000 } });
  removeOutbox = await startMailWorkers(t, db, smtp.url);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((line) => line.startsWith('mf_session='))!
    .split(';')[0]!;

const post = (cookie: string | undefined, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) => get(cookie, '/api/auth/verifyToken');

/** Another session of the learner's account, started from a browser that says `userAgent`. */
async function loginAgain(l: Learner, userAgent: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: l.email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

/** What a write may have left: events, password hashes, sessions, mail jobs. */
const writes = async (userId: string) => ({
  events: await countEvents(db.pool),
  hash: (await db.pool.query('SELECT hash FROM password_credentials WHERE user_id = $1', [userId])).rows[0]?.hash,
  sessions: await count(db.pool, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [userId]),
  mails: await count(db.pool, 'SELECT count(*) AS n FROM pgboss.job WHERE name = $1', [EMAIL_SEND]),
});

describe('POST /api/me/name', () => {
  it('names of any language are taken, and the session shows the new name at once', async () => {
    const l = await createLearner(t.app, t.store);
    for (const name of ['María José', "O'Brien", 'Ana-Lucía', 'Zoë']) {
      const res = await post(l.cookie, '/api/me/name', { name });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: ME_MESSAGES.nameChanged, data: { id: l.userId, username: name } });
      expect((await me(l.cookie)).json().data.username).toBe(name);
    }
    const rows = await openedEvents(db.pool, "type = 'DisplayNameChanged' AND stream_id = $1", [`learner-${l.userId}`]);
    expect(rows.map((r) => r.data)).toEqual(['María José', "O'Brien", 'Ana-Lucía', 'Zoë'].map((username) => ({ userId: l.userId, username })));
  });

  it('is trimmed and its spaces made one; the same name again records nothing', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await post(l.cookie, '/api/me/name', { name: '  Ana   Lucía ' })).json().data.username).toBe('Ana Lucía');
    const before = await countEvents(db.pool);
    expect((await post(l.cookie, '/api/me/name', { name: 'Ana Lucía' })).statusCode).toBe(200);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('an account from before display names keeps its username (digits, dots, underscores) until its owner changes it', async () => {
    const userId = randomUUID();
    const email = `antigua-${userId.slice(0, 8)}@example.com`;
    const hash = await hashPassword(PASSWORD);
    await t.store.append(learnerStreamId(userId), [UserRegistered.create({ userId, username: 'ana_maria.42', email }), EmailVerified.create({ userId })], {
      expectedVersion: 0,
      alsoInTransaction: async (tx) => {
        await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, hash]);
      },
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(login.json().data.username).toBe('ana_maria.42');
    const cookie = cookieOf(login);
    expect((await post(cookie, '/api/me/name', { name: 'Ana María' })).json().data.username).toBe('Ana María');
    expect((await me(cookie)).json().data.username).toBe('Ana María');
  });

  it('two learners may share a name', async () => {
    const [a, b] = [await createLearner(t.app, t.store), await createLearner(t.app, t.store)];
    expect((await post(a.cookie, '/api/me/name', { name: 'Sol' })).statusCode).toBe(200);
    expect((await post(b.cookie, '/api/me/name', { name: 'sol' })).statusCode).toBe(200);
  });

  it.each([
    ['digits only', '12345'],
    ['one letter', 'A'],
    ['41 letters', 'a'.repeat(41)],
    ['markup', '<b>'],
    ['a domain', 'evil.example'],
    ['a link', 'https://evil.example'],
  ])('%s is refused with a clear Spanish message, and nothing is written', async (_, name) => {
    const l = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    const res = await post(l.cookie, '/api/me/name', { name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: NAME_MESSAGE, data: null });
    expect(await countEvents(db.pool)).toBe(before);
    expect((await me(l.cookie)).json().data.username).toMatch(/^aprendiz-/);
  });

  it('an empty name asks for one; without a session, 401', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await post(l.cookie, '/api/me/name', { name: '   ' })).json().message).toBe(ME_MESSAGES.nameRequired);
    const guest = await post(undefined, '/api/me/name', { name: 'Ana' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(NO_SESSION_MESSAGE);
  });
});

describe('POST /api/me/password', () => {
  it('replaces the password, ends the other sessions, keeps this one, records PasswordChanged and mails a notice', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await post(l.cookie, '/api/me/name', { name: 'Lucía' })).statusCode).toBe(200);
    const other = await loginAgain(l, FIREFOX_WINDOWS);
    const newPassword = 'una-clave-nueva-y-larga';
    const res = await post(l.cookie, '/api/me/password', { currentPassword: PASSWORD, newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ME_MESSAGES.passwordChanged, data: null });

    expect((await me(l.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    // The old password no longer opens the account; the new one does.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: l.email, password: PASSWORD } })).statusCode).toBe(401);
    await loginAgain(l, CHROME_ANDROID, newPassword);

    const { rows } = await db.pool.query("SELECT data FROM events WHERE type = 'PasswordChanged' AND stream_id = $1", [`learner-${l.userId}`]);
    expect(rows.map((r) => r.data)).toEqual([{ userId: l.userId, how: 'changed' }]);
    // The job names the account; the address is found when the mail goes.
    const jobs = await db.pool.query("SELECT data FROM pgboss.job WHERE name = $1 AND data->>'kind' = 'password-changed' AND data->>'userId' = $2", [
      EMAIL_SEND,
      l.userId,
    ]);
    expect(jobs.rows.map((r) => r.data)).toEqual([{ kind: 'password-changed', userId: l.userId }]);
    const { mail } = await waitFor(() => smtp.mailsTo(l.email).find(({ mail }) => mail.subject === PASSWORD_CHANGED_SUBJECT), {
      what: 'the password-changed notice',
    });
    // Greeted through the one greeting function, by the name the account has now.
    expect(mail.text).toMatch(/^¡Hola, Lucía!\n/);
    expect(mail.text).toContain('/recuperar');
    expect(mail.text).not.toContain(newPassword);
  });

  it('a wrong current password: 401 in Spanish, nothing written, every session lives on', async () => {
    const l = await createLearner(t.app, t.store);
    const other = await loginAgain(l, FIREFOX_WINDOWS);
    await mailSettled(db.pool);
    const before = await writes(l.userId);
    const res = await post(l.cookie, '/api/me/password', { currentPassword: 'no-es-la-clave', newPassword: 'una-clave-nueva-y-larga' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: ME_MESSAGES.wrongPassword, data: null });
    expect(await writes(l.userId)).toEqual(before);
    expect((await me(l.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('guesses at the current password are counted as failed logins: after five, the next waits (429), the right one included', async () => {
    const l = await createLearner(t.app, t.store);
    const guess = (currentPassword: string) => post(l.cookie, '/api/me/password', { currentPassword, newPassword: 'una-clave-nueva-y-larga' });
    for (let i = 0; i < 5; i++) expect((await guess(`intento-${i}`)).statusCode).toBe(401);
    const before = await writes(l.userId);
    const waited = await guess(PASSWORD);
    expect(waited.statusCode).toBe(429);
    expect(waited.headers['retry-after']).toBe('1');
    expect(waited.json().message).toMatch(/^Demasiados intentos fallidos\. Espera/);
    expect(await writes(l.userId)).toEqual(before);
  });

  it('a new password follows the signup rules; nothing written when it does not', async () => {
    const l = await createLearner(t.app, t.store);
    const before = await writes(l.userId);
    const short = await post(l.cookie, '/api/me/password', { currentPassword: PASSWORD, newPassword: 'corta12' });
    expect([short.statusCode, short.json().message]).toEqual([400, AUTH_MESSAGES.passwordShort]);
    const long = await post(l.cookie, '/api/me/password', { currentPassword: PASSWORD, newPassword: 'ñ'.repeat(129) });
    expect([long.statusCode, long.json().message]).toEqual([400, AUTH_MESSAGES.passwordLong]);
    const missing = await post(l.cookie, '/api/me/password', { newPassword: 'una-clave-nueva-y-larga' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, ME_MESSAGES.passwordsRequired]);
    expect(await writes(l.userId)).toEqual(before);
  });
});

describe('the sessions of an account', () => {
  it('lists both logins with their devices, never a token; ending the other one ends its cookie and keeps mine', async () => {
    const l = await createLearner(t.app, t.store);
    const phone = await loginAgain(l, CHROME_ANDROID);
    const laptop = await loginAgain(l, FIREFOX_WINDOWS);
    const listed = await get(phone, '/api/me/sessions');
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json().data as Array<{ id: string; device: string | null; createdAt: string; lastUsedAt: string; current: boolean }>;
    // The learner's first session (no User-Agent: no label) and the two logins; this one first.
    expect(sessions.map((s) => [s.device, s.current])).toEqual([['Chrome en Android', true], expect.anything(), expect.anything()]);
    expect(
      sessions
        .slice(1)
        .map((s) => s.device)
        .sort(),
    ).toEqual(['Firefox en Windows', null].sort());
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    for (const cookie of [phone, laptop, l.cookie]) expect(listed.body).not.toContain(cookie.split('=')[1]);

    const laptopId = sessions.find((s) => s.device === 'Firefox en Windows')!.id;
    const ended = await post(phone, `/api/me/sessions/${laptopId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: ME_MESSAGES.sessionEnded, data: { current: false } });
    expect(ended.headers['set-cookie']).toBeUndefined();
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect(((await get(phone, '/api/me/sessions')).json().data as unknown[]).length).toBe(2);
  });

  it('ending the session of this device logs out: the cookie is cleared and no longer works', async () => {
    const l = await createLearner(t.app, t.store);
    const mine = (await get(l.cookie, '/api/me/sessions')).json().data.find((s: { current: boolean }) => s.current);
    const res = await post(l.cookie, `/api/me/sessions/${mine.id}/end`);
    expect(res.json().data).toEqual({ current: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^mf_session=;/);
    expect((await me(l.cookie)).statusCode).toBe(401);
  });

  it('another learner cannot end my session (404, as for an id that does not exist), nor see it', async () => {
    const [owner, stranger] = [await createLearner(t.app, t.store), await createLearner(t.app, t.store)];
    const ownerSession = (await get(owner.cookie, '/api/me/sessions')).json().data[0].id as string;
    expect(((await get(stranger.cookie, '/api/me/sessions')).json().data as Array<{ id: string }>).map((s) => s.id)).not.toContain(ownerSession);
    const res = await post(stranger.cookie, `/api/me/sessions/${ownerSession}/end`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: ME_MESSAGES.noSuchSession, data: null });
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await post(undefined, `/api/me/sessions/${ownerSession}/end`)).statusCode).toBe(401);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await post(owner.cookie, '/api/me/sessions/not-an-id/end')).json()).toEqual({ success: false, message: ME_MESSAGES.sessionId, data: null });
  });

  it('renewing a session keeps its id and device: the owner still recognises it', async () => {
    const l = await createLearner(t.app, t.store);
    const phone = await loginAgain(l, CHROME_ANDROID);
    const before = (await get(phone, '/api/me/sessions')).json().data.find((s: { current: boolean }) => s.current);
    const renewed = await post(phone, '/api/auth/refreshToken');
    expect(renewed.statusCode).toBe(200);
    const fresh = cookieOf(renewed);
    expect(fresh).not.toBe(phone);
    expect((await me(phone)).statusCode).toBe(401);
    const after = (await get(fresh, '/api/me/sessions')).json().data.find((s: { current: boolean }) => s.current);
    expect(after).toMatchObject({ id: before.id, device: 'Chrome en Android', createdAt: before.createdAt });
  });
});
