// The one-click unsubscribe end to end (RFC 8058, decision 0019): real PostgreSQL, real pg-boss workers and a real
// SMTP server on loopback. The links are read out of the delivered mails and their headers, as a mail provider would.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../../events/leads/leads';
import { confirmedSubscribers } from '../../../events/leads/queries';
import { leadSubject } from '../../../events/store/sealing';
import { countEvents, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { forgetToken } from '../erasure/forget-link';
import { LEAD_MESSAGES } from '../leads/routes';
import { CONFIRM_SUBSCRIPTION_SUBJECT } from './emails';
import { NEWSLETTER_MESSAGES } from './routes';
import { loadUnsubscribeSecret, readUnsubscribeToken, unsubscribeToken } from './unsubscribe';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let removeOutbox: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { LEAD_RATE_LIMIT_PER_IP: 10_000 } });
  removeOutbox = await startMailWorkers(t, db, smtp.url);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const FORM = { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' } as const;
const NOSTALGIA = { page: 'nostalgia', section: 'fragmento', status: 'downloaded' } as const;
const NIVELES = { page: 'niveles', section: 'pdf', status: 'downloaded' } as const;
const addLead = (email: string, source: object, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/leads/add', payload: { email, nick: 'Ana', ...source, ...extra } });
const subscriber = async (email: string) =>
  (await db.pool.query('SELECT status, source, unsubscribed_at FROM subscribers WHERE stream_id = $1', [visitorStreamId(email)])).rows[0];
const typesOf = async (email: string) => (await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId(email)])).map((e) => e.type);
const recipients = async () => (await confirmedSubscribers(db.pool)).map((s) => s.streamId);

/** A one-click POST as a mail provider sends it: form-encoded, no cookie, from its own servers. */
const oneClick = (url: string, headers: Record<string, string> = {}, payload = 'List-Unsubscribe=One-Click') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const fromPage = (payload: object) => t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload, headers: { origin: TEST_CONFIG.publicUrl } });
const resubscribe = (token: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/resubscribe', payload: { token }, headers });

async function mailsTo(email: string) {
  await mailSettled(db.pool);
  return smtp.mailsTo(email).map((m) => m.mail);
}

/** A confirmed subscriber, through the form and the link of its confirmation mail. */
async function confirmedSubscriber(email: string) {
  expect((await addLead(email, FORM)).statusCode).toBe(200);
  const mail = (await mailsTo(email)).find((m) => m.subject === CONFIRM_SUBSCRIPTION_SUBJECT)!;
  const token = /\/newsletter\/confirmar\?token=([\w-]+)/.exec(mail.text ?? '')![1];
  expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })).statusCode).toBe(200);
  expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
}

async function tokenFor(email: string) {
  return unsubscribeToken(await loadUnsubscribeSecret(db.pool), visitorStreamId(email));
}

describe('the welcome mail of a download', () => {
  it('carries both RFC 8058 headers and the unsubscribe link in both parts; the header’s URI unsubscribes with one POST, no cookie, no Origin', async () => {
    const email = 'bienvenida-baja@example.com';
    await confirmedSubscriber(email);
    expect((await addLead(email, NOSTALGIA)).statusCode).toBe(200);
    const welcome = (await mailsTo(email)).find((m) => m.subject?.includes('Soltar el Pasado'))!;
    expect(welcome).toBeDefined();
    const header = (name: string) => welcome.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, ' ');
    const uri = /^List-Unsubscribe: <(\S+)>$/.exec(header('list-unsubscribe') ?? '')?.[1];
    expect(uri?.startsWith(new URL('/api/newsletter/unsubscribe?token=', TEST_CONFIG.publicUrl).toString())).toBe(true);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const token = new URL(uri!).searchParams.get('token')!;
    expect(readUnsubscribeToken(await loadUnsubscribeSecret(db.pool), token)).toBe(visitorStreamId(email));
    expect(token).not.toContain('bienvenida');
    const page = new URL(`/newsletter/baja?token=${token}`, TEST_CONFIG.publicUrl).toString();
    expect(welcome.text).toContain(page);
    expect(String(welcome.html)).toContain(page);
    expect(welcome.text).toContain('/olvidar?token=');

    const { pathname, search } = new URL(uri!);
    const res = await oneClick(`${pathname}${search}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.unsubscribed, data: { unsubscribed: true } });
    expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(Date) });
    expect(await recipients()).not.toContain(visitorStreamId(email));
    const events = await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId(email)]);
    expect(events.at(-1)).toMatchObject({ type: 'Unsubscribed', data: {} });

    // Again (a provider retrying): 200, nothing written.
    const before = await countEvents(db.pool);
    const again = await oneClick(`${pathname}${search}`);
    expect(again.json()).toMatchObject({ success: true, message: NEWSLETTER_MESSAGES.alreadyUnsubscribed });
    expect(await countEvents(db.pool)).toBe(before);

    // She left every marketing mail: a later download's welcome is not sent (the download itself is on the page).
    const sent = (await mailsTo(email)).length;
    expect((await addLead(email, NIVELES)).json().message).toBe(LEAD_MESSAGES.downloaded);
    expect(await mailsTo(email)).toHaveLength(sent);
  });

  it('takes the one-click POST from another site’s browser too (webmail), while every other write still refuses it', async () => {
    const email = 'webmail@example.com';
    await confirmedSubscriber(email);
    const token = await tokenFor(email);
    const crossSite = { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' };
    const res = await oneClick(`/api/newsletter/unsubscribe?token=${token}`, crossSite);
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed' });
    expect((await resubscribe(token, crossSite)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: 'x'.repeat(43) }, headers: crossSite })).statusCode).toBe(
      403,
    );
  });
});

describe('the unsubscribe page’s calls', () => {
  it('unsubscribes with the token as JSON, naming the letter; resubscribes at once; each twice writes nothing', async () => {
    const email = 'vuelve@example.com';
    await confirmedSubscriber(email);
    const token = await tokenFor(email);
    const letterId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect((await fromPage({ token, letterId })).json().message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
    expect((await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId(email)])).at(-1)).toMatchObject({ type: 'Unsubscribed', data: { letterId } });
    expect(await recipients()).not.toContain(visitorStreamId(email));

    const back = await resubscribe(token, { origin: TEST_CONFIG.publicUrl });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.resubscribed, data: { subscribed: true } });
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
    expect(await recipients()).toContain(visitorStreamId(email));
    const before = await countEvents(db.pool);
    expect((await resubscribe(token)).json().message).toBe(NEWSLETTER_MESSAGES.alreadySubscribed);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('a lead who never subscribed leaves all marketing mail, and can subscribe from the page at once', async () => {
    const email = 'solo-descarga@example.com';
    expect((await addLead(email, NOSTALGIA)).statusCode).toBe(200);
    const token = await tokenFor(email);
    expect((await fromPage({ token })).json().message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
    expect(await typesOf(email)).toEqual(['LeadCaptured', 'Unsubscribed']);
    expect(await subscriber(email)).toBeUndefined();
    expect((await resubscribe(token)).json().message).toBe(NEWSLETTER_MESSAGES.resubscribed);
    expect(await typesOf(email)).toEqual(['LeadCaptured', 'Unsubscribed', 'SubscriptionRequested', 'SubscriptionConfirmed']);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', source: 'Newsletter Archive' });
  });

  it('a GET never unsubscribes: it leads to the page that asks for the click', async () => {
    const email = 'escaner@example.com';
    await confirmedSubscriber(email);
    const token = await tokenFor(email);
    const res = await t.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/newsletter/baja?token=${token}`);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('a link that is not ours', () => {
  it('is a 400 in Spanish, whatever its shape, and writes nothing', async () => {
    const email = 'falsificada@example.com';
    await confirmedSubscriber(email);
    const token = await tokenFor(email);
    const [id, mac] = token.split('.') as [string, string];
    const other = await tokenFor('otra@example.com');
    const before = await countEvents(db.pool);
    const forged = [`${other.split('.')[0]}.${mac}`, `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, 'x'.repeat(66), id];
    for (const bad of forged) {
      const res = await oneClick(`/api/newsletter/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: NEWSLETTER_MESSAGES.unsubscribeTokenInvalid });
      expect((await resubscribe(bad)).statusCode).toBe(400);
    }
    expect((await oneClick('/api/newsletter/unsubscribe')).json().message).toBe(NEWSLETTER_MESSAGES.unsubscribeTokenMissing);
    expect((await oneClick(`/api/newsletter/unsubscribe?token=${token}`, {}, 'List-Unsubscribe=Otra-Cosa')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${forged[0]}` })).statusCode).toBe(400);
    expect(await countEvents(db.pool)).toBe(before);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('the download forms’ checkbox', () => {
  it('ticked, the download stays immediate and the confirmation mail goes too; unticked, only the welcome', async () => {
    const email = 'casilla@example.com';
    const res = await addLead(email, NOSTALGIA, { newsletter: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: LEAD_MESSAGES.downloadedAndSubscribed, data: { firstForSource: true } });
    expect(await typesOf(email)).toEqual(['LeadCaptured', 'SubscriptionRequested']);
    expect(await subscriber(email)).toMatchObject({ status: 'pending', source: 'nostalgia' });
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toContain(CONFIRM_SUBSCRIPTION_SUBJECT);

    const plain = 'sin-casilla@example.com';
    expect((await addLead(plain, NOSTALGIA, { newsletter: false })).json().message).toBe(LEAD_MESSAGES.downloaded);
    expect(await subscriber(plain)).toBeUndefined();
    expect((await mailsTo(plain)).map((m) => m.subject)).not.toContain(CONFIRM_SUBSCRIPTION_SUBJECT);
  });
});

describe('forgetting the address', () => {
  it('removes its subscriber row; its link then writes nothing, and cannot resubscribe it', async () => {
    const email = 'olvido-baja@example.com';
    await confirmedSubscriber(email);
    const token = await tokenFor(email);
    const forget = await forgetToken(t.store.keyring, await t.store.keyring.subjectId(leadSubject(email)));
    expect((await t.app.inject({ method: 'POST', url: '/api/leads/forget', payload: { token: forget } })).statusCode).toBe(200);
    expect(await subscriber(email)).toBeUndefined();
    const before = await countEvents(db.pool);
    expect((await oneClick(`/api/newsletter/unsubscribe?token=${token}`)).json().message).toBe(NEWSLETTER_MESSAGES.alreadyUnsubscribed);
    const back = await resubscribe(token);
    expect(back.statusCode).toBe(404);
    expect(back.json().message).toBe(NEWSLETTER_MESSAGES.subscriberGone);
    expect(await countEvents(db.pool)).toBe(before);
  });
});

it('makes one random key per database, which every process shares', async () => {
  const other = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const [a, b] = await Promise.all([loadUnsubscribeSecret(db.pool), loadUnsubscribeSecret(other)]);
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(true);
    expect(await loadUnsubscribeSecret(db.pool)).toBe(a);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM newsletter_unsubscribe_key')).rows[0].n).toBe(1);
  } finally {
    await other.end();
  }
});
