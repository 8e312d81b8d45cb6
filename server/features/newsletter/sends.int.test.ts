// The coach's send routes (decision 0020) on the real app, queue and SMTP: who may send, what a bad time or a second
// send answers (in Spanish, writing nothing), that what goes out is the letter as it was scheduled, and the counts
// the letter shows. The sending itself at scale is jobs/newsletter/send-letter.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_SEND_MESSAGES as M } from '../../../course/letter-sends';
import { ROLES } from '../../../events/accounts/accounts.events';
import { count, countEvents, startMailWorkers, startTestApp, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { addSubscribers } from '../../../tests/setup/subscribers';

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
  removeOutbox = await startMailWorkers(t, db, smtp.url, { letters: { ratePerMinute: 100_000 } });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
  await addSubscribers(t.store, 'lectora', 3);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const post = (url: string, payload?: object, who: Learner = coach) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const letterOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/coach/letters/${id}`, headers: { cookie: coach.cookie } })).json().data;

let n = 0;
async function draft(title = `Carta ${n + 1}`) {
  n++;
  const res = await post('/api/coach/letters', { title, slug: `carta-envio-${n}`, series: 'dean', markdown: `Hola, esta es la carta ${n}.` });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const sentTo = (title: string) => smtp.received.filter((m) => m.mail.subject === title).length;
const sendJobs = () => count(db.pool, "SELECT count(*) AS n FROM pgboss.job WHERE name LIKE 'newsletter-%'");

describe('sending a letter', () => {
  it('is the coach’s alone', async () => {
    const id = await draft();
    const before = [await countEvents(db.pool), await sendJobs()];
    const res = await post(`/api/coach/letters/${id}/send`, {}, learner);
    expect(res.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: `/api/coach/letters/${id}/send`, payload: {} });
    expect(guest.statusCode).toBe(401);
    expect([await countEvents(db.pool), await sendJobs()]).toEqual(before);
  });

  it('refuses a time in the past, too far ahead or unreadable, and an unknown letter, in Spanish, writing nothing', async () => {
    const id = await draft();
    const before = [await countEvents(db.pool), await sendJobs()];
    for (const [at, message] of [
      [new Date(Date.now() - 60_000).toISOString(), M.atPast],
      [new Date(Date.now() + 61 * 86_400_000).toISOString(), M.atTooFar],
      ['mañana a las diez', M.atInvalid],
    ] as const) {
      const res = await post(`/api/coach/letters/${id}/send`, { at });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const unknown = await post(`/api/coach/letters/${crypto.randomUUID()}/send`, {});
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.letterNotFound]);
    const noSend = await post(`/api/coach/letters/${id}/send/pause`);
    expect([noSend.statusCode, noSend.json().message]).toEqual([404, M.noSend]);
    expect([await countEvents(db.pool), await sendJobs()]).toEqual(before);
    expect((await letterOf(id)).send).toBeNull();
  });

  it('answers a retry under the same Idempotency-Key as the first time, writing nothing more', async () => {
    const id = await draft();
    const headers = { cookie: coach.cookie, 'idempotency-key': `envio-${id}` };
    const payload = { at: inMinutes(30) };
    const first = await t.app.inject({ method: 'POST', url: `/api/coach/letters/${id}/send`, headers, payload });
    expect(first.statusCode).toBe(200);
    const before = [await countEvents(db.pool), await sendJobs()];
    const again = await t.app.inject({ method: 'POST', url: `/api/coach/letters/${id}/send`, headers, payload });
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect([await countEvents(db.pool), await sendJobs()]).toEqual(before);
  });

  it('schedules, pauses, resumes and cancels; a cancelled send can be scheduled again', async () => {
    const id = await draft();
    const at = inMinutes(90);
    const scheduled = await post(`/api/coach/letters/${id}/send`, { at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ message: M.scheduled, data: { state: 'scheduled', scheduledAt: at, total: 0 } });
    const again = await post(`/api/coach/letters/${id}/send`, {});
    expect([again.statusCode, again.json().message]).toEqual([409, M.inProgress]);
    expect((await post(`/api/coach/letters/${id}/send/pause`)).json().data.state).toBe('paused');
    expect((await post(`/api/coach/letters/${id}/send/resume`)).json().data.state).toBe('scheduled');
    const cancelled = await post(`/api/coach/letters/${id}/send/cancel`);
    expect(cancelled.json()).toMatchObject({ message: M.cancelled, data: { state: 'cancelled' } });
    const resume = await post(`/api/coach/letters/${id}/send/resume`);
    expect([resume.statusCode, resume.json().message]).toEqual([409, M.notResumable]);
    expect((await letterOf(id)).send.state).toBe('cancelled');
    const rescheduled = await post(`/api/coach/letters/${id}/send`, { at: inMinutes(120) });
    expect(rescheduled.json().data.state).toBe('scheduled');
  });

  it('sends the letter as it was when scheduled, once: a second send is a 409', async () => {
    const id = await draft('Como estaba');
    const sent = await post(`/api/coach/letters/${id}/send`, {});
    expect(sent.json()).toMatchObject({ message: M.sendingNow });
    // An edit right after changes the letter, not what this send delivers.
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/coach/letters/${id}`, headers: { cookie: coach.cookie }, payload: { title: 'Ya cambiada' } }))
        .statusCode,
    ).toBe(200);
    await waitFor(async () => (await letterOf(id)).send?.state === 'completed', { what: 'the send to complete' });
    expect(sentTo('Como estaba')).toBe(3);
    expect(sentTo('Ya cambiada')).toBe(0);
    expect((await letterOf(id)).send).toMatchObject({ state: 'completed', total: 3, sent: 3, failed: 0, queued: 0, skipped: 0, unsubscribedAfter: 0 });
    const before = await countEvents(db.pool);
    const second = await post(`/api/coach/letters/${id}/send`, {});
    expect([second.statusCode, second.json().message]).toEqual([409, M.alreadySent]);
    const cancel = await post(`/api/coach/letters/${id}/send/cancel`);
    expect([cancel.statusCode, cancel.json().message]).toEqual([409, M.notCancellable]);
    expect(await countEvents(db.pool)).toBe(before);
  });
});
