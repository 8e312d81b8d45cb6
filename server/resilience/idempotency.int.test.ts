// A network retry of a learner's write (same Idempotency-Key) writes once: when it arrives late, after
// the learner changed the same thing again, and when it arrives while the first copy is still in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../course/areas';
import { startTestApp, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../tests/setup/db';
import { createLearner, type Learner } from '../../tests/setup/learners';

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const WHEEL = '12-areas-balance';
const BELIEFS = 'concientizando-areas-balance';
const VISION = 'viendo-hacia-atras-desde-el-futuro';
const DEEP_WHY = '7-niveles-deep-why';

let keys = 0;
/** A fresh Idempotency-Key, as the client makes one per user action. */
const newKey = () => `retry-test-${Date.now()}-${++keys}`;

const post = (l: Learner, url: string, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: l.cookie, ...(key ? { 'idempotency-key': key } : {}) } });

const eventsOf = async (l: Learner, type: string) =>
  (await openedEvents(db.pool, 'stream_id = $1 AND type = $2', [`learner-${l.userId}`, type])).map((r) => r.data);

const rating = async (l: Learner, areaId: string) =>
  (await db.pool.query<{ score: number }>('SELECT score FROM area_ratings WHERE user_id = $1 AND area_id = $2', [l.userId, areaId])).rows[0]?.score;
const definition = async (l: Learner, activityId: string, areaId: string) =>
  (
    await db.pool.query<{ definition: string }>('SELECT definition FROM area_definitions WHERE user_id = $1 AND activity_id = $2 AND area_id = $3', [
      l.userId,
      activityId,
      areaId,
    ])
  ).rows[0]?.definition;
const reflection = async (l: Learner, activityId: string) =>
  (await db.pool.query<{ text: string }>('SELECT text FROM reflections WHERE user_id = $1 AND activity_id = $2', [l.userId, activityId])).rows[0]?.text;
const deepWhy = async (l: Learner) =>
  (
    await db.pool.query<{ selected_area_ids: string[]; answers: Record<string, (string | null)[]> }>(
      'SELECT selected_area_ids, answers FROM deep_why WHERE user_id = $1',
      [l.userId],
    )
  ).rows[0];

/** Every area rated (score = index × 7 mod 11) and activities 1–3 completed: the seven levels of why are open. */
async function learnerAtDeepWhy(): Promise<{ l: Learner; targets: string[] }> {
  const l = await createLearner(t.app, t.store);
  for (const [i, areaId] of AREA_IDS.entries()) await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId, score: (i * 7) % 11 });
  for (const slug of [WHEEL, BELIEFS, VISION]) expect((await post(l, '/api/activity/markAsComplete', { activityId: slug })).statusCode).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: '/api/activity/getDeepWhyPrerequisites', headers: { cookie: l.cookie } });
  return { l, targets: res.json().data.targetAreas.map((a: { id: string }) => a.id) };
}

/** Sends the same request `copies` times at once, as a client retrying a request whose answer was slow. */
async function inFlightTwice(l: Learner, url: string, payload: object, copies = 4) {
  const key = newKey();
  const answers = await Promise.all(Array.from({ length: copies }, () => post(l, url, payload, key)));
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  return answers;
}

describe('a late retry (the learner changed the same thing in between) writes nothing, undoes nothing and answers as the first copy did', () => {
  it('saveRating', async () => {
    const l = await createLearner(t.app, t.store);
    const first = newKey();
    const original = await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'finances', score: 3 }, first);
    expect(original.statusCode).toBe(200);
    expect((await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'finances', score: 8 }, newKey())).statusCode).toBe(200);

    const retry = await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'finances', score: 3 }, first);
    expect(retry.statusCode).toBe(200);
    // The ratings as that request left them, as its first answer said (the store still has 8).
    expect(retry.json().data).toEqual({ finances: 3 });
    expect(retry.json()).toEqual(original.json());
    expect((await eventsOf(l, 'AreaRated')).map((d) => d.score)).toEqual([3, 8]);
    expect(await rating(l, 'finances')).toBe(8);
  });

  it('saveAreaDefinition (beliefs and vision)', async () => {
    const l = await createLearner(t.app, t.store);
    await post(l, '/api/activity/markAsComplete', { activityId: WHEEL });
    await post(l, '/api/activity/markAsComplete', { activityId: BELIEFS });
    for (const activityId of [BELIEFS, VISION]) {
      const first = newKey();
      const body = { activityId, areaId: 'career', definition: 'Primera versión.' };
      expect((await post(l, '/api/activity/saveAreaDefinition', body, first)).statusCode).toBe(200);
      expect((await post(l, '/api/activity/saveAreaDefinition', { ...body, definition: 'Segunda versión.' }, newKey())).statusCode).toBe(200);
      expect((await post(l, '/api/activity/saveAreaDefinition', body, first)).statusCode).toBe(200);
      expect(await definition(l, activityId, 'career')).toBe('Segunda versión.');
    }
    expect((await eventsOf(l, 'AreaDefinitionSaved')).map((d) => [d.activityId, d.definition])).toEqual([
      [BELIEFS, 'Primera versión.'],
      [BELIEFS, 'Segunda versión.'],
      [VISION, 'Primera versión.'],
      [VISION, 'Segunda versión.'],
    ]);
  });

  it('saveReflection', async () => {
    const l = await createLearner(t.app, t.store);
    const first = newKey();
    const original = await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'Me sorprendió mi salud.' }, first);
    expect(original.statusCode).toBe(200);
    expect((await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'Lo que más pesa es el dinero.' }, newKey())).statusCode).toBe(200);
    const retry = await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'Me sorprendió mi salud.' }, first);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(original.json());
    expect((await eventsOf(l, 'ReflectionSaved')).map((d) => d.text)).toEqual(['Me sorprendió mi salud.', 'Lo que más pesa es el dinero.']);
    expect(await reflection(l, WHEEL)).toBe('Lo que más pesa es el dinero.');
  });

  it('saveWhySelection and saveWhyAnswer', async () => {
    const { l, targets } = await learnerAtDeepWhy();
    const [a, b, c, d] = targets;
    const firstSelection = newKey();
    const original = await post(l, '/api/activity/saveWhySelection', { activityId: DEEP_WHY, selectedAreaIds: [a, b, c] }, firstSelection);
    expect(original.statusCode).toBe(200);
    expect((await post(l, '/api/activity/saveWhySelection', { activityId: DEEP_WHY, selectedAreaIds: [a, b, d] }, newKey())).statusCode).toBe(200);
    const retry = await post(l, '/api/activity/saveWhySelection', { activityId: DEEP_WHY, selectedAreaIds: [a, b, c] }, firstSelection);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(original.json());

    const firstAnswer = newKey();
    const answer = { activityId: DEEP_WHY, areaId: a, levelIndex: 0, answer: 'Porque quiero paz.' };
    expect((await post(l, '/api/activity/saveWhyAnswer', answer, firstAnswer)).statusCode).toBe(200);
    expect((await post(l, '/api/activity/saveWhyAnswer', { ...answer, answer: 'Porque quiero vivir en paz.' }, newKey())).statusCode).toBe(200);
    expect((await post(l, '/api/activity/saveWhyAnswer', answer, firstAnswer)).statusCode).toBe(200);

    expect((await eventsOf(l, 'WhySelectionSaved')).map((e) => e.areaIds)).toEqual([
      [a, b, c],
      [a, b, d],
    ]);
    expect((await eventsOf(l, 'WhyAnswerSaved')).map((e) => e.answer)).toEqual(['Porque quiero paz.', 'Porque quiero vivir en paz.']);
    expect(await deepWhy(l)).toEqual({ selected_area_ids: [a, b, d], answers: { [a!]: ['Porque quiero vivir en paz.'] } });
  });

  it('control: the same body under a new key is a new write (the key, not the body, identifies a request)', async () => {
    const l = await createLearner(t.app, t.store);
    for (const score of [3, 8, 3])
      expect((await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'health-fitness', score }, newKey())).statusCode).toBe(200);
    expect((await eventsOf(l, 'AreaRated')).map((d) => d.score)).toEqual([3, 8, 3]);
    expect(await rating(l, 'health-fitness')).toBe(3);
  });
});

describe('a retry that arrives while the first copy is still in flight writes once', () => {
  it('saveRating, saveAreaDefinition, saveReflection, markAsComplete', async () => {
    const l = await createLearner(t.app, t.store);
    await inFlightTwice(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'spiritual-life', score: 6 });
    await inFlightTwice(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'Empiezo a verme con claridad.' });
    await inFlightTwice(l, '/api/activity/markAsComplete', { activityId: WHEEL });
    await inFlightTwice(l, '/api/activity/markAsComplete', { activityId: BELIEFS });
    await inFlightTwice(l, '/api/activity/saveAreaDefinition', {
      activityId: BELIEFS,
      areaId: 'spiritual-life',
      definition: 'Creo que no tengo tiempo para mí.',
    });

    expect(await eventsOf(l, 'AreaRated')).toHaveLength(1);
    expect(await eventsOf(l, 'ReflectionSaved')).toHaveLength(1);
    expect((await eventsOf(l, 'ActivityCompleted')).map((d) => d.activityId)).toEqual([WHEEL, BELIEFS]);
    expect(await eventsOf(l, 'AreaDefinitionSaved')).toHaveLength(1);
    expect(await rating(l, 'spiritual-life')).toBe(6);
    expect(await reflection(l, WHEEL)).toBe('Empiezo a verme con claridad.');
    expect(await definition(l, BELIEFS, 'spiritual-life')).toBe('Creo que no tengo tiempo para mí.');
    const { rows } = await db.pool.query('SELECT activity_id FROM completions WHERE user_id = $1 ORDER BY activity_id', [l.userId]);
    expect(rows.map((r) => r.activity_id)).toEqual([WHEEL, BELIEFS].sort());
  });

  it('saveWhySelection and saveWhyAnswer', async () => {
    const { l, targets } = await learnerAtDeepWhy();
    const chosen = targets.slice(0, 3);
    await inFlightTwice(l, '/api/activity/saveWhySelection', { activityId: DEEP_WHY, selectedAreaIds: chosen });
    await inFlightTwice(l, '/api/activity/saveWhyAnswer', { activityId: DEEP_WHY, areaId: chosen[1], levelIndex: 2, answer: 'Porque merezco descansar.' });
    expect(await eventsOf(l, 'WhySelectionSaved')).toHaveLength(1);
    expect(await eventsOf(l, 'WhyAnswerSaved')).toHaveLength(1);
    expect(await deepWhy(l)).toEqual({ selected_area_ids: chosen, answers: { [chosen[1]!]: [null, null, 'Porque merezco descansar.'] } });
  });

  it('syncGuestProgress sent twice at once records each guest completion once', async () => {
    const l = await createLearner(t.app, t.store);
    const body = { completedSlugs: [WHEEL, BELIEFS], activityData: {} };
    const answers = await Promise.all([post(l, '/api/activity/syncGuestProgress', body), post(l, '/api/activity/syncGuestProgress', body)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect((await eventsOf(l, 'ActivityCompleted')).map((d) => d.activityId)).toEqual([WHEEL, BELIEFS]);
  });
});

describe('an Idempotency-Key reused for another request is refused (422) and writes nothing', () => {
  const REUSED = /^Esta clave de idempotencia ya se usó/;

  it('saveReflection: "version one" then "version TWO" under the same key keeps "version one" and says so', async () => {
    const l = await createLearner(t.app, t.store);
    const key = newKey();
    const first = await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'version one' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await db.pool.query('SELECT count(*) FROM events');

    const reused = await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'version TWO' }, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toMatchObject({ success: false, data: null, message: expect.stringMatching(REUSED) });
    expect(await reflection(l, WHEEL)).toBe('version one');
    expect((await db.pool.query('SELECT count(*) FROM events')).rows).toEqual(before.rows);

    // The same request again is a retry: it answers as the first time did.
    const retry = await post(l, '/api/activity/saveReflection', { activityId: WHEEL, text: 'version one' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
  });

  it("another learner's key is never taken for theirs, even with the same body", async () => {
    const [a, b] = [await createLearner(t.app, t.store), await createLearner(t.app, t.store)];
    const key = newKey();
    const body = { activityId: WHEEL, areaId: 'career', score: 7 };
    expect((await post(a, '/api/activity/saveRating', body, key)).statusCode).toBe(200);
    const other = await post(b, '/api/activity/saveRating', body, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().message).toMatch(REUSED);
    expect(await rating(b, 'career')).toBeUndefined();
    expect(await eventsOf(b, 'AreaRated')).toEqual([]);
  });

  it('a reuse whose new body would change nothing, or would be refused, is still the key reused (422)', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'career', score: 2 }, newKey())).statusCode).toBe(200);
    const rated = newKey();
    expect((await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'finances', score: 5 }, rated)).statusCode).toBe(200);
    // career is already 2: on its own this request records nothing.
    const unchanged = await post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId: 'career', score: 2 }, rated);
    expect(unchanged.statusCode, unchanged.body).toBe(422);
    expect(unchanged.json().message).toMatch(REUSED);

    const completed = newKey();
    expect((await post(l, '/api/activity/markAsComplete', { activityId: WHEEL }, completed)).statusCode).toBe(200);
    expect((await post(l, '/api/activity/markAsComplete', { activityId: BELIEFS }, newKey())).statusCode).toBe(200);
    // Already completed: on its own, nothing to record.
    expect((await post(l, '/api/activity/markAsComplete', { activityId: BELIEFS }, completed)).statusCode).toBe(422);
    // Still locked (the vision comes first): on its own, a 403.
    const locked = await post(l, '/api/activity/markAsComplete', { activityId: DEEP_WHY }, completed);
    expect(locked.statusCode, locked.body).toBe(422);
    expect(locked.json().message).toMatch(REUSED);

    expect((await eventsOf(l, 'AreaRated')).map((d) => d.areaId)).toEqual(['career', 'finances']);
    expect((await eventsOf(l, 'ActivityCompleted')).map((d) => d.activityId)).toEqual([WHEEL, BELIEFS]);
  });

  it('two different bodies sent at once under one key: one is written, the other refused', async () => {
    const l = await createLearner(t.app, t.store);
    const key = newKey();
    const texts = ['Primera idea.', 'Segunda idea.'];
    const answers = await Promise.all(texts.map((text) => post(l, '/api/activity/saveReflection', { activityId: WHEEL, text }, key)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().data.text;
    expect(await reflection(l, WHEEL)).toBe(winner);
    expect(await eventsOf(l, 'ReflectionSaved')).toHaveLength(1);
  });
});
