// The browsers an account signs in from: the device cookie, what the table keeps of it, and the notice its owner
// gets, through a real worker and a real SMTP server on loopback, when a browser the account has not used signs in.
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SEND } from '../../../jobs/email/send-email';
import { count, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, PASSWORD, USER_AGENTS, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import type { App } from '../../app';
import { SESSION_COOKIE } from '../../plugins/auth';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './browsers';
import { accountMailRecipients, NEW_DEVICE_SUBJECT } from './emails';

const PUBLIC_URL = TEST_CONFIG.publicUrl;
const { chromeAndroid: CHROME_ANDROID, safariIphone: SAFARI_IPHONE, firefoxWindows: FIREFOX_WINDOWS } = USER_AGENTS;

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

function login(a: App, email: string, { userAgent, device }: { userAgent?: string; device?: string } = {}) {
  return a.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: userAgent ? { 'user-agent': userAgent } : {},
    cookies: device ? { [DEVICE_COOKIE]: device } : undefined,
  });
}

/** A Set-Cookie line's value and attributes (names lower-cased). */
function setCookie(res: LightMyRequestResponse, name: string) {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const raw = lines.find((line) => line.startsWith(`${name}=`));
  if (!raw) return undefined;
  const [pair, ...parts] = raw.split(';').map((p) => p.trim());
  const attributes = new Map(parts.map((p) => [p.split('=')[0]!.toLowerCase(), p.split('=')[1] ?? '']));
  return { value: decodeURIComponent(pair!.slice(name.length + 1)), attributes, position: lines.indexOf(raw) };
}

const noticeJobs = (userId: string) =>
  db.pool
    .query<{ data: Record<string, unknown> }>(
      "SELECT data FROM pgboss.job WHERE name = $1 AND data->>'kind' = 'new-device' AND data->>'userId' = $2 ORDER BY created_on",
      [EMAIL_SEND, userId],
    )
    .then((r) => r.rows.map((row) => row.data));

const noticesTo = (email: string) => smtp.mailsTo(email).filter(({ mail }) => mail.subject === NEW_DEVICE_SUBJECT);

describe('the device cookie', () => {
  it('a brand-new account: its first login sets a random year-long cookie for the login only, remembers the browser as a hash, and sends no notice', async () => {
    const username = 'Lucía';
    const email = `lucia-${Date.now().toString(36)}@example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, email, password: PASSWORD } })).statusCode).toBe(200);
    const { mail } = await waitFor(() => smtp.mailsTo(email)[0], { what: 'the verification mail' });
    const token = /verify-email\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verifyEmail?token=${token}` })).statusCode).toBe(200);

    const res = await login(t.app, email, { userAgent: CHROME_ANDROID });
    expect(res.statusCode).toBe(200);
    const device = setCookie(res, DEVICE_COOKIE)!;
    expect(device.value).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(device.attributes.has('httponly')).toBe(true);
    expect(device.attributes.get('samesite')).toBe('Lax');
    expect(device.attributes.get('path')).toBe('/api/auth/login');
    expect(device.attributes.get('max-age')).toBe(String(DEVICE_COOKIE_DAYS * 86_400));
    expect(device.attributes.has('secure')).toBe(false);
    // The session cookie comes first (clients that keep only the first cookie keep the session).
    expect(setCookie(res, SESSION_COOKIE)!.position).toBe(0);

    const userId = res.json().data.id as string;
    const { rows } = await db.pool.query('SELECT device_hash, label FROM login_devices WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ device_hash: createHash('sha256').update(`${userId}\u0000${device.value}`).digest(), label: 'Chrome en Android' }]);
    const everything = JSON.stringify((await db.pool.query('SELECT * FROM login_devices')).rows);
    expect(everything).not.toContain(device.value);
    expect(everything).not.toContain('Pixel');
    await mailSettled(db.pool);
    expect(await noticeJobs(userId)).toEqual([]);
    expect(noticesTo(email)).toEqual([]);
  });

  it('is Secure when the session cookie is', async () => {
    const secure = await t.buildApp({ config: { cookieSecure: true, RATE_LIMIT_PER_IP: 10_000 } });
    const learner = await createLearner(t.app, t.store);
    const res = await login(secure, learner.email);
    expect(setCookie(res, SESSION_COOKIE)!.attributes.has('secure')).toBe(true);
    expect(setCookie(res, DEVICE_COOKIE)!.attributes.has('secure')).toBe(true);
  });

  it('one browser, two accounts: the same cookie, unrelated hashes', async () => {
    const [a, b] = [await createLearner(t.app, t.store), await createLearner(t.app, t.store)];
    const device = setCookie(await login(t.app, a.email, { userAgent: FIREFOX_WINDOWS }), DEVICE_COOKIE)!.value;
    expect(setCookie(await login(t.app, b.email, { userAgent: FIREFOX_WINDOWS, device }), DEVICE_COOKIE)!.value).toBe(device);
    const { rows } = await db.pool.query<{ device_hash: Buffer }>('SELECT device_hash FROM login_devices WHERE user_id = ANY ($1) AND label = $2', [
      [a.userId, b.userId],
      'Firefox en Windows',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.device_hash.equals(rows[1]!.device_hash)).toBe(false);
  });
});

describe('«Nuevo inicio de sesión en tu cuenta»', () => {
  let learner: Learner;

  beforeAll(async () => {
    // Its first login (createLearner's) is its first browser.
    learner = await createLearner(t.app, t.store);
  });

  it('a browser the account has not used: a short mail over SMTP with when, which browser, and what to do if it was not them', async () => {
    const before = Date.now();
    const res = await login(t.app, learner.email, { userAgent: SAFARI_IPHONE });
    expect(res.statusCode).toBe(200);
    const { device_id: deviceId } = (
      await db.pool.query("SELECT device_id FROM login_devices WHERE user_id = $1 AND label = 'Safari en iPhone'", [learner.userId])
    ).rows[0];
    // The job names the account and the browser: no address, label, time or cookie.
    expect(await noticeJobs(learner.userId)).toEqual([{ kind: 'new-device', userId: learner.userId, deviceId }]);

    const { mail, rcptTo } = await waitFor(() => noticesTo(learner.email)[0], { what: 'the new-browser notice' });
    expect(rcptTo).toEqual([learner.email]);
    expect(mail.subject).toBe('Nuevo inicio de sesión en tu cuenta');
    const text = mail.text ?? '';
    expect(text).toContain('Dispositivo: Safari en iPhone');
    const when = new Intl.DateTimeFormat('es', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
    expect([when.format(before), when.format(Date.now())].some((w) => text.includes(`Cuándo: ${w} (hora UTC)`))).toBe(true);
    expect(text).toContain('no registramos la ubicación');
    expect(text).toContain('Si no fuiste tú, cambia tu contraseña');
    expect(text).toContain(`${PUBLIC_URL}/recuperar`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/recuperar"`);
    expect(mail.html).toContain('Cambiar mi contraseña');
    expect(mail.html).toContain('Safari en iPhone');
    expect(mail.messageId).toBe(`<${deviceId}@manifiesta.local>`);
  });

  it('the same browser again (its cookie) sends nothing; a cookie the account does not know is a new browser', async () => {
    const first = setCookie(await login(t.app, learner.email, { userAgent: CHROME_ANDROID }), DEVICE_COOKIE)!.value;
    await waitFor(async () => (await noticeJobs(learner.userId)).length === 2, { what: 'the second notice job' });
    for (let i = 0; i < 3; i++) {
      const again = await login(t.app, learner.email, { userAgent: CHROME_ANDROID, device: first });
      expect(again.statusCode).toBe(200);
      // The cookie is kept, and renewed for another year.
      expect(setCookie(again, DEVICE_COOKIE)!.value).toBe(first);
    }
    expect(await noticeJobs(learner.userId)).toHaveLength(2);
    // A well-formed value we never gave this account: remembered as a new browser, with its own notice.
    const planted = 'A'.repeat(43);
    expect(setCookie(await login(t.app, learner.email, { device: planted }), DEVICE_COOKIE)!.value).toBe(planted);
    expect(await noticeJobs(learner.userId)).toHaveLength(3);
    // A malformed one is replaced.
    const replaced = setCookie(await login(t.app, learner.email, { device: 'corta' }), DEVICE_COOKIE)!.value;
    expect(replaced).toMatch(/^[\w-]{43}$/);
  });

  it('at most MAIL_PER_ADDRESS_PER_HOUR notices an hour reach one address, however many new browsers', async () => {
    const busy = await createLearner(t.app, t.store);
    for (let i = 0; i < 6; i++) expect((await login(t.app, busy.email)).statusCode).toBe(200);
    expect(await noticeJobs(busy.userId)).toHaveLength(6);
    await mailSettled(db.pool);
    expect(noticesTo(busy.email)).toHaveLength(TEST_CONFIG.MAIL_PER_ADDRESS_PER_HOUR);
  });

  it('a browser forgotten or an account gone by send time gets no mail', async () => {
    const recipients = accountMailRecipients(db.pool, PUBLIC_URL);
    const { device_id: deviceId } = (await db.pool.query('SELECT device_id FROM login_devices WHERE user_id = $1 LIMIT 1', [learner.userId])).rows[0];
    expect(await recipients.newDevice({ kind: 'new-device', userId: learner.userId, deviceId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      skip: 'no such browser',
    });
    // Another account's browser is not this one's.
    const other = await createLearner(t.app, t.store);
    expect(await recipients.newDevice({ kind: 'new-device', userId: other.userId, deviceId })).toEqual({ skip: 'no such browser' });
    expect(await recipients.newDevice({ kind: 'new-device', userId: '00000000-0000-4000-8000-000000000001', deviceId })).toEqual({ skip: 'no such account' });
  });

  it('no mail job holds an address, a label or a cookie', async () => {
    const { rows } = await db.pool.query<{ t: string }>("SELECT coalesce(string_agg(data::text, E'\\n'), '') AS t FROM pgboss.job WHERE name LIKE 'email.%'");
    expect(rows[0]!.t).not.toMatch(/@example\.com|Safari|Chrome|Android/);
    expect(await count(db.pool, "SELECT count(*) AS n FROM pgboss.job WHERE data->>'kind' = 'new-device'")).toBeGreaterThan(5);
  });
});
