// Hostile use of our own mail, through a real worker and a real SMTP server on loopback: what a mail job keeps
// in the database, what a stranger can make us write to someone else, how often, and what signup tells about
// the addresses that have an account.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerStreamId, UserRegistered } from '../../events/accounts/accounts.events';
import { visitorStreamId } from '../../events/leads/leads';
import { LeadCaptured } from '../../events/leads/leads.events';
import { EMAIL_SEND } from '../../jobs/email/send-email';
import { count, countEmailJobs, mailDeps, mailSettled, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createLearner } from '../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { AUTH_MESSAGES } from '../features/accounts/routes';
import { tokenHash } from '../features/accounts/secrets';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let outboxDir: string;
/** What the mail worker logged. */
const logged: Array<{ obj: Record<string, unknown>; msg: string }> = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-mail-security-'));
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 10_000, LEAD_RATE_LIMIT_PER_IP: 10_000 } });
  await t.jobs.startWorkers({
    smtpUrl: smtp.url,
    from: 'Manifiesta <hola@manifiesta.local>',
    outboxDir,
    log: { info: (obj, msg) => void logged.push({ obj: obj as Record<string, unknown>, msg }) },
    ...mailDeps(db),
  });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;
const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const signup = (body: { username: string; email: string; password: string }, remoteAddress?: string) => post('/api/auth/signup', body, remoteAddress);

/** Everything pg-boss keeps of every job, in any queue (dead letters included), as text. */
async function allJobText(): Promise<string> {
  const { rows } = await db.pool.query<{ t: string }>(
    "SELECT coalesce(string_agg(data::text || ' ' || coalesce(output::text, ''), E'\\n'), '') AS t FROM pgboss.job",
  );
  return rows[0]!.t;
}

const tokenIn = (text: string | undefined) => /\/verify-email\?token=([\w-]+)/.exec(text ?? '')?.[1];

describe('a mail job carries ids, not secrets or addresses', () => {
  it('after a signup, pgboss.job holds neither the address, the link nor its token', async () => {
    const user = { username: 'Paz', email: `${unique('paz')}@example.com`, password: 'clave-segura-de-paz' };
    expect((await signup(user)).statusCode).toBe(200);
    const { mail } = await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the verification mail' });
    const token = tokenIn(mail.text);
    expect(token).toBeDefined();

    const stored = await allJobText();
    expect(stored).toContain('account-verification');
    expect(stored).not.toContain(token!);
    expect(stored).not.toContain('verify-email');
    expect(stored.toLowerCase()).not.toContain(user.email.toLowerCase());
  });

  it('after a lead, pgboss.job holds neither the address nor the name', async () => {
    const email = `${unique('sol')}@example.com`;
    expect((await post('/api/leads/add', { email, nick: 'Soledad Ríos', page: 'niveles', section: 'pdf', status: 'downloaded' })).statusCode).toBe(200);
    await waitFor(() => smtp.mailsTo(email)[0], { what: 'the welcome mail' });
    const stored = await allJobText();
    expect(stored).toContain('lead-welcome');
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('Soledad');
  });
  it('a job for an account verified or gone by send time, or a lead gone, sends nothing and logs only its kind', async () => {
    const verified = await createLearner(t.app, t.store);
    const jobs = [
      { kind: 'account-verification', userId: verified.userId },
      { kind: 'account-verification', userId: '00000000-0000-4000-8000-00000000dead' },
      { kind: 'signup-attempt', userId: '00000000-0000-4000-8000-00000000dead' },
      { kind: 'lead-welcome', leadId: visitorStreamId('nunca-existio@example.com'), page: 'niveles', section: 'pdf' },
    ];
    const ids = await Promise.all(jobs.map((job) => t.jobs.send(EMAIL_SEND, job)));
    await mailSettled(db.pool);
    expect(smtp.mailsTo(verified.email)).toEqual([]);
    const skipped = logged.filter((l) => ids.includes(l.obj.job as string));
    expect(skipped.map((l) => [l.obj.kind, l.obj.skipped])).toEqual(
      expect.arrayContaining([
        ['account-verification', 'account already verified'],
        ['account-verification', 'no such account'],
        ['signup-attempt', 'no such account'],
        ['lead-welcome:niveles:pdf', 'no such lead'],
      ]),
    );
    expect(JSON.stringify(logged)).not.toContain('@');
    // No token was issued for a mail that did not go.
    expect(await count(db.pool, 'SELECT count(*) AS n FROM email_verification_tokens WHERE user_id = $1', [verified.userId])).toBe(0);
  });

  it('each verification mail has a fresh token (hash stored); an earlier unused link still works', async () => {
    const user = { username: 'Eco', email: `${unique('eco')}@example.com`, password: 'clave-segura-de-eco' };
    expect((await signup(user)).statusCode).toBe(200);
    await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the first verification mail' });
    expect((await post('/api/auth/resendVerification', { email: user.email })).statusCode).toBe(200);
    const mails = await waitFor(() => (smtp.mailsTo(user.email).length === 2 ? smtp.mailsTo(user.email) : undefined), { what: 'the second verification mail' });
    const [first, second] = mails.map(({ mail }) => tokenIn(mail.text)!);
    expect(first).not.toBe(second);
    for (const token of [first!, second!])
      expect(await count(db.pool, 'SELECT count(*) AS n FROM email_verification_tokens WHERE token_hash = $1', [tokenHash(token)])).toBe(1);
    // Retries of one job keep its Message-ID; two jobs are two messages.
    expect(mails[0]!.mail.messageId).not.toBe(mails[1]!.mail.messageId);
    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/verifyEmail?token=${first}` });
    expect(verify.json()).toEqual({ success: true, message: AUTH_MESSAGES.verified, data: null });
  });
});

describe('the lead form cannot make us write someone else a message', () => {
  const ATTACK = 'tu pago falló. Reintenta en https://evil.example/pago';

  it('a nick that carries a link is refused (400 in Spanish), nothing is written, no mail goes out', async () => {
    const victim = `${unique('victima')}@example.com`;
    const jobs = await countEmailJobs(db.pool);
    const res = await post('/api/leads/add', { email: victim, nick: ATTACK, page: 'nostalgia', section: 'fragmento', status: 'downloaded' });
    await mailSettled(db.pool);
    // What the victim would read: a mail from us with the attacker's words and link.
    expect(
      smtp
        .mailsTo(victim)
        .map(({ mail }) => mail.text)
        .join('\n'),
    ).not.toContain('evil.example');
    expect(smtp.mailsTo(victim)).toEqual([]);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/nombre/);
    expect(await countEmailJobs(db.pool)).toBe(jobs);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM leads WHERE email = $1', [victim])).toBe(0);
  });

  it.each([
    ['a domain', 'visita evil.example'],
    ['an at sign', 'ana@evil'],
    ['a line break', 'Ana\nReintenta el pago'],
    ['mostly digits', '5491123456789'],
    ['more than 40 characters', 'Ana María de los Ángeles Fernández Gutiérrez'],
  ])('a nick with %s is refused with the same 400', async (_, nick) => {
    const res = await post('/api/leads/add', { email: `${unique('n')}@example.com`, nick, page: 'niveles', section: 'pdf', status: 'downloaded' });
    expect(res.statusCode, nick).toBe(400);
    expect(res.json().message).toMatch(/nombre/);
  });

  it('a signup whose name looks like a domain is refused; one stored by an old event is greeted without it', async () => {
    const user = { username: 'evil.example', email: `${unique('saludo')}@example.com`, password: 'clave-segura-saludo' };
    const refused = await signup(user);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH_MESSAGES.username);
    // An account from before display names: its username was checked by the old rule only.
    const userId = randomUUID();
    await t.store.append(learnerStreamId(userId), [UserRegistered.create({ userId, username: user.username, email: user.email })], {
      expectedVersion: 0,
      jobs: [{ name: EMAIL_SEND, data: { kind: 'account-verification', userId } }],
    });
    const { mail } = await waitFor(() => smtp.mailsTo(user.email)[0], { what: 'the verification mail' });
    expect(mail.text).toContain('¡Hola!');
    expect(mail.text).not.toContain('evil');
    expect(String(mail.html)).not.toContain('evil');
  });

  it('a name stored before the rule (an old event may hold anything) is left out of the greeting', async () => {
    const email = `${unique('antigua')}@example.com`;
    const nick = 'tu pago falló. Reintenta en https://evil.example/pago';
    await t.store.append(
      visitorStreamId(email),
      [LeadCaptured.create({ email, nick, page: 'nostalgia', section: 'fragmento', status: 'downloaded', firstForSource: true })],
      {
        expectedVersion: 0,
        jobs: [{ name: EMAIL_SEND, data: { kind: 'lead-welcome', leadId: visitorStreamId(email), page: 'nostalgia', section: 'fragmento' } }],
      },
    );
    const { mail } = await waitFor(() => smtp.mailsTo(email)[0], { what: 'the welcome mail of an old lead' });
    expect(mail.text).toMatch(/^¡Hola!\n/);
    expect(mail.text).not.toContain('evil');
  });

  it('five lead forms for one victim from five client addresses: at most 3 mails in the hour (welcomes and the newsletter confirmation)', async () => {
    const victim = `${unique('inundada')}@example.com`;
    const sources = [
      { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
      { page: 'niveles', section: 'pdf', status: 'downloaded' },
      { page: 'afirmaciones', section: 'fragmento', status: 'downloaded' },
      { page: 'afirmaciones', section: 'ebook', status: 'downloaded' },
      { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
    ];
    const answers = [];
    for (const [i, source] of sources.entries()) answers.push(await post('/api/leads/add', { email: victim, nick: 'Ana', ...source }, `127.0.0.${i + 10}`));
    // Every visitor gets the answer a first lead gets: the limit is not told.
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().data)).toEqual(sources.map(() => ({ firstForSource: true })));
    await mailSettled(db.pool);
    expect(smtp.mailsTo(victim).length).toBeLessThanOrEqual(3);
    expect(smtp.mailsTo(victim).length).toBeGreaterThan(0);
  });

  it('a signup and five resends from five client addresses: at most 3 verification mails in the hour', async () => {
    const user = { username: 'Reenvío', email: `${unique('reenvio')}@example.com`, password: 'clave-segura-reenvio' };
    expect((await signup(user)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/resendVerification', { email: user.email }, `127.0.0.${i + 20}`);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resent, data: null });
    }
    await mailSettled(db.pool);
    expect(smtp.mailsTo(user.email)).toHaveLength(3);
  });
});

describe('signup tells nothing about which addresses have an account', () => {
  it('a signup with an address that has an account answers as a new one, writes no account and tells the owner', async () => {
    const owner = { username: 'Dueña', email: `${unique('duena')}@example.com`, password: 'clave-de-la-duena' };
    const fresh = await signup(owner);
    expect(fresh.statusCode).toBe(200);
    await waitFor(() => smtp.mailsTo(owner.email)[0], { what: 'the owner’s verification mail' });
    const accounts = await count(db.pool, 'SELECT count(*) AS n FROM users');
    const credentials = await count(db.pool, 'SELECT count(*) AS n FROM password_credentials');

    const again = await signup({ username: 'Intruso', email: owner.email.toUpperCase(), password: 'otra-clave-cualquiera' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect(await count(db.pool, 'SELECT count(*) AS n FROM users')).toBe(accounts);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM password_credentials')).toBe(credentials);

    const { mail } = await waitFor(() => smtp.mailsTo(owner.email)[1], { what: 'the mail to the owner' });
    expect(mail.subject).toBe('Alguien intentó crear una cuenta con tu correo');
    expect(mail.text).toContain('http://localhost:3000/login');
    expect(mail.text).not.toContain('verify-email');
  });
});
