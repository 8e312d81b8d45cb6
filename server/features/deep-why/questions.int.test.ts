import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhyQuestionGenerator, FIRST_FALLBACK } from '../../../jobs/deep-why/why-question';
import { count, countEvents, mailDeps } from '../../../tests/setup/app';
import { MAX_RECORDED_WHY_QUESTIONS } from '../../../events/deep-why/deep-why';
import { WhyQuestionAsked } from '../../../events/deep-why/deep-why.events';
import { AI_FAILURES_TO_OPEN } from './ai-availability';
import { startFakeGemini, type FakeGemini } from '../../../tests/fakes/gemini';
import { startTestApp, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { recordWhyQuestion, whyQuestionTexts } from './questions';

let db: TestDatabase;
let t: TestApp;
let gemini: FakeGemini;
let failGeneration = false;
const quiet = { info: () => {} };

beforeAll(async () => {
  gemini = await startFakeGemini();
  db = await createTestDatabase();
  // The app knows a key is configured; the worker below talks to the fake.
  t = await startTestApp(db, { config: { GEMINI_API_KEY: 'clave' } });
  const generate = createWhyQuestionGenerator({ apiKey: 'clave', model: 'gemini-2.5-flash', baseUrl: gemini.baseUrl, timeoutMs: 2000 });
  await t.jobs.startWorkers({
    from: 'Manifiesta <hola@manifiesta.local>',
    outboxDir: '/tmp/manifiesta-unused-outbox',
    log: quiet,
    ...mailDeps(db),
    whyQuestions: {
      generate: async (input) => {
        if (failGeneration) throw new Error('the worker crashed');
        return generate(input);
      },
      record: (job, q) => recordWhyQuestion(t.store, job, q),
      texts: whyQuestionTexts(db.pool),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await gemini?.close();
});

const ask = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/activity/deepWhy/question', payload, headers: cookie ? { cookie } : {} });
const poll = (id: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/activity/deepWhy/question/${id}?_=1`, headers: cookie ? { cookie } : {} });
async function answered(id: string, cookie?: string) {
  return waitFor(
    async () => {
      const body = (await poll(id, cookie)).json();
      return body.data?.status === 'done' ? body.data : undefined;
    },
    { what: 'the generated question', timeoutMs: 20_000 },
  );
}
const post = (l: Learner, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: l.cookie }, payload });

describe('deep-why questions through the job queue', () => {
  it("a learner's first question is made by Gemini from their own texts, and recorded in their stream", async () => {
    const l = await createLearner(t.app, t.store);
    await post(l, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId: 'finances', score: 2 });
    await post(l, '/api/activity/markAsComplete', { activityId: '12-areas-balance' });
    await post(l, '/api/activity/saveAreaDefinition', {
      activityId: 'concientizando-areas-balance',
      areaId: 'finances',
      definition: 'Siento que el dinero nunca alcanza.',
    });
    await post(l, '/api/activity/markAsComplete', { activityId: 'concientizando-areas-balance' });
    await post(l, '/api/activity/saveAreaDefinition', {
      activityId: 'viendo-hacia-atras-desde-el-futuro',
      areaId: 'finances',
      definition: 'Vivo con holgura y comparto con alegría.',
    });

    gemini.reply({ text: '¿Por qué compartir con alegría te haría sentir libre?' });
    const res = await ask({ areaId: 'finances', levelIndex: 0 }, l.cookie);
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const done = await answered(id, l.cookie);
    expect(done).toEqual({ status: 'done', question: '¿Por qué compartir con alegría te haría sentir libre?', source: 'ai' });
    const prompt = gemini.requests.at(-1)!.prompt;
    expect(prompt).toContain('Siento que el dinero nunca alcanza.');
    expect(prompt).toContain('Vivo con holgura y comparto con alegría.');
    // The job carried ids only; the texts it was made from waited in the database and are gone once it is done.
    const { rows: jobRows } = await db.pool.query("SELECT data::text AS data FROM pgboss.job WHERE name = 'ai.why-question' AND id = $1", [id]);
    expect(jobRows[0].data).not.toMatch(/dinero|holgura/);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM why_question_inputs WHERE question_id = $1', [id])).toBe(0);

    const rows = await openedEvents(db.pool, "stream_id = $1 AND type = 'WhyQuestionAsked'", [`learner-${l.userId}`]);
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({ questionId: id, areaId: 'finances', levelIndex: 0, source: 'ai', model: 'gemini-2.5-flash', promptVersion: 'why-v1' }),
    ]);

    // Only the learner who asked may read it.
    const other = await createLearner(t.app, t.store);
    expect((await poll(id, other.cookie)).statusCode).toBe(404);
    expect((await poll(id)).statusCode).toBe(404);
  });

  it("a guest's question uses the texts the guest sends, and nothing is stored for them", async () => {
    gemini.reply({ text: '¿Qué cambiaría en tu día si te cuidaras así?' });
    const before = Number((await db.pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
    const res = await ask({ areaId: 'health-fitness', levelIndex: 0, currentText: 'Duermo poco.', futureText: 'Me despierto con energía.' });
    const done = await answered(res.json().data.id);
    expect(done.source).toBe('ai');
    expect(gemini.requests.at(-1)!.prompt).toContain('Me despierto con energía.');
    expect(Number((await db.pool.query('SELECT count(*) AS n FROM events')).rows[0].n)).toBe(before);
  });

  it('a job that keeps failing ends in the fallback question, never blocking the learner', async () => {
    failGeneration = true;
    try {
      const res = await ask({ areaId: 'career', levelIndex: 0, currentText: 'Trabajo sin ganas.', futureText: 'Amo lo que hago.' });
      const done = await answered(res.json().data.id);
      expect(done).toEqual({ status: 'done', question: FIRST_FALLBACK, source: 'fallback' });
    } finally {
      failGeneration = false;
    }
  });

  it('refuses a bad level or area with a 400, and an unknown id with a 404', async () => {
    expect((await ask({ areaId: 'career', levelIndex: 7 })).statusCode).toBe(400);
    expect((await ask({ areaId: 'mars', levelIndex: 0 })).statusCode).toBe(400);
    expect((await poll('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await poll('not-a-uuid')).statusCode).toBe(404);
  });

  // Last in this file: it leaves the provider counted as down for this app.
  it(`after ${AI_FAILURES_TO_OPEN} failures of the provider in a row, the next question is answered at once, without the queue`, async () => {
    gemini.reply({ status: 500 });
    const guest = { areaId: 'career', levelIndex: 0, currentText: 'Trabajo sin ganas.', futureText: 'Amo lo que hago.' };
    for (let i = 0; i < AI_FAILURES_TO_OPEN; i++) {
      const res = await ask(guest);
      expect(res.json().data.status).toBe('pending');
      expect(await answered(res.json().data.id)).toMatchObject({ source: 'fallback' });
    }
    const asked = gemini.requests.length;
    const jobs = await queuedQuestions();
    const res = await ask(guest);
    expect(res.json().data).toEqual({ id: expect.any(String), status: 'done', question: FIRST_FALLBACK, source: 'fallback' });
    expect(gemini.requests.length).toBe(asked);
    expect(await queuedQuestions()).toBe(jobs);
  });
});

const queuedQuestions = async () => Number((await db.pool.query("SELECT count(*) AS n FROM pgboss.job WHERE name = 'ai.why-question'")).rows[0].n);

describe('deep-why questions with no AI configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp(db);
  });
  afterAll(() => plain?.close());
  const askPlain = (payload: object, cookie?: string) =>
    plain.app.inject({ method: 'POST', url: '/api/activity/deepWhy/question', payload, headers: cookie ? { cookie } : {} });

  it("a learner's fallback question comes in the answer itself (no queue, no polling) and is recorded with its source", async () => {
    const l = await createLearner(plain.app, plain.store);
    const jobs = await queuedQuestions();
    const previousAnswer = 'Porque necesito sentir que soy capaz de alcanzar lo que me propongo cada día.';
    const started = Date.now();
    const res = await askPlain({ areaId: 'finances', levelIndex: 3, previousAnswer }, l.cookie);
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.any(String),
      status: 'done',
      question: 'Dices: «Porque necesito sentir que soy capaz de alcanzar…». ¿Y por qué es tan importante eso para ti?',
      source: 'fallback',
    });
    expect(elapsed).toBeLessThan(1000);
    expect(await queuedQuestions()).toBe(jobs);

    const rows = await openedEvents(db.pool, "stream_id = $1 AND type = 'WhyQuestionAsked'", [`learner-${l.userId}`]);
    expect(rows).toMatchObject([
      {
        data: expect.objectContaining({
          questionId: data.id,
          areaId: 'finances',
          levelIndex: 3,
          question: data.question,
          source: 'fallback',
          model: null,
          promptVersion: 'why-v1',
        }),
        metadata: expect.objectContaining({ origin: 'fallback' }),
      },
    ]);
    console.info(`deep-why without AI: question answered in ${elapsed} ms`);
  });

  it("a guest's first question is the spec's text at once, and nothing is stored", async () => {
    const before = await countEvents(db.pool);
    const res = await askPlain({ areaId: 'health-fitness', levelIndex: 0, currentText: 'Duermo poco.', futureText: 'Me despierto con energía.' });
    expect(res.json().data).toMatchObject({ status: 'done', question: FIRST_FALLBACK, source: 'fallback' });
    expect(await countEvents(db.pool)).toBe(before);
  });

  it(`a learner's questions are recorded up to ${MAX_RECORDED_WHY_QUESTIONS.toLocaleString('en')}: past that, the question is still asked and shown, and not recorded`, async () => {
    const l = await createLearner(plain.app, plain.store);
    const earlier = Array.from({ length: MAX_RECORDED_WHY_QUESTIONS - 1 }, (_, i) =>
      WhyQuestionAsked.create({
        userId: l.userId,
        questionId: crypto.randomUUID(),
        areaId: 'finances',
        levelIndex: i % 7,
        question: '¿Por qué?',
        source: 'fallback',
        model: null,
        promptVersion: 'why-v1',
      }),
    );
    await plain.store.append(`learner-${l.userId}`, earlier, { expectedVersion: 'any' });
    const recorded = () => count(db.pool, `SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type = 'WhyQuestionAsked'`, [`learner-${l.userId}`]);

    const last = await askPlain({ areaId: 'finances', levelIndex: 1, previousAnswer: 'Porque quiero calma.' }, l.cookie);
    expect(last.json().data).toMatchObject({ status: 'done', source: 'fallback' });
    expect(await recorded()).toBe(MAX_RECORDED_WHY_QUESTIONS);

    const past = await askPlain({ areaId: 'finances', levelIndex: 2, previousAnswer: 'Porque quiero calma.' }, l.cookie);
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toMatchObject({
      status: 'done',
      question: 'Dices: «Porque quiero calma…». ¿Y por qué es tan importante eso para ti?',
      source: 'fallback',
    });
    expect(await recorded()).toBe(MAX_RECORDED_WHY_QUESTIONS);
  });
});
