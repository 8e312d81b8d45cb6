import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../events/leads/leads';
import { LeadCaptured } from '../../events/leads/leads.events';
import { ConcurrencyError } from '../../events/store/event-store';
import { countEmailJobs, countEvents, mailDeps, startTestApp, waitFor, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { addresses, startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';
import { EMAIL_SEND } from './send-email';

const FROM = 'Manifiesta <hola@manifiesta.local>';

const lead = (email: string, nick: string) => ({ email, nick, page: 'nostalgia', section: 'fragmento', status: 'downloaded' });

function captureLog() {
  const lines: Array<{ obj: object; msg: string }> = [];
  return { lines, log: { info: (obj: object, msg: string) => void lines.push({ obj, msg }) } };
}

async function jobIds(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>("SELECT id::text AS id FROM pgboss.job WHERE name = 'email.send' ORDER BY created_on");
  return rows.map((r) => r.id);
}

describe('welcome mail through a real SMTP server', () => {
  let db: TestDatabase;
  let t: TestApp;
  let smtp: SmtpCapture;
  let outboxDir: string;
  const { lines, log } = captureLog();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-outbox-smtp-'));
    db = await createTestDatabase();
    t = await startTestApp(db);
    await t.jobs.startWorkers({ smtpUrl: smtp.url, from: FROM, outboxDir, log, ...mailDeps(db) });
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await smtp?.close();
    if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
  });

  it('delivers the Spanish welcome mail of a new lead to the lead', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/add', payload: lead('lucia.smtp@example.com', 'Lucía') });
    expect(res.statusCode).toBe(200);

    const { mail, rcptTo } = await waitFor(() => smtp.received[0], { what: 'the welcome mail at the SMTP server' });
    expect(rcptTo).toEqual(['lucia.smtp@example.com']);
    expect(addresses(mail.to)).toEqual(['lucia.smtp@example.com']);
    expect(addresses(mail.from)).toEqual(['hola@manifiesta.local']);
    expect(mail.subject).toBe('Tu audiolibro «Soltar el Pasado» ya es tuyo');
    expect(mail.text).toContain('¡Hola, Lucía!');
    expect(mail.text).toContain('http://localhost:3000/nostalgia');

    const [jobId] = await jobIds(db);
    expect(mail.messageId).toBe(`<${jobId}@manifiesta.local>`);

    // SMTP mode writes nothing to the outbox, and logs no address.
    await waitFor(() => lines.length > 0, { what: 'the mail log line' });
    expect(await readdir(outboxDir)).toEqual([]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('lucia');
    expect(logged).not.toContain('@');
    expect(lines[0]!.obj).toMatchObject({ job: jobId, kind: 'lead-welcome:nostalgia:fragmento' });
  });
});

describe('welcome mail to the outbox when no SMTP server is configured', () => {
  let db: TestDatabase;
  let t: TestApp;
  let outboxDir: string;
  const { lines, log } = captureLog();

  beforeAll(async () => {
    // The folder does not exist yet: the mailer creates it.
    outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'manifiesta-outbox-')), 'outbox');
    db = await createTestDatabase();
    t = await startTestApp(db);
    await t.jobs.startWorkers({ from: FROM, outboxDir, log, ...mailDeps(db) });
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    if (outboxDir) await rm(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('writes the mail as one .eml file named after the job and logs no e-mail address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/add', payload: lead('marta.outbox@example.com', 'Marta') });
    expect(res.statusCode).toBe(200);

    const files = await waitFor(
      async () => {
        const names = await readdir(outboxDir).catch(() => [] as string[]);
        return names.length > 0 && lines.length > 0 ? names : undefined;
      },
      { what: 'the .eml file in the outbox' },
    );
    const [jobId] = await jobIds(db);
    expect(files).toEqual([`${jobId}.eml`]);

    const file = path.join(outboxDir, files[0]!);
    expect((await stat(file)).size).toBeGreaterThan(0);
    const mail = await simpleParser(await readFile(file));
    expect(addresses(mail.to)).toEqual(['marta.outbox@example.com']);
    expect(mail.subject).toBe('Tu audiolibro «Soltar el Pasado» ya es tuyo');
    expect(mail.text).toContain('¡Hola, Marta!');
    expect(mail.text).toContain('http://localhost:3000/nostalgia');
    expect(mail.messageId).toBe(`<${jobId}@manifiesta.local>`);

    expect(lines).toHaveLength(1);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('marta');
    expect(logged).not.toMatch(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/);
    expect(lines[0]!.obj).toMatchObject({ job: jobId, kind: 'lead-welcome:nostalgia:fragmento', file });
  });
  it('sends to every address the lead form accepts, accented ones included', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/add', payload: lead('ñandú@correo.com', 'Ñandú') });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(
      async () => {
        for (const name of await readdir(outboxDir).catch(() => [] as string[])) {
          const parsed = await simpleParser(await readFile(path.join(outboxDir, name)));
          if (parsed.text?.includes('¡Hola, Ñandú!')) return parsed;
        }
        return undefined;
      },
      { what: 'the welcome mail to an accented address' },
    );
    expect(mail.subject).toBe('Tu audiolibro «Soltar el Pasado» ya es tuyo');
  });
});

describe('jobs are enqueued in the append transaction', () => {
  let db: TestDatabase;
  let t: TestApp;

  const welcome = (to: string) => ({ name: EMAIL_SEND, data: { kind: 'lead-welcome', leadId: visitorStreamId(to), page: 'nostalgia', section: 'fragmento' } });
  const captured = (email: string) =>
    LeadCaptured.create({ email, nick: 'Ana', page: 'nostalgia', section: 'fragmento', status: 'downloaded', firstForSource: true });

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestApp(db); // no workers: queued jobs stay where they are
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('a committed append enqueues its job', async () => {
    const email = 'committed@example.com';
    const before = await countEmailJobs(db.pool);
    await t.store.append(visitorStreamId(email), [captured(email)], { expectedVersion: 0, jobs: [welcome(email)] });
    expect(await countEmailJobs(db.pool)).toBe(before + 1);
    const { rows } = await db.pool.query("SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'leadId' = $1", [visitorStreamId(email)]);
    expect(rows).toHaveLength(1);
  });

  it('an append refused for its expected version enqueues nothing', async () => {
    const email = 'conflict@example.com';
    const stream = visitorStreamId(email);
    await t.store.append(stream, [captured(email)], { expectedVersion: 0 });
    const jobsBefore = await countEmailJobs(db.pool);
    const eventsBefore = await countEvents(db.pool);

    await expect(t.store.append(stream, [captured(email)], { expectedVersion: 0, jobs: [welcome(email)] })).rejects.toBeInstanceOf(ConcurrencyError);

    expect(await countEmailJobs(db.pool)).toBe(jobsBefore);
    expect(await countEvents(db.pool)).toBe(eventsBefore);
  });

  it('a job enqueued before the transaction fails is rolled back with it', async () => {
    const email = 'rollback@example.com';
    const jobsBefore = await countEmailJobs(db.pool);
    const eventsBefore = await countEvents(db.pool);

    // The first job is written inside the transaction; the second fails (no such queue), so nothing commits.
    await expect(
      t.store.append(visitorStreamId(email), [captured(email)], {
        expectedVersion: 0,
        jobs: [welcome(email), { name: 'no.such.queue', data: {} }],
      }),
    ).rejects.toThrow(/no\.such\.queue/);

    expect(await countEmailJobs(db.pool)).toBe(jobsBefore);
    expect(await countEvents(db.pool)).toBe(eventsBefore);
    expect(await t.store.streamVersion(visitorStreamId(email))).toBe(0);
    expect((await db.pool.query('SELECT 1 FROM leads WHERE email = $1', [email])).rowCount).toBe(0);
  });
});
