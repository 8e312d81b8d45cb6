// The newsletter's double opt-in end to end (decision 0016): real PostgreSQL, real pg-boss workers and a real SMTP
// server on loopback. The confirmation link is read out of the delivered mail, as its reader would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../../events/leads/leads';
import { confirmedSubscribers } from '../../../events/leads/queries';
import { leadSubject } from '../../../events/store/sealing';
import { count, countEmailJobs, countEvents, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { tokenHash } from '../accounts/secrets';
import { forgetToken } from '../erasure/forget-link';
import { LEAD_MESSAGES } from '../leads/routes';
import { CONFIRM_SUBSCRIPTION_SUBJECT } from './emails';
import { NEWSLETTER_MESSAGES } from './routes';

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

const subscribe = (email: string, nick = 'Ana') =>
  t.app.inject({
    method: 'POST',
    url: '/api/leads/add',
    payload: { email, nick, page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
  });
const confirm = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
const subscriber = async (email: string) =>
  (await db.pool.query('SELECT status, subject, confirmed_at FROM subscribers WHERE stream_id = $1', [visitorStreamId(email)])).rows[0];

/** The confirmation mails delivered to `email`, once the queue has settled. */
async function confirmationMails(email: string) {
  await mailSettled(db.pool);
  return smtp.mailsTo(email).filter((m) => m.mail.subject === CONFIRM_SUBSCRIPTION_SUBJECT);
}

/** The token of the one link in a confirmation mail (its text part and its button say the same). */
function tokenIn(mail: { text?: string; html?: string | false }): string {
  const links = [...(mail.text ?? '').matchAll(/(\S+\/newsletter\/confirmar\?token=([A-Za-z0-9_-]+))/g)];
  expect(links).toHaveLength(1);
  expect(links[0]![1]!.startsWith(new URL('/newsletter/confirmar', TEST_CONFIG.publicUrl).toString())).toBe(true);
  expect(String(mail.html)).toContain(links[0]![1]!);
  return links[0]![2]!;
}

describe('the newsletter double opt-in', () => {
  it('subscribe → one confirmation mail with a link → confirm → confirmed (and a recipient of letters)', async () => {
    const email = 'gaviota@example.com';
    const res = await subscribe(' Gaviota@Example.com ', 'Gaviota');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'success', message: LEAD_MESSAGES.subscribed, data: { firstForSource: true } });
    expect(res.json().message).toMatch(/^Revisa tu correo para confirmar tu suscripción/);

    const events = await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId(email)]);
    expect(events.map((e) => e.type)).toEqual(['SubscriptionRequested', 'LeadCaptured']);
    expect(events[0]!.data).toEqual({ email });
    expect(events[0]!.metadata).toMatchObject({ sealedFor: expect.stringMatching(/^lead:/) });
    expect(await subscriber(email)).toMatchObject({ status: 'pending', confirmed_at: null });
    // The job names the subscriber by its stream, never by its address.
    const { rows: jobs } = await db.pool.query("SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'leadId' = $1", [visitorStreamId(email)]);
    expect(jobs.map((j) => j.data)).toEqual([{ kind: 'newsletter-confirm', leadId: visitorStreamId(email) }]);
    expect(JSON.stringify(jobs)).not.toContain('gaviota@');

    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.text).toContain('¡Hola, Gaviota!');
    expect(smtp.mailsTo(email)).toHaveLength(1); // no welcome before consent
    const token = tokenIn(mails[0]!.mail);
    // Only the token's SHA-256 is stored.
    expect(await count(db.pool, 'SELECT count(*) AS n FROM newsletter_confirmation_tokens WHERE token_hash = $1', [tokenHash(token)])).toBe(1);
    expect((await confirmedSubscribers(db.pool)).map((s) => s.streamId)).not.toContain(visitorStreamId(email));

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.confirmed, data: { confirmed: true } });
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(Date) });
    const after = await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId(email)]);
    expect(after.map((e) => e.type)).toEqual(['SubscriptionRequested', 'LeadCaptured', 'SubscriptionConfirmed']);
    expect((await confirmedSubscribers(db.pool)).map((s) => s.streamId)).toContain(visitorStreamId(email));

    // Subscribing again once confirmed writes nothing and mails nothing.
    const eventsBefore = await countEvents(db.pool);
    const again = await subscribe(email, 'Gaviota');
    expect(again.json().message).toBe(LEAD_MESSAGES.alreadySubscribed);
    expect(await countEvents(db.pool)).toBe(eventsBefore);
    expect(await confirmationMails(email)).toHaveLength(1);
  });

  it('a second subscription while pending sends no second mail within the hour, and says so', async () => {
    const email = 'paciencia@example.com';
    expect((await subscribe(email)).json().message).toBe(LEAD_MESSAGES.subscribed);
    expect(await confirmationMails(email)).toHaveLength(1);
    const [events, jobs] = [await countEvents(db.pool), await countEmailJobs(db.pool)];
    const second = await subscribe(email);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ message: LEAD_MESSAGES.confirmationPending, data: { firstForSource: false } });
    expect(await countEvents(db.pool)).toBe(events);
    expect(await countEmailJobs(db.pool)).toBe(jobs);
    expect(await confirmationMails(email)).toHaveLength(1);
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
  });

  it('a reused, expired or unknown link is refused in Spanish and writes nothing', async () => {
    const email = 'una-vez@example.com';
    await subscribe(email);
    const token = tokenIn((await confirmationMails(email))[0]!.mail);
    expect((await confirm(token)).statusCode).toBe(200);

    const before = await countEvents(db.pool);
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ success: false, message: NEWSLETTER_MESSAGES.tokenUsed });
    expect(await countEvents(db.pool)).toBe(before);

    const late = 'tarde@example.com';
    await subscribe(late);
    const lateToken = tokenIn((await confirmationMails(late))[0]!.mail);
    await db.pool.query("UPDATE newsletter_confirmation_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(lateToken)]);
    const beforeLate = await countEvents(db.pool);
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(NEWSLETTER_MESSAGES.tokenExpired);
    expect(await countEvents(db.pool)).toBe(beforeLate);
    expect(await subscriber(late)).toMatchObject({ status: 'pending' });

    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(NEWSLETTER_MESSAGES.tokenInvalid);
    const missing = await confirm(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(NEWSLETTER_MESSAGES.tokenMissing);
    expect(await countEvents(db.pool)).toBe(beforeLate);
  });

  it('forgetting the address removes its subscriber row and its links', async () => {
    const email = 'olvido-suscripcion@example.com';
    await subscribe(email);
    const token = tokenIn((await confirmationMails(email))[0]!.mail);
    expect(await subscriber(email)).toBeDefined();
    const forget = await forgetToken(t.store.keyring, await t.store.keyring.subjectId(leadSubject(email)));
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/forget', payload: { token: forget } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriber(email)).toBeUndefined();
    expect(await count(db.pool, 'SELECT count(*) AS n FROM newsletter_confirmation_tokens WHERE stream_id = $1', [visitorStreamId(email)])).toBe(0);
    // Its link names nothing any more.
    expect((await confirm(token)).statusCode).toBe(400);

    // The address may come back: it is asked again, and its new link confirms it.
    expect((await subscribe(email)).json().message).toBe(LEAD_MESSAGES.subscribed);
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(2);
    expect((await confirm(tokenIn(mails[1]!.mail))).json().message).toBe(NEWSLETTER_MESSAGES.confirmed);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
  });
});
