import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../../course/areas';
import { LOCK_MESSAGES } from '../../../events/course/course';
import { AREA_NOT_SELECTED, MAX_DEEP_WHY_RESTARTS, NEEDS_WHEEL, SELECTION_MESSAGE, TOO_MANY_RESTARTS } from '../../../events/deep-why/deep-why';
import { WhyExerciseRestarted } from '../../../events/deep-why/deep-why.events';
import { rebuildProjections } from '../../../events/store/reader';
import { createCatalog, projections } from '../../../events/registry';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';

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

const ACTIVITY = '7-niveles-deep-why';
const post = (l: Learner, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: l.cookie }, payload });
const prerequisites = (l: Learner) => t.app.inject({ method: 'GET', url: '/api/activity/getDeepWhyPrerequisites?_=1', headers: { cookie: l.cookie } });
const select = (l: Learner, selectedAreaIds: string[]) => post(l, '/api/activity/saveWhySelection', { activityId: ACTIVITY, selectedAreaIds });
const answer = (l: Learner, areaId: string, levelIndex: unknown, text: unknown) =>
  post(l, '/api/activity/saveWhyAnswer', { activityId: ACTIVITY, areaId, levelIndex, answer: text });
const events = async (l: Learner, type: string) =>
  (await openedEvents(db.pool, 'stream_id = $1 AND type = $2', [`learner-${l.userId}`, type])).map((r) => r.data);

/** A learner through activities 1–3: every area rated (score = its index % 11), beliefs and vision for two areas. */
async function readyLearner(): Promise<Learner> {
  const l = await createLearner(t.app, t.store);
  for (const [i, areaId] of AREA_IDS.entries()) await post(l, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId, score: (i * 7) % 11 });
  await post(l, '/api/activity/markAsComplete', { activityId: '12-areas-balance' });
  await post(l, '/api/activity/saveAreaDefinition', {
    activityId: 'concientizando-areas-balance',
    areaId: 'love-relationship',
    definition: 'Creo que tengo que ganarme el amor.',
  });
  await post(l, '/api/activity/markAsComplete', { activityId: 'concientizando-areas-balance' });
  await post(l, '/api/activity/saveAreaDefinition', {
    activityId: 'viendo-hacia-atras-desde-el-futuro',
    areaId: 'love-relationship',
    definition: 'Vivo un amor tranquilo y alegre.',
  });
  await post(l, '/api/activity/markAsComplete', { activityId: 'viendo-hacia-atras-desde-el-futuro' });
  return l;
}

describe('deep-why prerequisites', () => {
  it("without the wheel: the spec's message", async () => {
    const l = await createLearner(t.app, t.store);
    const res = await prerequisites(l);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NEEDS_WHEEL);
  });

  it('lists the 7 lowest-rated areas ascending with their texts, and no answers yet', async () => {
    const l = await readyLearner();
    const data = (await prerequisites(l)).json().data;
    const scores = AREA_IDS.map((id, i) => ({ id, score: (i * 7) % 11 }));
    const expected = [...scores].sort((a, b) => a.score - b.score || AREA_IDS.indexOf(a.id) - AREA_IDS.indexOf(b.id)).slice(0, 7);
    expect(data.targetAreas.map((a: { id: string; score: number }) => [a.id, a.score])).toEqual(expected.map((a) => [a.id, a.score]));
    expect(data.targetAreas.find((a: { id: string }) => a.id === 'love-relationship')).toMatchObject({
      title: 'Amor y Pareja',
      currentText: 'Creo que tengo que ganarme el amor.',
      futureText: 'Vivo un amor tranquilo y alegre.',
    });
    expect(data).toMatchObject({ whyAnswers: {}, selectedAreaIds: [], isCompleted: false });
  });
});

describe('selection and answers', () => {
  it('saves exactly 3 target areas, then answers per level; the prerequisites show them', async () => {
    const l = await readyLearner();
    const targets: string[] = (await prerequisites(l)).json().data.targetAreas.map((a: { id: string }) => a.id);
    const chosen = targets.slice(0, 3);
    expect((await select(l, chosen)).json().data).toEqual(chosen);
    expect((await answer(l, chosen[0]!, 0, '  Porque quiero sentirme en paz.  ')).statusCode).toBe(200);
    expect((await answer(l, chosen[0]!, 2, 'Porque merezco descansar.')).statusCode).toBe(200);
    expect((await answer(l, chosen[0]!, 0, 'Porque quiero sentirme en paz conmigo.')).statusCode).toBe(200);
    const data = (await prerequisites(l)).json().data;
    expect(data.selectedAreaIds).toEqual(chosen);
    expect(data.whyAnswers).toEqual({ [chosen[0]!]: ['Porque quiero sentirme en paz conmigo.', null, 'Porque merezco descansar.'] });
    expect(await events(l, 'WhyAnswerSaved')).toHaveLength(3);

    await post(l, '/api/activity/markAsComplete', { activityId: ACTIVITY });
    expect((await prerequisites(l)).json().data.isCompleted).toBe(true);

    // The read model is a pure fold of the log: a rebuild gives the same row.
    const before = (await db.pool.query('SELECT to_jsonb(d) AS r FROM deep_why d WHERE user_id = $1', [l.userId])).rows;
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await db.pool.query('SELECT to_jsonb(d) AS r FROM deep_why d WHERE user_id = $1', [l.userId])).rows).toEqual(before);
  });

  it('refuses a selection that is not exactly 3 distinct target areas (400, nothing written)', async () => {
    const l = await readyLearner();
    const targets: string[] = (await prerequisites(l)).json().data.targetAreas.map((a: { id: string }) => a.id);
    const outside = AREA_IDS.find((id) => !targets.includes(id))!;
    for (const ids of [targets.slice(0, 2), targets.slice(0, 4), [targets[0]!, targets[0]!, targets[1]!], [targets[0]!, targets[1]!, outside]]) {
      const res = await select(l, ids);
      expect(res.statusCode, ids.join()).toBe(400);
      expect(res.json().message).toBe(SELECTION_MESSAGE);
    }
    expect(await events(l, 'WhySelectionSaved')).toHaveLength(0);
  });

  it('refuses blank answers, bad levels and areas outside the selection (400, nothing written)', async () => {
    const l = await readyLearner();
    const targets: string[] = (await prerequisites(l)).json().data.targetAreas.map((a: { id: string }) => a.id);
    await select(l, targets.slice(0, 3));
    expect((await answer(l, targets[0]!, 0, '   ')).json().message).toBe('Por favor, escribe una respuesta.');
    for (const level of [-1, 7, 1.5, '2']) expect((await answer(l, targets[0]!, level, 'Algo')).statusCode, String(level)).toBe(400);
    const other = await answer(l, targets[5]!, 0, 'Algo');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(AREA_NOT_SELECTED);
    expect(await events(l, 'WhyAnswerSaved')).toHaveLength(0);
  });

  it('is locked until activity 3 is done (403)', async () => {
    const l = await createLearner(t.app, t.store);
    await post(l, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId: 'finances', score: 2 });
    const res = await select(l, ['finances', 'career', 'character']);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LOCK_MESSAGES.previous);
  });
});

describe("'Rehacer Ejercicio'", () => {
  const restart = (l: Learner) => post(l, '/api/activity/restartDeepWhy', { activityId: ACTIVITY });
  const completions = async (l: Learner) =>
    (await t.app.inject({ method: 'GET', url: '/api/activity/getCompletionStatus', headers: { cookie: l.cookie } })).json().data;

  it('is recorded in the stream; the old summary does not come back, the chosen areas start empty, and the syllabus keeps the completion', async () => {
    const l = await readyLearner();
    const targets: string[] = (await prerequisites(l)).json().data.targetAreas.map((a: { id: string }) => a.id);
    await select(l, targets.slice(0, 3));
    await answer(l, targets[0]!, 0, 'Porque quiero paz.');
    await post(l, '/api/activity/markAsComplete', { activityId: ACTIVITY });
    expect((await prerequisites(l)).json().data.isCompleted).toBe(true);

    const res = await restart(l);
    expect(res.statusCode, res.body).toBe(200);
    expect(await events(l, 'WhyExerciseRestarted')).toEqual([{ userId: l.userId }]);
    expect((await prerequisites(l)).json().data).toMatchObject({ selectedAreaIds: [], whyAnswers: {}, isCompleted: false });
    // The next activities stay open: the course does not go back.
    expect(await completions(l)).toContain(ACTIVITY);
    // Again: nothing new to record.
    expect((await restart(l)).statusCode).toBe(200);
    expect(await events(l, 'WhyExerciseRestarted')).toHaveLength(1);

    // The same area chosen again starts with no answers.
    await select(
      l,
      [targets[1]!, targets[0]!, targets[2]!].sort((a, b) => targets.indexOf(a) - targets.indexOf(b)),
    );
    expect((await prerequisites(l)).json().data.whyAnswers).toEqual({});
    await answer(l, targets[0]!, 0, 'Porque ahora lo veo distinto.');
    await post(l, '/api/activity/markAsComplete', { activityId: ACTIVITY });
    expect((await prerequisites(l)).json().data).toMatchObject({ whyAnswers: { [targets[0]!]: ['Porque ahora lo veo distinto.'] }, isCompleted: true });
    expect(await events(l, 'ActivityCompleted')).toEqual(expect.arrayContaining([{ userId: l.userId, activityId: ACTIVITY }]));
    expect((await events(l, 'ActivityCompleted')).filter((e) => e.activityId === ACTIVITY)).toHaveLength(2);

    const before = (await db.pool.query('SELECT to_jsonb(d) AS r FROM deep_why d WHERE user_id = $1', [l.userId])).rows;
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await db.pool.query('SELECT to_jsonb(d) AS r FROM deep_why d WHERE user_id = $1', [l.userId])).rows).toEqual(before);
  });

  it('is locked like the activity (403) and refuses another activity (400)', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await restart(l)).statusCode).toBe(403);
    expect((await post(l, '/api/activity/restartDeepWhy', { activityId: '12-areas-balance' })).statusCode).toBe(400);
    expect(await events(l, 'WhyExerciseRestarted')).toHaveLength(0);
  });

  it(`starts again at most ${MAX_DEEP_WHY_RESTARTS} times: the next is a 409 in Spanish that writes nothing, the round goes on, and a guest's restart is not added either`, async () => {
    const l = await readyLearner();
    const targets: string[] = (await prerequisites(l)).json().data.targetAreas.map((a: { id: string }) => a.id);
    const earlier = Array.from({ length: MAX_DEEP_WHY_RESTARTS - 1 }, () => WhyExerciseRestarted.create({ userId: l.userId }));
    await t.store.append(`learner-${l.userId}`, earlier, { expectedVersion: 'any' });
    await select(l, targets.slice(0, 3));
    const last = await restart(l);
    expect(last.statusCode, last.body).toBe(200);
    expect(await events(l, 'WhyExerciseRestarted')).toHaveLength(MAX_DEEP_WHY_RESTARTS);

    await select(l, targets.slice(0, 3));
    const before = await countEvents(db.pool);
    const refused = await restart(l);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_RESTARTS, data: null });
    expect(await countEvents(db.pool)).toBe(before);
    // The round in progress is still the learner's to work on.
    expect((await answer(l, targets[0]!, 0, 'Porque sigo aquí.')).statusCode).toBe(200);
    expect((await prerequisites(l)).json().data.selectedAreaIds).toEqual(targets.slice(0, 3));

    // A guest's data that says 'started again' brings its selection, not one more round.
    const synced = await post(l, '/api/activity/syncGuestProgress', {
      completedSlugs: [],
      activityData: { [ACTIVITY]: { restarted: true, selectedAreaIds: targets.slice(1, 4), whyAnswers: {} } },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await events(l, 'WhyExerciseRestarted')).toHaveLength(MAX_DEEP_WHY_RESTARTS);
    expect((await prerequisites(l)).json().data.selectedAreaIds).toEqual(targets.slice(1, 4));
  });

  it("a guest's restart mid-way comes with their data: the round is open, not summarised", async () => {
    const l = await createLearner(t.app, t.store);
    const wheel = Object.fromEntries(AREA_IDS.map((id, i) => [id, (i * 7) % 11]));
    const res = await post(l, '/api/activity/syncGuestProgress', {
      completedSlugs: ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', ACTIVITY],
      activityData: {
        '12-areas-balance': { ratings: wheel },
        [ACTIVITY]: { restarted: true, selectedAreaIds: ['love-relationship', 'finances', 'career'], whyAnswers: { finances: ['Otra vez.'] } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await prerequisites(l)).json().data).toMatchObject({
      selectedAreaIds: ['love-relationship', 'finances', 'career'],
      whyAnswers: { finances: ['Otra vez.'] },
      isCompleted: false,
    });
    expect(await events(l, 'WhyExerciseRestarted')).toHaveLength(1);
  });
});

describe('guest sync of deep-why data', () => {
  it('turns the guest selection and answers (of the chosen areas only) into events, once', async () => {
    const l = await createLearner(t.app, t.store);
    const wheel = Object.fromEntries(AREA_IDS.map((id, i) => [id, (i * 7) % 11]));
    const body = {
      completedSlugs: ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro'],
      activityData: {
        '12-areas-balance': { ratings: wheel },
        [ACTIVITY]: {
          selectedAreaIds: ['love-relationship', 'finances', 'career'],
          whyAnswers: { 'love-relationship': ['Porque quiero sentirme elegida.', null, '  '], 'health-fitness': ['No elegida: se ignora.'] },
        },
      },
    };
    const res = await post(l, '/api/activity/syncGuestProgress', body);
    expect(res.statusCode).toBe(200);
    const data = (await prerequisites(l)).json().data;
    expect(data.selectedAreaIds).toEqual(['love-relationship', 'finances', 'career']);
    expect(data.whyAnswers).toEqual({ 'love-relationship': ['Porque quiero sentirme elegida.'] });
    expect((await post(l, '/api/activity/syncGuestProgress', body)).json().data.added).toBe(0);
    expect(await events(l, 'WhyAnswerSaved')).toHaveLength(1);
  });

  it('refuses a malformed selection with a 400 and writes nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await post(l, '/api/activity/syncGuestProgress', {
      completedSlugs: [],
      activityData: { [ACTIVITY]: { selectedAreaIds: ['finances', 'finances', 'career'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(await events(l, 'WhySelectionSaved')).toHaveLength(0);
  });
});
