// npm run bench:newsletter — a letter to 10,000 confirmed subscribers through the real path (decision 0020): the
// fan-out job, batch jobs through pg-boss, a claim and a mark per delivery, each mail rendered with its own
// unsubscribe link and headers, to a local SMTP sink (smtp-server on loopback, which only counts what it accepts).
// The floor, in the same run and to the same sink: raw nodemailer sends of the same message over the same number of
// pooled connections, no queue and no database. Uses BENCH_DATABASE_URL when set, else a throwaway embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { letterSendStats } from '../events/letter-sends/queries';
import { BATCH_SIZE, runLetterSendCommand } from '../jobs/newsletter/send-letter';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { letterPreparer, newsletterWorkerDeps } from '../server/features/newsletter/letter-mail';
import { composeRuntime } from '../server/runtime';
import { addSubscribers } from '../tests/setup/subscribers';
import { openBenchDatabase } from './database';

const LETTERS = Number(process.env.BENCH_LETTERS ?? 10_000);
/** SMTP connections, for the floor and for the workers' pooled transport alike. */
const CONNECTIONS = 4;
const MARKDOWN = [
  'Hola:',
  '',
  'Hoy quiero contarte algo sencillo. Cuando dejas de pelear con lo que sientes, lo que sientes empieza a moverse.',
  '',
  '## Una práctica para esta semana',
  '',
  '- Antes de dormir, escribe tres cosas que hiciste por ti.',
  '- Al despertar, elige una intención para el día.',
  '',
  'Si quieres ir más hondo, [el curso](/curso) te acompaña paso a paso.',
  '',
  'Con cariño,',
].join('\n');

async function startSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        accepted++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, accepted: () => accepted, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const db = await openBenchDatabase(`manifiesta_newsletter_bench_${Date.now()}`, 16);
const sink = await startSink();
const outboxDir = await mkdtemp(path.join(tmpdir(), 'manifiesta-bench-'));
const config = { ...loadConfig({}), LOG_LEVEL: 'silent' as const, SMTP_URL: sink.url };
try {
  await migrate(db.pool);
  const runtime = await composeRuntime({ config, database: db, log: pino({ level: 'silent' }) });
  try {
    const emails = await addSubscribers(runtime.store, 'lectora', LETTERS);
    const letterId = randomUUID();
    const letter = { title: 'Lo que sientes se mueve', slug: 'lo-que-sientes-se-mueve', series: 'dean' as const, markdown: MARKDOWN };

    // The floor: the same mail (rendered once, as the workers do), raw nodemailer, no queue, no database.
    const mailFor = await letterPreparer(
      db.pool,
      config.publicUrl,
    )({ ...letter, cover: null, sendId: randomUUID(), letterId, phase: 'scheduled', scheduledAt: new Date(), batches: null });
    const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: CONNECTIONS });
    const floorStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS * 2 }, async () => {
        while (next < emails.length) {
          const i = next++;
          const mail = mailFor({ streamId: `visitor-${i.toString(16).padStart(32, '0')}`, email: emails[i]! });
          await transport.sendMail({ from: config.MAIL_FROM, to: emails[i], subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        }
      }),
    );
    const floorSeconds = (performance.now() - floorStart) / 1000;
    transport.close();

    // The real path: the workers of this process, at a pace that does not hold them back.
    const mail = { smtpUrl: sink.url, from: config.MAIL_FROM, outboxDir, log: { info: () => {}, warn: () => {}, error: () => {} } };
    await runtime.jobs.startWorkers({
      ...mail,
      resolve: async () => ({ skip: 'bench' }),
      throttle: { admit: async () => true },
      newsletter: newsletterWorkerDeps(db.pool, runtime.store, runtime.jobs.enqueue, { ...mail, publicUrl: config.publicUrl, ratePerMinute: 10_000_000 }),
    });
    const before = sink.accepted();
    const start = performance.now();
    await runLetterSendCommand(runtime.store, db.pool, letterId, { type: 'Schedule', sendId: randomUUID(), letterId, letter, at: new Date() });
    let fannedOut = 0;
    for (;;) {
      const stats = await letterSendStats(db.pool, letterId);
      if (!fannedOut && stats && stats.total > 0) fannedOut = performance.now();
      if (stats?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - start) / 1000;
    const delivered = sink.accepted() - before;
    const stats = await letterSendStats(db.pool, letterId);
    if (delivered !== LETTERS || stats?.sent !== LETTERS) throw new Error(`expected ${LETTERS} letters, the sink accepted ${delivered} (sent: ${stats?.sent})`);

    const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en')}/s`;
    console.log(
      `newsletter benchmark, ${new Date().toISOString().slice(0, 10)}: ${LETTERS.toLocaleString('en')} letters, ${CONNECTIONS} SMTP connections, batches of ${BATCH_SIZE}`,
    );
    console.log(`floor (raw nodemailer, no queue): ${floorSeconds.toFixed(1)} s, ${rate(LETTERS, floorSeconds)}`);
    console.log(
      `queue (schedule → completed):     ${seconds.toFixed(1)} s, ${rate(LETTERS, seconds)}; fan-out recorded after ${((fannedOut - start) / 1000).toFixed(1)} s`,
    );
    console.log(`queue / floor: ${Math.round((floorSeconds / seconds) * 100)}% of the floor's throughput`);
  } finally {
    await runtime.close();
  }
} finally {
  await sink.close();
  await db.close();
  await rm(outboxDir, { recursive: true, force: true });
}
