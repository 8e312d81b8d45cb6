// /api/auth/* against a real PostgreSQL, real pg-boss workers and a real SMTP server on loopback.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideGrantRole, decideRevokeRole, evolveAccount, initialAccountState } from '../../../events/accounts/accounts';
import { learnerStreamId, ROLES } from '../../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../../events/registry';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { rebuildProjections } from '../../../events/store/reader';
import { count, countEmailJobs, countEvents, mailDeps, mailSettled, TEST_CONFIG, waitFor } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { addresses, startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import type { App, AppConfig } from '../../app';
import { composeRuntime, type Runtime } from '../../runtime';
import { MESSAGES } from '../../http';
import { NO_SESSION_MESSAGE, SESSION_COOKIE } from '../../plugins/auth';
import { CROSS_SITE_MESSAGE } from '../../plugins/same-origin';
import { DEVICE_COOKIE } from './browsers';
import { AUTH_MESSAGES, tooManyFailuresMessage } from './routes';
import { tokenHash } from './secrets';

const FROM = 'Manifiesta <hola@manifiesta.local>';
const PUBLIC_URL = TEST_CONFIG.publicUrl;
const PER_CLIENT = 3;
/**
 * The main app: per-address limits no test reaches (requests, and failed logins across accounts), a low limit of
 * failures per account and client (throttle.int.test.ts tests the others over real sockets).
 */
const CONFIG: AppConfig = {
  ...TEST_CONFIG,
  RATE_LIMIT_PER_IP: 10_000,
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: 10_000,
  RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: PER_CLIENT,
};
const MAX_AGE = String(TEST_CONFIG.SESSION_MAX_DAYS * 24 * 3600);
/** zod's or Fastify's own English words, which must never reach a user. */
const ENGLISH = /\b(Invalid|Expected|Required|Unrecognized|Unexpected|must|should)\b/;

let db: TestDatabase;
let smtp: SmtpCapture;
let runtime: Runtime;
let store: EventStore;
let app: App;
let outboxDir: string;
/** Every line the main app and the mail worker logged (pino JSON lines). */
const logLines: string[] = [];

/** Every secret and address the tests used or saw, for the leak checks at the end. */
const seen = { passwords: new Set<string>(), tokens: new Set<string>(), cookies: new Set<string>(), emails: new Set<string>() };

async function makeApp(overrides: Partial<AppConfig> = {}, logger: Logger = pino({ level: 'silent' })): Promise<App> {
  return runtime.buildApp({ config: { ...CONFIG, ...overrides }, logger });
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-auth-outbox-'));
  db = await createTestDatabase();
  runtime = await composeRuntime({ config: TEST_CONFIG, database: db, log: pino({ level: 'silent' }) });
  store = runtime.store;
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  app = await makeApp({}, logger);
  await runtime.jobs.startWorkers({ smtpUrl: smtp.url, from: FROM, outboxDir, log: logger, ...mailDeps(db) });
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Helpers

type Response = LightMyRequestResponse;
interface RequestOptions {
  headers?: Record<string, string>;
  cookie?: string;
  remoteAddress?: string;
}

let counter = 0;
// Letters only: a name is letters (no digits), and the same string also makes e-mail addresses and passwords.
const unique = (prefix: string) => `${prefix}${String(++counter).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
const newUser = (prefix: string) => {
  const username = unique(prefix);
  return { username, email: `${username}@example.com`, password: `clave-segura-${username}` };
};
type Credentials = ReturnType<typeof newUser>;

function post(a: App, url: string, payload?: object, { headers, cookie, remoteAddress }: RequestOptions = {}) {
  return a.inject({ method: 'POST', url, payload, headers, remoteAddress, cookies: cookie === undefined ? undefined : { [SESSION_COOKIE]: cookie } });
}

function signup(a: App, body: Record<string, unknown>, options?: RequestOptions) {
  if (typeof body.password === 'string') seen.passwords.add(body.password);
  if (typeof body.email === 'string') seen.emails.add(body.email.trim().toLowerCase());
  return post(a, '/api/auth/signup', body, options);
}

async function login(a: App, email: string, password: string, options?: RequestOptions) {
  seen.passwords.add(password);
  seen.emails.add(email.trim().toLowerCase());
  const res = await post(a, '/api/auth/login', { email, password }, options);
  // The device cookie is a secret too: the leak checks at the end look for it.
  const device = setCookieHeaders(res).find((h) => h.startsWith(`${DEVICE_COOKIE}=`));
  if (device) seen.cookies.add(decodeURIComponent(device.slice(DEVICE_COOKIE.length + 1).split(';')[0]!));
  return res;
}

const resend = (a: App, email: string, options?: RequestOptions) => {
  seen.emails.add(email.trim().toLowerCase());
  return post(a, '/api/auth/resendVerification', { email }, options);
};

const verifyEmail = (a: App, token: string) => a.inject({ method: 'GET', url: `/api/auth/verifyEmail?token=${encodeURIComponent(token)}` });

const whoAmI = (a: App, cookie?: string) =>
  a.inject({ method: 'GET', url: '/api/auth/verifyToken', cookies: cookie === undefined ? undefined : { [SESSION_COOKIE]: cookie } });

function setCookieHeaders(res: Response): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** The raw mf_session Set-Cookie line, its value and its attributes (names lower-cased). */
function sessionCookie(res: Response) {
  const raw = setCookieHeaders(res).find((h) => h.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) return undefined;
  const [pair, ...parts] = raw.split(';').map((p) => p.trim());
  const value = decodeURIComponent(pair!.slice(SESSION_COOKIE.length + 1));
  const attributes = new Map(
    parts.map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [p.toLowerCase(), ''] : [p.slice(0, eq).toLowerCase(), p.slice(eq + 1)];
    }) as Array<[string, string]>,
  );
  if (value) seen.cookies.add(value);
  return { raw, value, attributes };
}

function requireSessionCookie(res: Response) {
  const cookie = sessionCookie(res);
  if (!cookie?.value) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}

const LINK = new RegExp(`${PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/verify-email\\?token=([A-Za-z0-9_%-]+)`);

function linkIn(text: string | undefined): { link: string; token: string } {
  const match = LINK.exec(text ?? '');
  if (!match) throw new Error(`no verification link in: ${text}`);
  const token = decodeURIComponent(match[1]!);
  seen.tokens.add(token);
  return { link: match[0], token };
}

/** The token of the first verification mail delivered to `email` (the job holds none: the worker issues it). */
async function deliveredToken(email: string): Promise<string> {
  const { mail } = await waitFor(() => smtp.mailsTo(email)[0], { what: `the verification mail to ${email}` });
  return linkIn(mail.text).token;
}

async function signedUp(a: App = app, prefix = 'user'): Promise<Credentials> {
  const user = newUser(prefix);
  const res = await signup(a, user);
  expect(res.statusCode).toBe(200);
  return user;
}

async function verifiedUser(prefix = 'verified'): Promise<Credentials> {
  const user = await signedUp(app, prefix);
  expect((await verifyEmail(app, await deliveredToken(user.email))).statusCode).toBe(200);
  return user;
}

async function userRow(email: string) {
  const { rows } = await db.pool.query('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] as
    { user_id: string; username: string; email: string; roles: number[]; email_verified_at: Date | null; profile_image: string | null } | undefined;
}

async function eventTypes(userId: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [learnerStreamId(userId)]);
  return rows.map((r) => r.type);
}

const sessionsOf = (userId: string) => count(db.pool, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [userId]);

/** Everything a refused write must leave untouched. */
async function writes() {
  await mailSettled(db.pool);
  return {
    events: await countEvents(db.pool),
    users: await count(db.pool, 'SELECT count(*) AS n FROM users'),
    credentials: await count(db.pool, 'SELECT count(*) AS n FROM password_credentials'),
    tokens: await count(db.pool, 'SELECT count(*) AS n FROM email_verification_tokens'),
    sessions: await count(db.pool, 'SELECT count(*) AS n FROM sessions'),
    jobs: await countEmailJobs(db.pool),
    leads: await count(db.pool, 'SELECT count(*) AS n FROM leads'),
  };
}

const failure = (message: string) => ({ success: false, message, data: null });

// ---------------------------------------------------------------------------------------------------

describe('the account journey', () => {
  it('signup → verification mail over SMTP → verify → login → who-am-I → refresh → logout', async () => {
    const email = 'Journey.User@Example.COM';
    const lower = email.toLowerCase();
    const username = 'Journey-User';
    const password = 'una clave muy secreta 1';
    const jobsBefore = await countEmailJobs(db.pool);

    // Signup: the Spanish confirmation, no session.
    const registered = await signup(app, { username, email, password });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered, data: null });
    expect(setCookieHeaders(registered)).toEqual([]);
    expect(await countEmailJobs(db.pool)).toBe(jobsBefore + 1);
    const row = await userRow(email);
    expect(row).toMatchObject({ username, email: lower, roles: [], profile_image: null, email_verified_at: null });
    const userId = row!.user_id;
    expect(await eventTypes(userId)).toEqual(['UserRegistered']);
    expect(await sessionsOf(userId)).toBe(0);

    // The verification mail, delivered by the worker to the SMTP server.
    const { mail, rcptTo } = await waitFor(() => smtp.mailsTo(email)[0], { what: 'the verification mail at the SMTP server' });
    expect(rcptTo).toEqual([lower]);
    expect(addresses(mail.to).map((a) => a.toLowerCase())).toEqual([lower]);
    expect(addresses(mail.from)).toEqual(['hola@manifiesta.local']);
    expect(mail.subject).toBe('Activa tu cuenta de Manifiesta');
    expect(mail.text).toContain(`¡Hola, ${username}!`);
    expect(mail.text).toContain('24 horas');
    const { link, token } = linkIn(mail.text);
    expect(link).toBe(`${PUBLIC_URL}/verify-email?token=${token}`);
    expect(token).toMatch(/^[\w-]{43}$/); // 256 random bits, base64url
    expect(typeof mail.html).toBe('string');
    const html = mail.html as string;
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Activar mi cuenta');
    expect(html).toContain(`¡Hola, ${username}!`);
    // The token is stored only as its hash.
    expect(await count(db.pool, 'SELECT count(*) AS n FROM email_verification_tokens WHERE token_hash = $1 AND user_id = $2', [tokenHash(token), userId])).toBe(
      1,
    );

    // Opening the link.
    const verified = await verifyEmail(app, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: AUTH_MESSAGES.verified, data: null });
    expect((await userRow(email))!.email_verified_at).toBeInstanceOf(Date);
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'EmailVerified']);
    const { rows: meta } = await db.pool.query('SELECT type, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [learnerStreamId(userId)]);
    expect(meta[0].metadata).toMatchObject({ actor: 'visitor' });
    expect(meta[1].metadata).toMatchObject({ actor: userId });

    // Login: the user and an httpOnly, SameSite=Lax session cookie, not Secure over plain http.
    const loggedIn = await login(app, email, password);
    expect(loggedIn.statusCode).toBe(200);
    const user = { id: userId, username, email: lower, profileImage: null, roles: [] };
    // With the session's times, for the browser to renew it in time: a new session has all SESSION_MAX_DAYS left.
    const fresh = { expiresInSeconds: TEST_CONFIG.SESSION_MAX_DAYS * 86400, idleTimeoutSeconds: TEST_CONFIG.SESSION_IDLE_HOURS * 3600 };
    expect(loggedIn.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedIn, data: { ...user, session: fresh } });
    const first = requireSessionCookie(loggedIn);
    expect(first.value).toMatch(/^[\w-]{43}$/);
    expect(first.attributes.has('httponly')).toBe(true);
    expect(first.attributes.get('samesite')).toBe('Lax');
    expect(first.attributes.get('path')).toBe('/');
    expect(first.attributes.get('max-age')).toBe(MAX_AGE);
    expect(first.attributes.has('secure')).toBe(false);
    expect(first.attributes.has('domain')).toBe(false);
    // The session row holds the hash, with an absolute expiry SESSION_MAX_DAYS ahead.
    const { rows: sessions } = await db.pool.query<{ days: number }>(
      'SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM sessions WHERE token_hash = $1 AND user_id = $2',
      [tokenHash(first.value), userId],
    );
    expect(sessions).toHaveLength(1);
    expect(Number(sessions[0]!.days)).toBeCloseTo(TEST_CONFIG.SESSION_MAX_DAYS, 1);

    // Who am I.
    const me = await whoAmI(app, first.value);
    expect(me.statusCode).toBe(200);
    const { session: times, ...meUser } = me.json().data;
    expect(me.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.me });
    expect(meUser).toEqual(user);
    expect(times.idleTimeoutSeconds).toBe(fresh.idleTimeoutSeconds);
    expect(times.expiresInSeconds).toBeGreaterThan(fresh.expiresInSeconds - 60);
    expect(times.expiresInSeconds).toBeLessThanOrEqual(fresh.expiresInSeconds);

    // Refresh: a new cookie; the old one stops working.
    const refreshed = await post(app, '/api/auth/refreshToken', undefined, { cookie: first.value });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ success: true, message: AUTH_MESSAGES.refreshed, data: { ...user, session: fresh } });
    const second = requireSessionCookie(refreshed);
    expect(second.value).not.toBe(first.value);
    expect(second.attributes.has('httponly')).toBe(true);
    expect(second.attributes.get('samesite')).toBe('Lax');
    expect(second.attributes.get('max-age')).toBe(MAX_AGE);
    expect((await whoAmI(app, first.value)).statusCode).toBe(401);
    expect((await post(app, '/api/auth/refreshToken', undefined, { cookie: first.value })).statusCode).toBe(401);
    expect((await whoAmI(app, second.value)).json().data).toMatchObject(user);
    expect(await sessionsOf(userId)).toBe(1);

    // Logout: the cookie is cleared and the session is gone on the server.
    const loggedOut = await post(app, '/api/auth/logout', undefined, { cookie: second.value });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut, data: null });
    const cleared = sessionCookie(loggedOut);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    const expires = cleared!.attributes.get('expires');
    expect(cleared!.attributes.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now())).toBe(true);
    expect(cleared!.attributes.get('path')).toBe('/');
    expect(await sessionsOf(userId)).toBe(0);
    const after = await whoAmI(app, second.value);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(failure(NO_SESSION_MESSAGE));
  });

  it('a new login with a session cookie ends that session', async () => {
    const user = await verifiedUser('relogin');
    const a = requireSessionCookie(await login(app, user.email, user.password));
    const b = requireSessionCookie(await login(app, user.email, user.password, { cookie: a.value }));
    expect(b.value).not.toBe(a.value);
    expect((await whoAmI(app, a.value)).statusCode).toBe(401);
    expect((await whoAmI(app, b.value)).statusCode).toBe(200);
  });

  it('sets a Secure cookie (login and logout) when config.cookieSecure is true', async () => {
    const secureApp = await makeApp({ cookieSecure: true });
    const user = await verifiedUser('secure');
    const res = await login(secureApp, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const cookie = requireSessionCookie(res);
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    const out = await post(secureApp, '/api/auth/logout', undefined, { cookie: cookie.value });
    expect(sessionCookie(out)!.attributes.has('secure')).toBe(true);
  });
});

describe('verification', () => {
  it('login before verification → 403; resend sends a new mail whose link works', async () => {
    const user = await signedUp(app, 'pending');
    const userId = (await userRow(user.email))!.user_id;
    const firstMail = await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the first verification mail' });
    const firstToken = linkIn(firstMail.mail.text).token;

    const early = await login(app, user.email, user.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual(failure(AUTH_MESSAGES.notVerified));
    expect(setCookieHeaders(early)).toEqual([]);
    expect(await sessionsOf(userId)).toBe(0);

    // The address in another case still finds the account.
    const jobsBefore = await countEmailJobs(db.pool);
    const again = await resend(app, user.email.toUpperCase());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: AUTH_MESSAGES.resent, data: null });
    expect(await countEmailJobs(db.pool)).toBe(jobsBefore + 1);
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'VerificationRequested']);

    const second = await waitFor(() => smtp.mailsTo(user.email)[1], { what: 'the second verification mail' });
    expect(second.mail.subject).toBe('Activa tu cuenta de Manifiesta');
    expect(second.mail.html).toContain('Activar mi cuenta');
    const { token } = linkIn(second.mail.text);
    expect(token).not.toBe(firstToken);

    const verified = await verifyEmail(app, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(AUTH_MESSAGES.verified);
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'VerificationRequested', 'EmailVerified']);
    const ok = await login(app, user.email, user.password);
    expect(ok.statusCode).toBe(200);
    requireSessionCookie(ok);
  });

  it('resend for an unknown address and for a verified account: the same 200, no event, no job, no mail', async () => {
    const verified = await verifiedUser('resendverified');
    await waitFor(() => smtp.mailsTo(verified.email)[0], { what: 'the verified account’s signup mail' });
    const unknown = unique('nobody') + '@example.com';
    const before = await writes();

    const forUnknown = await resend(app, unknown);
    const forVerified = await resend(app, verified.email);
    for (const res of [forUnknown, forVerified]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resent, data: null });
    }
    expect(await writes()).toEqual(before);

    // A mail queued afterwards arrives: the worker is running, and nothing went to either address.
    const marker = await signedUp(app, 'marker');
    await waitFor(() => smtp.mailsTo(marker.email)[0], { what: 'the marker mail' });
    expect(smtp.mailsTo(unknown)).toHaveLength(0);
    expect(smtp.mailsTo(verified.email)).toHaveLength(1);
  });

  it('refuses a resend with a malformed address (400, Spanish)', async () => {
    const before = await writes();
    const res = await resend(app, 'no-es-un-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.email));
    expect(await writes()).toEqual(before);
  });
});

describe('the way back: a redirect carried through the verification mail', () => {
  const ACTIVITY = '/cursos/manifiesta/12-areas-balance';

  /** The job's payload as queued: what a mail job may carry about a person. */
  async function queuedPayload(email: string): Promise<Record<string, unknown>> {
    const { rows } = await db.pool.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'userId' = $1 ORDER BY created_on DESC LIMIT 1`,
      [(await userRow(email))!.user_id],
    );
    return rows[0]!.data;
  }

  it('signup with a redirect: the link brings it back, after the token, and the job carries the account id and the path only', async () => {
    const user = newUser('wayback');
    expect((await signup(app, { ...user, redirect: ACTIVITY })).statusCode).toBe(200);
    const { mail } = await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the verification mail with a redirect' });
    const { token } = linkIn(mail.text);
    const link = `${PUBLIC_URL}/verify-email?token=${token}&redirect=${ACTIVITY}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(new URL(link).searchParams.get('redirect')).toBe(ACTIVITY);
    // The account's id and the path: the worker builds the link (and its token) when it sends.
    expect(await queuedPayload(user.email)).toEqual({ kind: 'account-verification', userId: (await userRow(user.email))!.user_id, redirect: ACTIVITY });
  });

  it('a path with a query keeps its query, encoded inside the link', async () => {
    const user = newUser('waybackquery');
    const redirect = '/confirmacion-pago?product_id=manifiesta-curso-completo&status=approved';
    expect((await signup(app, { ...user, redirect })).statusCode).toBe(200);
    const { mail } = await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the verification mail with a query in its redirect' });
    const link = /https?:\/\/\S*\/verify-email\?\S+/.exec(mail.text ?? '')![0];
    expect(new URL(link).searchParams.get('redirect')).toBe(redirect);
  });

  it('resend with a redirect: the new link carries it too', async () => {
    const user = await signedUp(app, 'waybackresend');
    expect((await resend(app, user.email)).statusCode).toBe(200);
    expect((await post(app, '/api/auth/resendVerification', { email: user.email, redirect: ACTIVITY })).statusCode).toBe(200);
    const { mail } = await waitFor(() => smtp.mailsTo(user.email).find(({ mail: m }) => m.text?.includes('redirect=')), {
      what: 'the resent mail with a redirect',
    });
    expect(mail.text).toMatch(new RegExp(`/verify-email\\?token=[\\w-]+&redirect=${ACTIVITY}\\s`));
  });

  it.each([
    ['another host', '//evil.com'],
    ['an absolute URL', 'https://evil.com/cursos/manifiesta'],
    ['a backslash', '/\\evil.com'],
    ['an encoded slash', '/%2F%2Fevil.com'],
    ['a doubly encoded slash', '/%252F%252Fevil.com'],
    ['a control character', '/menu\r\nX: y'],
    ['the login page', '/login'],
    ['a number', 42],
    ['something too long', `/${'a'.repeat(600)}`],
  ])('refuses a redirect to %s: 400 in Spanish, nothing written, no mail', async (_, redirect) => {
    const before = await writes();
    const res = await signup(app, { ...newUser('evil'), redirect });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.redirect));
    expect(await writes()).toEqual(before);
    const resent = await post(app, '/api/auth/resendVerification', { email: 'alguien@example.com', redirect });
    expect(resent.statusCode).toBe(400);
    expect(resent.json()).toEqual(failure(AUTH_MESSAGES.redirect));
  });
});

describe('verification tokens', () => {
  it('a token used once → 400 tokenUsed, and nothing more is recorded', async () => {
    const user = await signedUp(app, 'reuse');
    const token = await deliveredToken(user.email);
    expect((await verifyEmail(app, token)).statusCode).toBe(200);
    const before = await writes();
    const res = await verifyEmail(app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.tokenUsed));
    expect(await writes()).toEqual(before);
  });

  it('an expired token → 400 tokenExpired, and the account stays unverified', async () => {
    const user = await signedUp(app, 'expired');
    const token = await deliveredToken(user.email);
    const { rowCount } = await db.pool.query("UPDATE email_verification_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      tokenHash(token),
    ]);
    expect(rowCount).toBe(1);
    const res = await verifyEmail(app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.tokenExpired));
    const row = await userRow(user.email);
    expect(row!.email_verified_at).toBeNull();
    expect(await eventTypes(row!.user_id)).toEqual(['UserRegistered']);
    expect((await login(app, user.email, user.password)).statusCode).toBe(403);
  });

  it('a garbage or over-long token → 400 tokenInvalid', async () => {
    const before = await writes();
    for (const token of ['garbage', 'A'.repeat(43), 'x'.repeat(201)]) {
      const res = await verifyEmail(app, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(AUTH_MESSAGES.tokenInvalid));
    }
    expect(await writes()).toEqual(before);
  });

  it('a missing or empty token → 400 tokenMissing', async () => {
    for (const url of ['/api/auth/verifyEmail', '/api/auth/verifyEmail?token=', '/api/auth/verifyEmail?_=1700000000000']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(AUTH_MESSAGES.tokenMissing));
    }
  });
});

describe('duplicate accounts', () => {
  /** The mail jobs queued for an account, by kind. */
  const mailKindsFor = async (userId: string) =>
    (
      await db.pool.query<{ kind: string }>("SELECT data->>'kind' AS kind FROM pgboss.job WHERE name = 'email.send' AND data->>'userId' = $1 ORDER BY 1", [
        userId,
      ])
    ).rows.map((r) => r.kind);

  // An existing address used to get 409 "Ya existe una cuenta con ese email": whoever typed any address learnt
  // whether it had an account. Now the answer is a new signup's, and only the owner hears of it.
  it('the same e-mail in another case answers as a new signup, writes no account and queues one note to the owner', async () => {
    const original = await signedUp(app, 'Dupe');
    const ownerId = (await userRow(original.email))!.user_id;
    const before = await writes();

    const sameEmail = await signup(app, { username: unique('other'), email: original.email.toUpperCase(), password: 'otra-clave-larga' });
    expect(sameEmail.statusCode).toBe(200);
    expect(sameEmail.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered, data: null });
    expect(setCookieHeaders(sameEmail)).toEqual([]);
    expect(await writes()).toEqual({ ...before, jobs: before.jobs + 1 });
    expect(await mailKindsFor(ownerId)).toEqual(['account-verification', 'signup-attempt']);
  });

  it('the same attempt retried with its Idempotency-Key answers 200 again and queues the owner one note', async () => {
    const original = await signedUp(app, 'Again');
    const ownerId = (await userRow(original.email))!.user_id;
    const body = { username: unique('again'), email: original.email, password: 'otra-clave-larga' };
    const headers = { 'idempotency-key': `signup-${unique('key')}` };
    const first = await signup(app, body, { headers });
    const again = await signup(app, body, { headers });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await mailKindsFor(ownerId)).toEqual(['account-verification', 'signup-attempt']);
  });

  it('a name in use is no obstacle: display names are not unique (login is by e-mail), in any case', async () => {
    const original = await signedUp(app, 'Compartido');
    for (const username of [original.username, original.username.toUpperCase()]) {
      const email = unique('fresh') + '@example.com';
      const res = await signup(app, { username, email, password: 'otra-clave-larga' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await userRow(email))!.username).toBe(username);
    }
  });

  it('two concurrent signups with the same e-mail: both answer 200, one account, one UserRegistered, and the owner hears of the other', async () => {
    const email = unique('race') + '@example.com';
    const before = await writes();
    const results = await Promise.all([
      signup(app, { username: unique('racer'), email, password: 'clave-de-carrera-1' }),
      signup(app, { username: unique('racer'), email: email.toUpperCase(), password: 'clave-de-carrera-2' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const r of results) expect(r.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered, data: null });

    const registered = await openedEvents(db.pool, "type = 'UserRegistered'");
    expect(registered.filter((e) => (e.data as { email: string }).email === email)).toHaveLength(1);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM users WHERE lower(email) = $1', [email])).toBe(1);
    const after = await writes();
    expect(after.events).toBe(before.events + 1);
    expect(after.credentials).toBe(before.credentials + 1);
    // The winner's verification mail and the note about the other attempt; the loser's hash rolled back with its events.
    expect(await mailKindsFor((await userRow(email))!.user_id)).toEqual(['account-verification', 'signup-attempt']);
    expect(after.jobs).toBe(before.jobs + 2);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM password_credentials p WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.user_id = p.user_id)')).toBe(
      0,
    );
    expect(
      await count(db.pool, 'SELECT count(*) AS n FROM email_verification_tokens t WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.user_id = t.user_id)'),
    ).toBe(0);
  });

  it('a signup retried with the same Idempotency-Key answers 200 again and writes once (one account, one mail)', async () => {
    const body = { username: unique('retry'), email: unique('retry') + '@example.com', password: 'clave-reintento-1' };
    const headers = { 'idempotency-key': `signup-${unique('key')}` };
    const before = await writes();
    const first = await signup(app, body, { headers });
    const again = await signup(app, body, { headers });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    const after = await writes();
    expect(after.events).toBe(before.events + 1);
    expect(after.credentials).toBe(before.credentials + 1);
    expect(await mailKindsFor((await userRow(body.email))!.user_id)).toEqual(['account-verification']);
  });

  it('two concurrent signups with the same name (other case): two accounts', async () => {
    const username = unique('Gemela');
    const results = await Promise.all([
      signup(app, { username, email: unique('twin-a') + '@example.com', password: 'clave-gemela-1' }),
      signup(app, { username: username.toLowerCase(), email: unique('twin-b') + '@example.com', password: 'clave-gemela-2' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const registered = await openedEvents(db.pool, "type = 'UserRegistered'");
    expect(registered.filter((e) => (e.data as { username: string }).username.toLowerCase() === username.toLowerCase())).toHaveLength(2);
  });

  it('names of any language, with spaces, apostrophes and hyphens, are taken as typed (trimmed, spaces made one)', async () => {
    for (const [typed, stored] of [
      ['María José', 'María José'],
      ["O'Brien", "O'Brien"],
      ['Ana-Lucía', 'Ana-Lucía'],
      ['Zoë', 'Zoë'],
      ['  Ana   Lucía ', 'Ana Lucía'],
    ]) {
      const email = unique('nombre') + '@example.com';
      const res = await signup(app, { username: typed, email, password: 'clave-del-nombre-1' });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect((await userRow(email))!.username).toBe(stored);
    }
  });
});

describe('signup validation: 400 in Spanish, nothing written', () => {
  const valid = () => ({ username: unique('valid'), email: unique('valid') + '@example.com', password: 'clave-valida-123' });
  const without = (key: string) => {
    const body: Record<string, unknown> = valid();
    delete body[key];
    return body;
  };
  const cases: Array<{ name: string; body: () => Record<string, unknown>; message: string }> = [
    { name: 'missing password', body: () => without('password'), message: AUTH_MESSAGES.fillAll },
    { name: 'missing username', body: () => without('username'), message: AUTH_MESSAGES.fillAll },
    { name: 'missing e-mail', body: () => without('email'), message: AUTH_MESSAGES.fillAll },
    { name: 'blank username', body: () => ({ ...valid(), username: '   ' }), message: AUTH_MESSAGES.fillAll },
    { name: 'empty body', body: () => ({}), message: AUTH_MESSAGES.fillAll },
    { name: 'a password of 7 characters', body: () => ({ ...valid(), password: 'corta12' }), message: AUTH_MESSAGES.passwordShort },
    { name: 'a password of 257 bytes', body: () => ({ ...valid(), password: 'a'.repeat(257) }), message: AUTH_MESSAGES.passwordLong },
    { name: 'a password of 129 characters but 258 bytes', body: () => ({ ...valid(), password: 'ñ'.repeat(129) }), message: AUTH_MESSAGES.passwordLong },
    { name: 'a bad e-mail', body: () => ({ ...valid(), email: 'ana@example' }), message: AUTH_MESSAGES.email },
    { name: 'an e-mail with a space', body: () => ({ ...valid(), email: 'ana maria@example.com' }), message: AUTH_MESSAGES.email },
    { name: 'a one-letter username', body: () => ({ ...valid(), username: 'a' }), message: AUTH_MESSAGES.username },
    { name: 'a name of digits only', body: () => ({ ...valid(), username: '12345' }), message: AUTH_MESSAGES.username },
    { name: 'a name of 41 characters', body: () => ({ ...valid(), username: 'u'.repeat(41) }), message: AUTH_MESSAGES.username },
    { name: 'a name with markup', body: () => ({ ...valid(), username: '<b>' }), message: AUTH_MESSAGES.username },
    { name: 'a name like a domain', body: () => ({ ...valid(), username: 'evil.example' }), message: AUTH_MESSAGES.username },
    { name: 'an unknown field', body: () => ({ ...valid(), confirmPassword: 'clave-valida-123' }), message: 'Campo no permitido: confirmPassword.' },
    { name: 'a roles field (strict body)', body: () => ({ ...valid(), roles: [7] }), message: 'Campo no permitido: roles.' },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const body = c.body();
      const before = await writes();
      const res = await signup(app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(c.message));
      expect(res.json().message).not.toMatch(ENGLISH);
      expect(setCookieHeaders(res)).toEqual([]);
      expect(await writes()).toEqual(before);
      if (typeof body.email === 'string') expect(await userRow(body.email)).toBeUndefined();
    });
  }

  it('no RoleGranted event exists after a signup that asked for roles', async () => {
    const body = { ...valid(), roles: [ROLES.premium] };
    expect((await signup(app, body)).statusCode).toBe(400);
    expect(await count(db.pool, "SELECT count(*) AS n FROM events WHERE type = 'RoleGranted'")).toBe(0);
    expect(await count(db.pool, "SELECT count(*) AS n FROM users WHERE roles <> '{}'")).toBe(0);
  });

  it('accepts a password of exactly 256 bytes and 8 characters (the bounds are inclusive)', async () => {
    for (const password of ['b'.repeat(256), 'justo8ch']) {
      const res = await signup(app, { ...valid(), password });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a login without password with fillBoth', async () => {
    const res = await post(app, '/api/auth/login', { email: 'ana@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(AUTH_MESSAGES.fillBoth));
  });
});

describe('login failures', () => {
  it('a wrong password and an unknown e-mail get the same 401 answer and no cookie', async () => {
    const user = await verifiedUser('wrongpw');
    const wrong = await login(app, user.email, 'no-es-la-clave');
    const unknown = await login(app, unique('ghost') + '@example.com', user.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(failure(AUTH_MESSAGES.badCredentials));
      expect(setCookieHeaders(res)).toEqual([]);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  // An account used to be locked for everyone after a few failures from anywhere, the right password included, so
  // that anyone could keep its owner out. Now a failing client waits, and only that client.
  it(`after ${PER_CLIENT} failures one address waits (429, Retry-After), even with the right password; the owner elsewhere gets in at once`, async () => {
    const user = await verifiedUser('slowed');
    const userId = (await userRow(user.email))!.user_id;
    const guesser = '192.0.2.21';
    for (let i = 0; i < PER_CLIENT; i++) {
      // The count is per account whatever the case of the address.
      const res = await login(app, i % 2 ? user.email.toUpperCase() : user.email, `mala-${i}-clave`, { remoteAddress: guesser });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(AUTH_MESSAGES.badCredentials);
    }
    const slowed = await login(app, user.email, user.password, { remoteAddress: guesser });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toEqual(failure('Demasiados intentos fallidos. Espera 1 segundo y vuelve a intentarlo.'));
    expect(setCookieHeaders(slowed)).toEqual([]);
    expect(await sessionsOf(userId)).toBe(0);

    // The owner, from an address that has not been failing.
    const owner = await login(app, user.email, user.password, { remoteAddress: '192.0.2.22' });
    expect(owner.statusCode).toBe(200);
    requireSessionCookie(owner);

    // Once its wait has passed, the right password works from the failing address too.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await login(app, user.email, user.password, { remoteAddress: guesser })).statusCode).toBe(200);
  });

  it('an address with no account is slowed exactly like one with an account: same status, body and Retry-After', async () => {
    const user = await verifiedUser('twinslow');
    const ghost = unique('ghostslow') + '@example.com';
    const answers: Response[] = [];
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < PER_CLIENT; i++) expect((await login(app, email, 'una-clave-mala', { remoteAddress: '192.0.2.23' })).statusCode).toBe(401);
      answers.push(await login(app, email, 'una-clave-mala', { remoteAddress: '192.0.2.23' }));
    }
    const [known, unknown] = answers as [Response, Response];
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('says the wait in seconds, then in minutes', () => {
    expect(tooManyFailuresMessage(1)).toBe('Demasiados intentos fallidos. Espera 1 segundo y vuelve a intentarlo.');
    expect(tooManyFailuresMessage(32)).toBe('Demasiados intentos fallidos. Espera 32 segundos y vuelve a intentarlo.');
    expect(tooManyFailuresMessage(60)).toBe('Demasiados intentos fallidos. Espera 1 minuto y vuelve a intentarlo.');
    expect(tooManyFailuresMessage(900)).toBe('Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo.');
  });

  it('a successful login clears the failure count', async () => {
    const user = await verifiedUser('clears');
    for (let i = 0; i < PER_CLIENT - 1; i++) expect((await login(app, user.email, 'equivocada-1')).statusCode).toBe(401);
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < PER_CLIENT - 1; i++) expect((await login(app, user.email, 'equivocada-2')).statusCode).toBe(401);
    // Without the reset this would be failure number 2 × (PER_CLIENT - 1) ≥ PER_CLIENT: a 429.
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    requireSessionCookie(res);
  });
});

describe('per-IP rate limit (RATE_LIMIT_PER_IP = 3)', () => {
  let limited: App;
  const tooMany = failure(MESSAGES.tooManyRequests);

  beforeAll(async () => {
    limited = await makeApp({ RATE_LIMIT_PER_IP: 3 });
  });

  it('the 4th signup within a minute → 429 in Spanish, and it writes nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await signup(limited, newUser('ipsignup'))).statusCode).toBe(200);
    const fourth = newUser('ipsignup');
    const before = await writes();
    const res = await signup(limited, fourth);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
    expect(await writes()).toEqual(before);
    expect(await userRow(fourth.email)).toBeUndefined();
    // Another client address has its own allowance.
    expect((await signup(limited, fourth, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
  });

  it('the 4th login within a minute → 429, even with the right password', async () => {
    const user = await verifiedUser('iplogin');
    for (let i = 0; i < 3; i++) expect((await login(limited, unique('iplogin-ghost') + '@example.com', 'clave-cualquiera')).statusCode).toBe(401);
    const res = await login(limited, user.email, user.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
    expect(setCookieHeaders(res)).toEqual([]);
    expect(await sessionsOf((await userRow(user.email))!.user_id)).toBe(0);
    expect((await login(limited, user.email, user.password, { remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
  });

  it('the 4th resend within a minute → 429', async () => {
    for (let i = 0; i < 3; i++) expect((await resend(limited, unique('ipresend') + '@example.com')).statusCode).toBe(200);
    const res = await resend(limited, unique('ipresend') + '@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
  });

  it('routes without a limit are not affected', async () => {
    for (let i = 0; i < 5; i++) expect((await whoAmI(limited)).statusCode).toBe(401);
  });

  // The app may face clients directly (docker-compose): X-Forwarded-For is only believed with TRUST_PROXY.
  it('a forged X-Forwarded-For header does not escape the per-IP limit', async () => {
    const attacker = '198.51.100.7';
    for (let i = 0; i < 3; i++) await resend(limited, unique('spoof') + '@example.com', { remoteAddress: attacker });
    const forged = await resend(limited, unique('spoof') + '@example.com', { remoteAddress: attacker, headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(forged.statusCode).toBe(429);
  });
});

describe('cross-site requests (CSRF)', () => {
  const routes = [
    { url: '/api/auth/login', body: () => ({ email: 'cross@example.com', password: 'clave-cruzada-1' }) },
    { url: '/api/auth/signup', body: () => ({ username: unique('cross'), email: unique('cross') + '@example.com', password: 'clave-cruzada-1' }) },
    {
      url: '/api/leads/add',
      body: () => ({ email: unique('crosslead') + '@example.com', nick: 'Ana', page: 'nostalgia', section: 'fragmento', status: 'downloaded' }),
    },
  ];
  const refused: Array<[string, Record<string, string>]> = [
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site with a same-host Origin', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' }],
    ['a Referer of another site and no Origin', { referer: 'https://evil.example/formulario.html' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['a malformed Origin', { origin: 'no es una url' }],
  ];

  for (const route of routes) {
    for (const [name, headers] of refused) {
      it(`POST ${route.url} with ${name} → 403 and nothing written`, async () => {
        const before = await writes();
        const failuresBefore = await count(db.pool, 'SELECT count(*) AS n FROM login_failures');
        const res = await post(app, route.url, route.body(), { headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(failure(CROSS_SITE_MESSAGE));
        expect(setCookieHeaders(res)).toEqual([]);
        expect(await writes()).toEqual(before);
        expect(await count(db.pool, 'SELECT count(*) AS n FROM login_failures')).toBe(failuresBefore);
      });
    }
  }

  it('a cross-site login with valid credentials starts no session (login CSRF)', async () => {
    const user = await verifiedUser('csrflogin');
    const res = await login(app, user.email, user.password, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await sessionsOf((await userRow(user.email))!.user_id)).toBe(0);
  });

  it('a cross-site logout does not end the session', async () => {
    const user = await verifiedUser('csrflogout');
    const cookie = requireSessionCookie(await login(app, user.email, user.password));
    const res = await post(app, '/api/auth/logout', undefined, { cookie: cookie.value, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await whoAmI(app, cookie.value)).statusCode).toBe(200);
  });

  it('allows an Origin equal to the request Host, to PUBLIC_URL, a same-site Referer, and no Origin at all (curl)', async () => {
    const allowed: Array<Record<string, string>> = [
      { host: 'manifiesta.test', origin: 'http://manifiesta.test' },
      { host: 'manifiesta.test:8443', origin: 'https://manifiesta.test:8443', 'sec-fetch-site': 'same-origin' },
      { origin: PUBLIC_URL },
      { referer: `${PUBLIC_URL}/signup` },
      { host: 'manifiesta.test', referer: 'http://manifiesta.test/login' },
      {},
    ];
    const user = await verifiedUser('sameorigin');
    for (const headers of allowed) {
      const loginRes = await login(app, user.email, user.password, { headers });
      expect(loginRes.statusCode, JSON.stringify(headers)).toBe(200);
      const signupRes = await signup(app, newUser('sameorigin'), { headers });
      expect(signupRes.statusCode, JSON.stringify(headers)).toBe(200);
      const leadRes = await post(app, '/api/leads/add', routes[2]!.body(), { headers });
      expect(leadRes.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  // A Host header may spell out the default port that an Origin's URL form drops.
  it('an Origin equal to a Host header that spells out the default port is allowed', async () => {
    const res = await post(app, '/api/leads/add', routes[2]!.body(), { headers: { host: 'localhost:80', origin: 'http://localhost:80' } });
    expect(res.statusCode).toBe(200);
  });

  it('does not apply to safe methods (GET verifyToken with a foreign Origin is answered normally)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(failure(NO_SESSION_MESSAGE));
  });
});

describe('sessions: verifyToken answers 401', () => {
  const expectNoSession = async (cookie?: string) => {
    const res = await whoAmI(app, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(failure(NO_SESSION_MESSAGE));
  };

  it('without a cookie, with a malformed cookie, with a well-formed unknown one', async () => {
    await expectNoSession();
    await expectNoSession('');
    await expectNoSession('corto');
    await expectNoSession(`${'a'.repeat(40)}!*`);
    await expectNoSession('a'.repeat(101));
    await expectNoSession('A'.repeat(43));
  });

  it('after the idle limit (SESSION_IDLE_HOURS without use), not just before it', async () => {
    const user = await verifiedUser('idle');
    const cookie = requireSessionCookie(await login(app, user.email, user.password)).value;
    const hash = tokenHash(cookie);
    const idle = TEST_CONFIG.SESSION_IDLE_HOURS;

    // Five minutes before the idle limit: still valid, and the use moves last_seen_at to now.
    await db.pool.query("UPDATE sessions SET last_seen_at = now() - make_interval(hours => $2) + interval '5 minutes' WHERE token_hash = $1", [hash, idle]);
    expect((await whoAmI(app, cookie)).statusCode).toBe(200);
    expect(await count(db.pool, "SELECT count(*) AS n FROM sessions WHERE token_hash = $1 AND last_seen_at > now() - interval '1 minute'", [hash])).toBe(1);

    await db.pool.query("UPDATE sessions SET last_seen_at = now() - make_interval(hours => $2) - interval '1 minute' WHERE token_hash = $1", [hash, idle]);
    await expectNoSession(cookie);
    expect((await post(app, '/api/auth/refreshToken', undefined, { cookie })).statusCode).toBe(401);
  });

  it('tells the browser how long the session has left: its absolute end and the idle window', async () => {
    const user = await verifiedUser('times');
    const cookie = requireSessionCookie(await login(app, user.email, user.password)).value;
    await db.pool.query("UPDATE sessions SET expires_at = now() + interval '90 minutes' WHERE token_hash = $1", [tokenHash(cookie)]);
    const { session } = (await whoAmI(app, cookie)).json().data;
    expect(session.expiresInSeconds).toBeGreaterThan(90 * 60 - 30);
    expect(session.expiresInSeconds).toBeLessThanOrEqual(90 * 60);
    expect(session.idleTimeoutSeconds).toBe(TEST_CONFIG.SESSION_IDLE_HOURS * 3600);
    // A refresh starts a whole new session.
    const refreshed = await post(app, '/api/auth/refreshToken', undefined, { cookie });
    expect(refreshed.json().data.session.expiresInSeconds).toBe(TEST_CONFIG.SESSION_MAX_DAYS * 86400);
  });

  it('after the absolute expiry, even when used a moment ago', async () => {
    const user = await verifiedUser('absolute');
    const cookie = requireSessionCookie(await login(app, user.email, user.password)).value;
    expect((await whoAmI(app, cookie)).statusCode).toBe(200);
    const { rowCount } = await db.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE token_hash = $1", [
      tokenHash(cookie),
    ]);
    expect(rowCount).toBe(1);
    await expectNoSession(cookie);
  });
});

describe('the users projection', () => {
  it('rebuilds from the log to exactly the rows it had, roles included', async () => {
    // An account with role changes, appended through the account decisions.
    const user = await verifiedUser('roles');
    const userId = (await userRow(user.email))!.user_id;
    const fold = { initial: initialAccountState, evolve: evolveAccount };
    const stream = learnerStreamId(userId);
    const by = 'test-admin';
    await handleCommand(store, stream, fold, (s) => ({ events: decideGrantRole(s, { userId, role: ROLES.coach, by }) }));
    await handleCommand(store, stream, fold, (s) => ({ events: decideGrantRole(s, { userId, role: ROLES.premium, by }) }));
    await handleCommand(store, stream, fold, (s) => ({ events: decideRevokeRole(s, { userId, role: ROLES.coach, by }) }));
    await handleCommand(store, stream, fold, (s) => ({ events: decideGrantRole(s, { userId, role: ROLES.coach, by }) }));
    expect((await userRow(user.email))!.roles).toEqual([ROLES.premium, ROLES.coach]);
    // The session sees the roles too.
    const cookie = requireSessionCookie(await login(app, user.email, user.password)).value;
    expect((await whoAmI(app, cookie)).json().data.roles).toEqual([ROLES.premium, ROLES.coach]);

    const snapshot = async () => (await db.pool.query('SELECT to_jsonb(u) AS row FROM users u ORDER BY user_id')).rows.map((r) => r.row);
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(10);
    expect(before.some((r) => r.email_verified_at === null)).toBe(true);
    expect(before.some((r) => r.email_verified_at !== null)).toBe(true);

    // Damage the read model, so that only a real rebuild can bring it back.
    await db.pool.query("UPDATE users SET username = 'estropeado', roles = '{}' WHERE user_id = $1", [userId]);
    await db.pool.query('DELETE FROM users WHERE user_id = (SELECT user_id FROM users WHERE user_id <> $1 ORDER BY user_id LIMIT 1)', [userId]);
    await db.pool.query("UPDATE users SET email_verified_at = NULL, registered_at = now() - interval '9 days'");
    expect(await snapshot()).not.toEqual(before);

    const report = await rebuildProjections(db.pool, createCatalog(), projections);
    const usersReport = report.projections.find((p) => p.projection === 'users');
    expect(usersReport!.events).toBeGreaterThanOrEqual(before.length);
    expect(await snapshot()).toEqual(before);
  });
});

// Runs last: looks at everything the tests above wrote and logged.
describe('secrets stay out of the event log and the logs', () => {
  const eventText = async () => {
    const { rows } = await db.pool.query<{ data: string; metadata: string }>('SELECT data::text AS data, metadata::text AS metadata FROM events');
    return rows.map((r) => `${r.data}\n${r.metadata}`).join('\n');
  };

  it('the tests saw secrets to look for', () => {
    expect(seen.passwords.size).toBeGreaterThan(20);
    expect(seen.tokens.size).toBeGreaterThan(5);
    expect(seen.cookies.size).toBeGreaterThan(5);
    expect(seen.emails.size).toBeGreaterThan(20);
  });

  it('events hold no password, no argon2 hash, no verification token, no session cookie', async () => {
    // The hashes exist (argon2id PHC strings) — just not in the log.
    expect(await count(db.pool, "SELECT count(*) AS n FROM password_credentials WHERE hash LIKE '$argon2id$%'")).toBeGreaterThan(10);
    const text = await eventText();
    // Personal fields are sealed in the log; opened, they are there.
    expect(text).not.toContain('journey.user@example.com');
    expect(JSON.stringify(await openedEvents(db.pool, "type = 'UserRegistered'"))).toContain('"email":"journey.user@example.com"');
    expect(text).not.toContain('$argon2');
    for (const password of seen.passwords) expect(text).not.toContain(password);
    for (const token of seen.tokens) expect(text).not.toContain(token);
    for (const cookie of seen.cookies) expect(text).not.toContain(cookie);
  });

  it('the app and mail logs hold no password, no session cookie, no e-mail address', () => {
    expect(logLines.length).toBeGreaterThan(50);
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/auth/login');
    expect(logged).toContain('mail sent through SMTP');
    expect(logged).not.toContain('$argon2');
    for (const password of seen.passwords) expect(logged).not.toContain(password);
    for (const cookie of seen.cookies) expect(logged).not.toContain(cookie);
    const lower = logged.toLowerCase();
    for (const email of seen.emails) expect(lower).not.toContain(email);
    expect(logged).not.toMatch(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/);
  });

  // Request log lines keep parameter names only: a verification link's token never reaches the log.
  it('the app log holds no verification token', () => {
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/auth/verifyEmail');
    for (const token of seen.tokens) expect(logged).not.toContain(token);
  });
});
