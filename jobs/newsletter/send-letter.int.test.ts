// A letter's send through pg-boss and a real SMTP server (tests/setup/smtp.ts) on the real PostgreSQL: exactly one
// mail per confirmed subscriber, each with its own unsubscribe token and both RFC 8058 headers; never to a pending,
// unsubscribed or bounced address; an unsubscribe is effective for the next send; pause, resume, cancel and a
// scheduled time work. (The restart midway is send-letter.restart.int.test.ts; the routes, sends.int.test.ts.)
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../events/leads/leads';
import { letterSendStats } from '../../events/letter-sends/queries';
import { readUnsubscribeToken, loadUnsubscribeSecret } from '../../server/features/newsletter/unsubscribe';
import { startMailWorkers, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { addSubscribers } from '../../tests/setup/subscribers';
import { runLetterSendCommand } from './send-letter';

interface World {
  db: TestDatabase;
  t: TestApp;
  smtp: SmtpCapture;
  close(): Promise<void>;
}

/** A database, the app and its workers sending letters at `ratePerMinute` to an SMTP capture. */
async function world({
  ratePerMinute,
  refuse = [] as string[],
  batchSize = undefined as number | undefined,
}: {
  ratePerMinute: number;
  refuse?: string[];
  batchSize?: number;
}): Promise<World> {
  const smtp = await startSmtpCapture({ refuse });
  const db = await createTestDatabase();
  const t = await startTestApp(db);
  const removeOutbox = await startMailWorkers(t, db, smtp.url, { letters: { ratePerMinute, batchSize } });
  return {
    db,
    t,
    smtp,
    async close() {
      await t.close();
      await db.drop();
      await smtp.close();
      await removeOutbox();
    },
  };
}

/** Schedules a letter's send as the coach's route does. */
async function schedule(w: World, { at = new Date(), title = 'Carta de prueba' } = {}) {
  const letterId = randomUUID();
  const sendId = randomUUID();
  const letter = { title, slug: `carta-${letterId.slice(0, 8)}`, series: 'dean' as const, markdown: `Hola.\n\nUn [enlace](/newsletter) y un abrazo.` };
  await runLetterSendCommand(w.t.store, w.db.pool, letterId, { type: 'Schedule', sendId, letterId, letter, at });
  return { letterId, sendId, title };
}

const command = (w: World, letterId: string, type: 'Pause' | 'Resume' | 'Cancel') => runLetterSendCommand(w.t.store, w.db.pool, letterId, { type });

/** A header as written (mailparser reads List-* headers into a structure of its own). */
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

const ofLetter = (w: World, title: string) => w.smtp.received.filter((m) => m.mail.subject === title);
const completed = (w: World, letterId: string) =>
  waitFor(async () => (await letterSendStats(w.db.pool, letterId))?.state === 'completed', { timeoutMs: 60_000, what: 'the send to complete' });

describe('a send to 1,000 confirmed subscribers', () => {
  let w: World;
  const BOUNCING = 'rebota-0@example.com';
  beforeAll(async () => {
    w = await world({ ratePerMinute: 100_000, refuse: [BOUNCING] });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('delivers exactly one mail to each, with both List-Unsubscribe headers and a token of its own; none to pending, unsubscribed or bounced addresses', async () => {
    const confirmed = await addSubscribers(w.t.store, 'lectora', 1000);
    const pending = await addSubscribers(w.t.store, 'pendiente', 5, { confirmed: false });
    const [bouncing] = await addSubscribers(w.t.store, 'rebota', 1);
    // A first letter finds the mailbox that does not exist: SubscriberBounced, and the next send leaves it out.
    const first = await schedule(w, { title: 'Primera carta' });
    await completed(w, first.letterId);
    expect(await w.db.pool.query('SELECT status FROM subscribers WHERE stream_id = $1', [visitorStreamId(bouncing!)]).then((r) => r.rows[0].status)).toBe(
      'bounced',
    );
    expect(await letterSendStats(w.db.pool, first.letterId)).toMatchObject({ total: 1001, sent: 1000, failed: 1, queued: 0 });

    const started = Date.now();
    const { letterId, title } = await schedule(w, { title: 'Segunda carta' });
    await completed(w, letterId);
    const seconds = (Date.now() - started) / 1000;

    const mails = ofLetter(w, title);
    expect(mails).toHaveLength(1000);
    const recipients = mails.map((m) => m.rcptTo[0]);
    expect(new Set(recipients)).toEqual(new Set(confirmed));
    for (const address of [...pending, bouncing!]) expect(w.smtp.mailsTo(address).filter((m) => m.mail.subject === title)).toEqual([]);

    const secret = await loadUnsubscribeSecret(w.db.pool);
    const tokens = new Set<string>();
    for (const { mail, rcptTo } of mails) {
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
      expect(oneClick).toBeDefined();
      const url = new URL(oneClick!);
      expect(url.searchParams.get('letter')).toBe(letterId);
      const token = url.searchParams.get('token')!;
      // The token is the recipient's own: it names her stream, and no one else's.
      expect(readUnsubscribeToken(secret, token)).toBe(visitorStreamId(rcptTo[0]!));
      tokens.add(token);
      expect(mail.text).toContain(`/newsletter/baja?token=${encodeURIComponent(token)}`);
      // The footer's link, in both parts (mailparser writes the HTML's & back as &#38;).
      expect(String(mail.html)).toMatch(new RegExp(`/newsletter/baja\\?token=${encodeURIComponent(token)}&(amp|#38);letter=${letterId}`));
      expect(mail.text).toContain('utm_campaign=');
      expect(mail.text).not.toContain('UNSUBSCRIBE_TOKEN_PLACEHOLDER');
    }
    expect(tokens.size).toBe(1000);
    expect(await letterSendStats(w.db.pool, letterId)).toMatchObject({ state: 'completed', total: 1000, sent: 1000, failed: 0, queued: 0, skipped: 0 });
    // No address and no token in any job's payload (decision 0009).
    const { rows } = await w.db.pool.query<{ data: string }>("SELECT coalesce(data::text, '') AS data FROM pgboss.job WHERE name LIKE 'newsletter-%'");
    expect(rows.length).toBeGreaterThan(0);
    for (const { data } of rows) expect(data).not.toMatch(/@|token/);
    console.info(`1,000 letters delivered in ${seconds.toFixed(1)} s`);
  }, 120_000);
});

describe('unsubscribing, pausing, cancelling, scheduling', () => {
  let w: World;
  let readers: string[];
  beforeAll(async () => {
    // 600 a minute: one mail every 100 ms, slow enough to pause and cancel midway.
    w = await world({ ratePerMinute: 600, batchSize: 10 });
    readers = await addSubscribers(w.t.store, 'lectora', 30);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a one-click POST from the mail unsubscribes without a session, and the next send skips the address', async () => {
    const first = await schedule(w, { title: 'Carta uno' });
    await completed(w, first.letterId);
    const [mail] = w.smtp.mailsTo(readers[0]!).filter((m) => m.mail.subject === 'Carta uno');
    const oneClick = /^<(.+)>$/.exec(header(mail!.mail, 'List-Unsubscribe')!)![1]!;
    const url = new URL(oneClick);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await letterSendStats(w.db.pool, first.letterId)).toMatchObject({ sent: 30, unsubscribedAfter: 1 });

    const second = await schedule(w, { title: 'Carta dos' });
    await completed(w, second.letterId);
    expect(ofLetter(w, 'Carta dos')).toHaveLength(29);
    expect(w.smtp.mailsTo(readers[0]!).filter((m) => m.mail.subject === 'Carta dos')).toEqual([]);
  }, 60_000);

  it('pausing stops the next mail; resuming sends the rest, each once', async () => {
    const { letterId, title } = await schedule(w, { title: 'Carta pausada' });
    await waitFor(() => ofLetter(w, title).length >= 5, { what: 'the first mails' });
    await command(w, letterId, 'Pause');
    const atPause = ofLetter(w, title).length;
    await new Promise((r) => setTimeout(r, 1500));
    // At most the mails already in flight when the pause was recorded.
    const held = ofLetter(w, title).length;
    expect(held - atPause).toBeLessThanOrEqual(4);
    expect(await letterSendStats(w.db.pool, letterId)).toMatchObject({ state: 'paused', sent: held });
    await new Promise((r) => setTimeout(r, 1000));
    expect(ofLetter(w, title)).toHaveLength(held);
    await command(w, letterId, 'Resume');
    await completed(w, letterId);
    const recipients = ofLetter(w, title).map((m) => m.rcptTo[0]);
    expect(recipients).toHaveLength(29);
    expect(new Set(recipients).size).toBe(29);
  }, 60_000);

  it('cancelling leaves the rest unsent for good', async () => {
    const { letterId, title } = await schedule(w, { title: 'Carta cancelada' });
    await waitFor(() => ofLetter(w, title).length >= 3, { what: 'the first mails' });
    await command(w, letterId, 'Cancel');
    await new Promise((r) => setTimeout(r, 1500));
    const sent = ofLetter(w, title).length;
    expect(sent).toBeLessThan(29);
    const stats = await letterSendStats(w.db.pool, letterId);
    expect(stats).toMatchObject({ state: 'cancelled', sent, queued: 0, skipped: 29 - sent });
    await new Promise((r) => setTimeout(r, 1000));
    expect(ofLetter(w, title)).toHaveLength(sent);
  }, 60_000);

  it('a scheduled send waits for its time', async () => {
    const at = new Date(Date.now() + 4000);
    const { letterId, title } = await schedule(w, { at, title: 'Carta programada' });
    expect(await letterSendStats(w.db.pool, letterId)).toMatchObject({ state: 'scheduled', total: 0 });
    await new Promise((r) => setTimeout(r, 3000));
    expect(ofLetter(w, title)).toHaveLength(0);
    await completed(w, letterId);
    const first = Math.min(...ofLetter(w, title).map((m) => m.mail.date?.getTime() ?? Infinity));
    expect(first).toBeGreaterThanOrEqual(at.getTime() - 1000);
    expect(ofLetter(w, title)).toHaveLength(29);
  }, 60_000);
});
