// The mail server is down: email.send retries with growing delays, a mail that never gets through ends
// in the dead-letter queue (visible in /api/health and server/dead-letters.ts), and a mail whose server
// comes back before the limit is delivered exactly once; a dead letter sent back by the operator goes out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../events/leads/leads';
import { LeadCaptured } from '../../events/leads/leads.events';
import { freePort } from '../../server/db/embedded';
import { mailDeps, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { listDeadLetters } from '../dead-letters';
import { QUEUES } from '../registry';
import { EMAIL_SEND, EMAIL_SEND_DEAD, withoutAddresses } from './send-email';

type Line = { at: number; level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string };

let db: TestDatabase;
let t: TestApp;
let smtpPort: number;
let smtp: SmtpCapture | undefined;
let outboxDir: string;
const lines: Line[] = [];
const log = Object.fromEntries(
  (['info', 'warn', 'error'] as const).map((level) => [
    level,
    (obj: Record<string, unknown>, msg: string) => void lines.push({ at: Date.now(), level, obj, msg }),
  ]),
) as Record<Line['level'], (obj: object, msg: string) => void>;

beforeAll(async () => {
  smtpPort = await freePort(); // nothing listens there yet: connections are refused
  outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-smtp-down-'));
  db = await createTestDatabase();
  t = await startTestApp(db);
  await t.jobs.startWorkers({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Manifiesta <hola@manifiesta.local>', outboxDir, log, ...mailDeps(db) });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

const jobState = async (name: string, id: string) =>
  (await db.pool.query<{ state: string; retry_count: number }>('SELECT state::text, retry_count FROM pgboss.job WHERE name = $1 AND id = $2', [name, id]))
    .rows[0];
const failuresOf = (id: string) => lines.filter((l) => l.obj.job === id && l.level !== 'info');
const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().data;

describe('e-mail while the SMTP server is down', () => {
  it('the queue is configured with backoff and a dead-letter queue', () => {
    expect(QUEUES.find((q) => q.name === EMAIL_SEND)).toMatchObject({ deadLetter: EMAIL_SEND_DEAD, retryLimit: 8, retryDelay: 5, retryBackoff: true });
    // The dead-letter queue exists before the queue that points at it (pg-boss needs that order).
    expect(QUEUES.findIndex((q) => q.name === EMAIL_SEND_DEAD)).toBeLessThan(QUEUES.findIndex((q) => q.name === EMAIL_SEND));
  });

  it('retries with growing delays, then moves the mail to the dead-letter queue and says so', async () => {
    // A lead whose welcome is queued here rather than by the route, with a short retry policy.
    const email = 'sin-servidor@example.com';
    await t.store.append(
      visitorStreamId(email),
      [LeadCaptured.create({ email, nick: 'Sina', page: 'nostalgia', section: 'fragmento', status: 'downloaded', firstForSource: true })],
      { expectedVersion: 0 },
    );
    const data = { kind: 'lead-welcome', leadId: visitorStreamId(email), page: 'nostalgia', section: 'fragmento' };
    // The queue's own policy takes 21–43 minutes to give up; the same mechanism with a 1 s base and two
    // retries takes seconds. Everything else (worker, dead-letter queue) is the production wiring.
    const id = (await t.jobs.send(EMAIL_SEND, data, { retryLimit: 2, retryDelay: 1, retryBackoff: true }))!;

    await waitFor(async () => (await jobState(EMAIL_SEND, id))?.state === 'failed', { timeoutMs: 25_000, what: 'the job to fail for good' });
    const failures = failuresOf(id);
    expect(failures.map((l) => [l.level, l.obj.attempt])).toEqual([
      ['warn', 1],
      ['warn', 2],
      ['error', 3],
    ]);
    expect(failures.at(-1)!.msg).toContain(EMAIL_SEND_DEAD);
    expect(failures.every((l) => /ECONNREFUSED/.test(String(l.obj.error)))).toBe(true);
    // Backoff: the n-th retry waits at least retryDelay × 2^n seconds (plus up to as much again, random).
    const gaps = failures.slice(1).map((l, i) => l.at - failures[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(1000 - 100);
    expect(gaps[1]).toBeGreaterThanOrEqual(2000 - 100);
    // No address in the log.
    expect(JSON.stringify(failures)).not.toContain('sin-servidor');

    // In the dead-letter queue with its payload (ids: no address, no name), counted by /api/health and listed
    // for the operator.
    const dead = await waitFor(async () => (await db.pool.query('SELECT data, output FROM pgboss.job WHERE name = $1', [EMAIL_SEND_DEAD])).rows, {
      what: 'the dead letter',
    });
    expect(dead.map((r) => r.data)).toEqual([data]);
    expect(JSON.stringify(dead)).not.toMatch(/sin-servidor|Sina/);
    expect(await health()).toMatchObject({ database: 'ok', queue: 'ok', mailDeadLetters: 1 });
    const listed = await listDeadLetters(db.pool);
    expect(listed).toEqual([expect.objectContaining({ kind: 'lead-welcome:nostalgia:fragmento', attempts: 3 })]);
    expect(JSON.stringify(listed)).not.toMatch(/sin-servidor|Sina/);
  }, 40_000);

  it('a mail whose server comes back before the limit is delivered exactly once (a real lead, the real retry policy)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/add',
      payload: { email: 'vuelve@example.com', nick: 'Vera', page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await db.pool.query<{ id: string }>("SELECT id::text FROM pgboss.job WHERE name = $1 AND data->>'leadId' = $2", [
      EMAIL_SEND,
      visitorStreamId('vuelve@example.com'),
    ]);
    const id = rows[0]!.id;
    await waitFor(() => failuresOf(id).length > 0, { what: 'the first failed attempt' });

    smtp = await startSmtpCapture({ port: smtpPort });
    const mail = await waitFor(() => smtp!.mailsTo('vuelve@example.com')[0], { timeoutMs: 25_000, what: 'the mail once the server is back' });
    expect(mail.mail.subject).toBe('Tu audiolibro «Soltar el Pasado» ya es tuyo');
    expect(mail.mail.messageId).toBe(`<${id}@manifiesta.local>`);
    await waitFor(async () => (await jobState(EMAIL_SEND, id))?.state === 'completed', { what: 'the job to complete' });

    // Nothing is sent twice, and nothing more goes to the dead-letter queue.
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.mailsTo('vuelve@example.com')).toHaveLength(1);
    expect(failuresOf(id).every((l) => l.level === 'warn')).toBe(true);
    expect((await health()).mailDeadLetters).toBe(1);
  }, 40_000);

  it('the operator sends the dead letter back once SMTP works (server/dead-letters.ts redrive): delivered once', async () => {
    expect(await t.jobs.boss.redrive(EMAIL_SEND_DEAD, { destination: EMAIL_SEND })).toBe(1);
    const mail = await waitFor(() => smtp!.mailsTo('sin-servidor@example.com')[0], { timeoutMs: 15_000, what: 'the redriven mail' });
    expect(mail.mail.subject).toBe('Tu audiolibro «Soltar el Pasado» ya es tuyo');
    expect(mail.mail.text).toContain('¡Hola, Sina!');
    expect((await health()).mailDeadLetters).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp!.mailsTo('sin-servidor@example.com')).toHaveLength(1);
  }, 30_000);
});

describe('SMTP errors in the log carry no address', () => {
  it('the addresses a server quotes back are masked', () => {
    expect(withoutAddresses("Can't send mail - all recipients were rejected: 550 5.1.1 <ana.perez@example.com>: Recipient address rejected")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[dirección]>: Recipient address rejected",
    );
    expect(withoutAddresses('connect ECONNREFUSED 127.0.0.1:2525')).toBe('connect ECONNREFUSED 127.0.0.1:2525');
  });
});
