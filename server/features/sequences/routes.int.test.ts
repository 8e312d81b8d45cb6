// The welcome sequences end to end (decision 0021): the coach's steps over HTTP, a lead's welcome at once and steps 2
// and 3 when the sweep finds them due (time driven by the sweep's `now`), once each, and the exits — on the real
// PostgreSQL, real pg-boss workers and a real SMTP server on loopback.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCE_MESSAGES } from '../../../course/sequences';
import { learnerStreamId, ROLES, UserRegistered } from '../../../events/accounts/accounts.events';
import { visitorStreamId } from '../../../events/leads/leads';
import { confirmWrites } from '../../../events/payments/payments';
import { sweepSequences } from '../../../jobs/sequences/sweep';
import { countEvents, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../tests/setup/smtp';
import { LeadCaptured } from '../../../events/leads/leads.events';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let removeOutbox: () => Promise<void>;
let coach: Learner;
let learner: Learner;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db);
  removeOutbox = await startMailWorkers(t, db, smtp.url);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const as = (who: Learner | null) => (who ? { cookie: who.cookie } : {});
const STEP = '/api/coach/sequences/niveles/pdf/steps';
const write = (step: number, payload: object, who: Learner | null = coach, source = 'niveles/pdf') =>
  t.app.inject({ method: 'PUT', url: `/api/coach/sequences/${source}/steps/${step}`, headers: as(who), payload });
const clear = (step: number, who: Learner | null = coach) => t.app.inject({ method: 'DELETE', url: `${STEP}/${step}`, headers: as(who) });
const list = (who: Learner | null = coach) => t.app.inject({ method: 'GET', url: '/api/coach/sequences', headers: as(who) });
const sweep = (now: Date) => sweepSequences({ db: db.pool, enqueue: t.jobs.enqueue }, now);
const DAY = 24 * 3600 * 1000;

const STEP_2 = { subject: 'Una práctica para hoy', markdown: 'Vuelve a la guía y elige [un nivel](/niveles) para observar hoy.', day: 2 };
const STEP_3 = { subject: 'Lo que cambia en una semana', markdown: 'Cuéntate qué notaste estos días.', day: 5 };

async function download(email: string, nick = 'Lucía', page = 'niveles', section = 'pdf') {
  const res = await t.app.inject({ method: 'POST', url: '/api/leads/add', payload: { email, nick, page, section, status: 'downloaded' } });
  expect(res.statusCode, res.body).toBe(200);
  await mailSettled(db.pool);
  return visitorStreamId(email);
}
const enrolment = async (streamId: string) =>
  (await db.pool.query('SELECT enrolled_at, exited_at, exit_reason FROM sequence_enrolments WHERE stream_id = $1', [streamId])).rows[0];
/** The RFC 8058 URI of a mail's List-Unsubscribe header. */
const listUnsubscribe = (mail: CapturedMail['mail']) =>
  /^List-Unsubscribe: <(\S+)>$/.exec(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ') ?? '')?.[1];
const deliveries = async (streamId: string) => (await db.pool.query('SELECT step FROM sequence_deliveries WHERE stream_id = $1', [streamId])).rowCount;
const subjectsTo = (email: string) => smtp.mailsTo(email).map((m) => m.mail.subject);

describe('the coach’s sequences', () => {
  it('lists the four downloads with the default welcome as step 1 and steps 2–3 unwritten; only the coach', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const sequences = res.json().data;
    expect(sequences.map((s: { page: string; section: string }) => `${s.page}|${s.section}`)).toEqual([
      'nostalgia|fragmento',
      'niveles|pdf',
      'afirmaciones|fragmento',
      'afirmaciones|ebook',
    ]);
    expect(sequences[1].steps).toEqual([
      expect.objectContaining({ step: 1, day: 0, subject: 'Tu guía de los niveles de conciencia', written: false }),
      { step: 2, day: 2, subject: null, markdown: null, written: false },
      { step: 3, day: 5, subject: null, markdown: null, written: false },
    ]);
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(learner)).statusCode).toBe(403);
    const before = await countEvents(db.pool);
    expect((await write(2, STEP_2, learner)).statusCode).toBe(403);
    expect((await clear(2, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${STEP}/1/test`, headers: as(learner) })).statusCode).toBe(403);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses bad steps in Spanish and writes nothing', async () => {
    const before = await countEvents(db.pool);
    for (const [step, payload, status, message] of [
      [2, { ...STEP_2, subject: ' ' }, 400, SEQUENCE_MESSAGES.subject],
      [2, { ...STEP_2, subject: 'x'.repeat(121) }, 400, SEQUENCE_MESSAGES.subjectTooLong],
      [2, { ...STEP_2, markdown: 'x'.repeat(20_001) }, 400, SEQUENCE_MESSAGES.markdownTooLong],
      [2, { ...STEP_2, day: 0 }, 400, SEQUENCE_MESSAGES.day],
      [2, { ...STEP_2, day: 31 }, 400, SEQUENCE_MESSAGES.day],
      [1, { ...STEP_2, day: 2 }, 400, SEQUENCE_MESSAGES.firstDay],
      [4, STEP_2, 400, SEQUENCE_MESSAGES.step],
    ] as const) {
      const res = await write(step, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await write(2, STEP_2, coach, 'Newsletter%20Archive/Subscription%20Form')).statusCode).toBe(404);
    expect((await clear(1)).json().message).toBe(SEQUENCE_MESSAGES.clearFirst);
    expect((await t.app.inject({ method: 'POST', url: `${STEP}/3/test`, headers: as(coach) })).statusCode).toBe(409);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('keeps the steps in order, takes out step 3, and sends the coach a test', async () => {
    expect((await write(3, { ...STEP_3, day: 2 })).statusCode).toBe(200);
    const late = await write(2, { ...STEP_2, day: 3 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(SEQUENCE_MESSAGES.orderNext(2, 3));
    const cleared = await clear(3);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.steps[2]).toMatchObject({ step: 3, written: false, subject: null });
    const saved = await write(2, STEP_2);
    expect(saved.json().data.steps[1]).toEqual({ step: 2, ...STEP_2, written: true });

    const test = await t.app.inject({ method: 'POST', url: `${STEP}/2/test`, headers: as(coach) });
    expect(test.statusCode, test.body).toBe(202);
    await mailSettled(db.pool);
    const [mail] = smtp.mailsTo(coach.email);
    expect(mail?.mail.subject).toBe(`[Prueba] ${STEP_2.subject}`);
    expect(mail?.mail.text).toContain('Vuelve a la guía y elige un nivel');
  });
});

describe('a lead in the sequence', () => {
  it('gets the welcome at once from step 1, steps 2 and 3 when due and once each; an unwritten step is skipped', async () => {
    const email = `lucia-${randomUUID().slice(0, 6)}@example.com`;
    const streamId = await download(email);
    expect(subjectsTo(email)).toEqual(['Tu guía de los niveles de conciencia']);
    const welcome = smtp.mailsTo(email)[0]!.mail;
    expect(welcome.text).toContain('¡Hola, Lucía!');
    expect(welcome.text).toContain('Gracias por confiar en este espacio. Ya tienes la guía en PDF de los niveles de conciencia.');
    expect(listUnsubscribe(welcome)).toMatch(/^https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=/);

    const { enrolled_at: enrolledAt } = await enrolment(streamId);
    // Step 3 unwritten (taken out above): never sent. Step 2 not yet due on day 1.
    expect(await sweep(new Date(enrolledAt.getTime() + DAY))).toEqual({ queued: 0, exited: 0 });
    const day2 = new Date(enrolledAt.getTime() + 2 * DAY + 60_000);
    const [a, b] = await Promise.all([sweep(day2), sweep(day2)]);
    expect(a.queued + b.queued).toBe(1);
    expect((await sweep(day2)).queued).toBe(0);
    await mailSettled(db.pool);
    expect(subjectsTo(email)).toEqual(['Tu guía de los niveles de conciencia', STEP_2.subject]);
    const step2 = smtp.mailsTo(email)[1]!.mail;
    expect(step2.text).toContain('¡Hola, Lucía!');
    expect(String(step2.html)).toContain('utm_campaign=niveles-pdf-2');

    // Step 3 written now, while its moment (day 5) is ahead: it goes on day 5.
    expect((await write(3, STEP_3)).statusCode).toBe(200);
    await sweep(new Date(enrolledAt.getTime() + 5 * DAY + 60_000));
    await mailSettled(db.pool);
    expect(subjectsTo(email)).toEqual(['Tu guía de los niveles de conciencia', STEP_2.subject, STEP_3.subject]);
    const counts = (await list()).json().data[1].counts;
    expect(counts.sent['2']).toBeGreaterThanOrEqual(1);
  });

  it('a step written more than a day after a lead’s moment for it is not sent to her', async () => {
    const email = `tarde-${randomUUID().slice(0, 6)}@example.com`;
    const streamId = await download(email);
    const { enrolled_at: enrolledAt } = await enrolment(streamId);
    await sweep(new Date(enrolledAt.getTime() + 3 * DAY + 60_000));
    expect(await deliveries(streamId)).toBe(0);
    await mailSettled(db.pool);
    expect(subjectsTo(email)).toEqual(['Tu guía de los niveles de conciencia']);
  });

  it('leaves when she unsubscribes from the welcome’s link: nothing more, the exit recorded', async () => {
    const email = `baja-${randomUUID().slice(0, 6)}@example.com`;
    const streamId = await download(email);
    const url = new URL(listUnsubscribe(smtp.mailsTo(email)[0]!.mail)!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await enrolment(streamId)).toMatchObject({ exit_reason: 'unsubscribed' });
    const { enrolled_at: enrolledAt } = await enrolment(streamId);
    await sweep(new Date(enrolledAt.getTime() + 2 * DAY + 60_000));
    await mailSettled(db.pool);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('leaves when she signs up or buys with that address: nothing more, the exit recorded', async () => {
    for (const bought of [false, true]) {
      const email = `sale-${randomUUID().slice(0, 6)}@example.com`;
      const streamId = await download(email);
      const userId = randomUUID();
      await t.store.append(learnerStreamId(userId), [UserRegistered.create({ userId, username: `u-${userId.slice(0, 8)}`, email })], { expectedVersion: 0 });
      if (bought)
        await t.store.appendMany(
          confirmWrites({ id: String(Date.now()), productId: 'manifiesta-curso-completo', amount: 270, currency: 'USD' }, userId, 'confirm'),
        );
      const { enrolled_at: enrolledAt } = await enrolment(streamId);
      await sweep(new Date(enrolledAt.getTime() + 2 * DAY + 60_000));
      expect(await deliveries(streamId)).toBe(0);
      await mailSettled(db.pool);
      expect(smtp.mailsTo(email)).toHaveLength(1);
      expect(await enrolment(streamId)).toMatchObject({ exit_reason: bought ? 'bought' : 'signed-up' });
    }
  });

  it('never puts a hostile nick in a mail', async () => {
    for (const nick of ['https://evil.example', 'evil.example', 'Ana ana@evil.example', 'Ana 5551234', 'A'.repeat(41)]) {
      const email = `hostil-${randomUUID().slice(0, 6)}@example.com`;
      const streamId = visitorStreamId(email);
      // An old lead, from before the forms checked names: the event holds whatever was typed.
      await t.store.append(streamId, [LeadCaptured.create({ email, nick, page: 'niveles', section: 'pdf', status: 'downloaded', firstForSource: true })], {
        expectedVersion: 0,
        jobs: [{ name: 'email.send', data: { kind: 'lead-welcome', leadId: streamId, page: 'niveles', section: 'pdf' } }],
      });
      const { enrolled_at: enrolledAt } = await enrolment(streamId);
      await sweep(new Date(enrolledAt.getTime() + 2 * DAY + 60_000));
      await mailSettled(db.pool);
      const mails = smtp.mailsTo(email);
      expect(mails).toHaveLength(2);
      for (const { mail } of mails) {
        expect(mail.text).toContain('¡Hola!');
        expect(`${mail.text} ${mail.html}`).not.toContain(nick.slice(0, 12));
      }
    }
  });

  it('forgetting the address removes its enrolments and deliveries', async () => {
    expect((await write(2, STEP_2)).statusCode).toBe(200);
    const email = `olvido-${randomUUID().slice(0, 6)}@example.com`;
    const streamId = await download(email);
    const { enrolled_at: enrolledAt } = await enrolment(streamId);
    await sweep(new Date(enrolledAt.getTime() + 2 * DAY + 60_000));
    await mailSettled(db.pool);
    expect(await deliveries(streamId)).toBe(1);
    const forget = decodeURIComponent(/\/olvidar\?token=([\w.%-]+)/.exec(smtp.mailsTo(email)[0]!.mail.text ?? '')![1]!);
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/forget', payload: { token: forget }, headers: { origin: TEST_CONFIG.publicUrl } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await enrolment(streamId)).toBeUndefined();
    expect(await deliveries(streamId)).toBe(0);
  });
});
