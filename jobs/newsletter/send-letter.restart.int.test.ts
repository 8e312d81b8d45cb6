// A send survives its worker's death midway (decision 0020): the real server (server/main.ts, workers on) sends a
// letter to 1,000 subscribers through a real SMTP server; after 400 have been accepted the SMTP server stops
// answering, the process is killed with SIGKILL while its mails wait for that answer, and a new process takes over.
// Every subscriber gets the letter exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterSendStats } from '../../events/letter-sends/queries';
import { startServerProcess, type ServerProcess } from '../../server/resilience/server-process';
import { count, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { addSubscribers } from '../../tests/setup/subscribers';
import { reapLetterSends, runLetterSendCommand } from './send-letter';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db);
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await t?.close();
  await db?.drop();
  await smtp?.close();
});

const env = () => ({ SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '100000' });

describe('a send when its worker is killed midway', () => {
  it('resumes in a new process and delivers each letter exactly once', async () => {
    const readers = await addSubscribers(t.store, 'lectora', 1000);
    smtp.holdAfter(400);
    const first = await startServerProcess(db.url, env());
    servers.push(first);

    const letterId = randomUUID();
    const letter = { title: 'Carta que sobrevive', slug: 'carta-que-sobrevive', series: 'dean' as const, markdown: 'Hola.\n\nUn abrazo.' };
    await runLetterSendCommand(t.store, db.pool, letterId, { type: 'Schedule', sendId: randomUUID(), letterId, letter, at: new Date() });

    // 400 accepted, and the next ones read by the SMTP server but not answered: the worker waits, mid-mail.
    await waitFor(() => smtp.received.length >= 400 && smtp.held() > 0, { timeoutMs: 60_000, what: '400 letters and one in flight' });
    await first.kill();
    expect(first.exit?.signal).toBe('SIGKILL');
    expect(smtp.received).toHaveLength(400);
    const claimed = await count(db.pool, "SELECT count(*) AS n FROM letter_deliveries WHERE status = 'sending'");
    expect(claimed).toBeGreaterThan(0);
    expect(await letterSendStats(db.pool, letterId)).toMatchObject({ state: 'sending', sent: 400 });

    // The reaper gives back the dead worker's claims (in production after STALE_CLAIM_SECONDS, here at once: no
    // process is running that could hold one) and enqueues the batches left without a job; then a new process.
    smtp.holdAfter(Infinity);
    const reaped = await reapLetterSends({ db: db.pool, store: t.store, enqueue: t.jobs.enqueue, log: { info: () => {} } }, { staleClaimSeconds: 0 });
    expect(reaped.reclaimed).toBe(claimed);
    expect(reaped.enqueued).toBeGreaterThan(0);
    const second = await startServerProcess(db.url, env());
    servers.push(second);

    await waitFor(async () => (await letterSendStats(db.pool, letterId))?.state === 'completed', { timeoutMs: 90_000, what: 'the send to complete' });
    const recipients = smtp.received.map((m) => m.rcptTo[0]);
    expect(recipients).toHaveLength(1000);
    expect(new Set(recipients)).toEqual(new Set(readers));
    expect(await letterSendStats(db.pool, letterId)).toMatchObject({ state: 'completed', total: 1000, sent: 1000, queued: 0, failed: 0 });
  }, 240_000);
});
