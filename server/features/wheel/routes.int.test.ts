import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS, LIFE_AREAS } from '../../../course/areas';
import { LOCK_MESSAGES } from '../../../events/course/course';
import { startTestApp, type TestApp } from '../../../tests/setup/app';
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

const WHEEL = '12-areas-balance';
const BELIEFS = 'concientizando-areas-balance';
const VISION = 'viendo-hacia-atras-desde-el-futuro';

const post = (l: Learner, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: l.cookie }, payload });
const get = (l: Learner, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: l.cookie } });
const rate = (l: Learner, areaId: string, score: unknown) => post(l, '/api/activity/saveRating', { activityId: WHEEL, areaId, score });
const define = (l: Learner, activityId: string, areaId: string, definition: unknown) =>
  post(l, '/api/activity/saveAreaDefinition', { activityId, areaId, definition });
const events = async (l: Learner, type: string) => await openedEvents(db.pool, 'stream_id = $1 AND type = $2', [`learner-${l.userId}`, type]);

describe('ratings', () => {
  it('round trip: the latest score per area wins, the log keeps every score', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await get(l, `/api/activity/getActivityRatings?activityId=${WHEEL}&_=1`)).json().data).toEqual({});
    expect((await rate(l, 'finances', 3)).statusCode).toBe(200);
    expect((await rate(l, 'health-fitness', 8)).statusCode).toBe(200);
    const last = await rate(l, 'finances', 5);
    expect(last.json().data).toEqual({ finances: 5, 'health-fitness': 8 });
    expect((await get(l, `/api/activity/getActivityRatings?activityId=${WHEEL}`)).json().data).toEqual({ finances: 5, 'health-fitness': 8 });
    expect((await events(l, 'AreaRated')).map((e) => [e.data.areaId, e.data.score])).toEqual([
      ['finances', 3],
      ['health-fitness', 8],
      ['finances', 5],
    ]);
    expect((await rate(l, 'finances', 5)).statusCode).toBe(200);
    expect(await events(l, 'AreaRated')).toHaveLength(3); // the same score again records nothing
  });

  it('bad scores, unknown areas and wrong activities are 400 in Spanish and write nothing', async () => {
    const l = await createLearner(t.app, t.store);
    for (const score of [-1, 11, 4.5, '7', null]) {
      const res = await rate(l, 'finances', score);
      expect(res.statusCode, String(score)).toBe(400);
      expect(res.json().message).toBe('La calificación debe ser un número entero del 0 al 10.');
    }
    expect((await rate(l, 'happiness', 5)).json().message).toBe('Área desconocida: revisa el área que quieres guardar.');
    const wrong = await post(l, '/api/activity/saveRating', { activityId: BELIEFS, areaId: 'finances', score: 5 });
    expect(wrong.statusCode).toBe(400);
    expect((await post(l, '/api/activity/saveRating', { activityId: 'no-existe', areaId: 'finances', score: 5 })).statusCode).toBe(400);
    expect(await events(l, 'AreaRated')).toHaveLength(0);
  });

  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/activity/saveRating', payload: { activityId: WHEEL, areaId: 'finances', score: 5 } })).statusCode,
    ).toBe(401);
  });
});

describe('area definitions', () => {
  it('are locked until the wheel is completed (403, nothing written), then round-trip with the wheel ratings', async () => {
    const l = await createLearner(t.app, t.store);
    const locked = await define(l, BELIEFS, 'finances', 'Creo que el dinero se va tan rápido como llega.');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(LOCK_MESSAGES.previous);
    expect(await events(l, 'AreaDefinitionSaved')).toHaveLength(0);

    await rate(l, 'finances', 2);
    expect((await post(l, '/api/activity/markAsComplete', { activityId: WHEEL })).statusCode).toBe(200);
    expect((await define(l, BELIEFS, 'finances', '  Creo que el dinero se va tan rápido como llega.  ')).statusCode).toBe(200);
    const res = await get(l, `/api/activity/getAreaDefinitions?activityId=${BELIEFS}&_=2`);
    expect(res.json().data).toEqual({ definitions: { finances: 'Creo que el dinero se va tan rápido como llega.' }, ratings: { finances: 2 } });
    // Activity 3 keeps its own texts, and is locked until activity 2 is completed.
    expect((await define(l, VISION, 'finances', 'Vivo con holgura.')).statusCode).toBe(403);
    expect((await get(l, `/api/activity/getAreaDefinitions?activityId=${VISION}`)).json().data.definitions).toEqual({});
  });

  it('blank, too long, unknown area or a non-definition activity: 400 and nothing written', async () => {
    const l = await createLearner(t.app, t.store);
    await post(l, '/api/activity/markAsComplete', { activityId: WHEEL });
    expect((await define(l, BELIEFS, 'finances', '   ')).json().message).toBe('Por favor, escribe tu respuesta para esta área.');
    expect((await define(l, BELIEFS, 'finances', 'x'.repeat(10_001))).statusCode).toBe(400);
    expect((await define(l, BELIEFS, 'mars', 'texto')).statusCode).toBe(400);
    expect((await define(l, WHEEL, 'finances', 'texto')).json().message).toBe('Esta actividad no guarda esa información.');
    expect((await get(l, `/api/activity/getAreaDefinitions?activityId=${WHEEL}`)).statusCode).toBe(400);
    expect(await events(l, 'AreaDefinitionSaved')).toHaveLength(0);
  });
});

describe('guest sync of activities 1–3', () => {
  const ratings = Object.fromEntries(AREA_IDS.map((id, i) => [id, i % 11]));
  const beliefs = Object.fromEntries(LIFE_AREAS.slice(0, 3).map((a) => [a.id, `Lo que creo sobre ${a.title}.`]));
  const body = {
    completedSlugs: [WHEEL, BELIEFS],
    activityData: { [WHEEL]: { ratings }, [BELIEFS]: { definitions: { ...beliefs, career: '   ' } } },
  };

  it('becomes the same events a learner would write (origin guest-sync), once', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await post(l, '/api/activity/syncGuestProgress', body);
    expect(res.statusCode).toBe(200);
    expect((await get(l, `/api/activity/getActivityRatings?activityId=${WHEEL}`)).json().data).toEqual(ratings);
    expect((await get(l, `/api/activity/getAreaDefinitions?activityId=${BELIEFS}`)).json().data.definitions).toEqual(beliefs);
    const rated = await events(l, 'AreaRated');
    expect(rated).toHaveLength(12);
    expect(rated.every((e) => e.metadata.origin === 'guest-sync')).toBe(true);
    expect(await events(l, 'AreaDefinitionSaved')).toHaveLength(3);

    expect((await post(l, '/api/activity/syncGuestProgress', body)).json().data.added).toBe(0);
    expect(await events(l, 'AreaRated')).toHaveLength(12);
  });

  it('refuses malformed guest ratings or definitions with a 400 and writes nothing', async () => {
    const l = await createLearner(t.app, t.store);
    for (const activityData of [
      { [WHEEL]: { ratings: { finances: 12 } } },
      { [WHEEL]: { ratings: { mars: 3 } } },
      { [BELIEFS]: { definitions: { finances: 7 } } },
    ]) {
      const res = await post(l, '/api/activity/syncGuestProgress', { completedSlugs: [WHEEL], activityData });
      expect(res.statusCode, JSON.stringify(activityData)).toBe(400);
    }
    expect(await events(l, 'AreaRated')).toHaveLength(0);
    expect(await events(l, 'ActivityCompleted')).toHaveLength(0);
  });
});
