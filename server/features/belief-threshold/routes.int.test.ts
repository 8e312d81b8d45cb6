import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../../course/activities';
import { GOAL_TOO_SHORT } from '../../../course/belief-threshold';
import { PREMIUM_ROLE } from '../../../course/rules';
import { ACTIVITIES } from '../../../course/syllabus';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { MAX_BELIEF_GOALS, TOO_MANY_GOALS } from '../../../events/belief-threshold/belief-threshold';
import { BeliefGoalSaved } from '../../../events/belief-threshold/belief-threshold.events';
import { LOCK_MESSAGES } from '../../../events/course/course';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
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

const post = (l: Learner, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: l.cookie, ...headers }, payload });
const get = (l: Learner, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: l.cookie } });
const goals = async (l: Learner) => (await get(l, `/api/activity/getBeliefThreshold?activityId=${BELIEF_THRESHOLD_ACTIVITY}&_=1`)).json().data;
const save = (l: Learner, goal: object, headers?: Record<string, string>) =>
  post(l, '/api/activity/saveBeliefThreshold', { activityId: BELIEF_THRESHOLD_ACTIVITY, ...goal }, headers);
const remove = (l: Learner, id: string) => post(l, '/api/activity/deleteBeliefThresholdGoal', { id });

/** An enrolled learner (the threshold is premium content) who has done every required activity before it. */
async function readyLearner(): Promise<Learner> {
  const l = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
  for (const a of ACTIVITIES.slice(
    0,
    ACTIVITIES.findIndex((a) => a.slug === BELIEF_THRESHOLD_ACTIVITY),
  )) {
    if (a.isIgnorable) continue;
    expect((await post(l, '/api/activity/markAsComplete', { activityId: a.slug })).statusCode).toBe(200);
  }
  return l;
}

const GOAL = 'Abrir mi propio consultorio de nutrición';

describe('belief goals', () => {
  it('creates a goal with an id, replaces it by id, lists goals in creation order, deletes one', async () => {
    const l = await readyLearner();
    expect(await goals(l)).toEqual([]);

    const created = await save(l, { manifestGoal: `  ${GOAL}  `, hesitations: [], currentTimeIndex: 0 });
    expect(created.statusCode, created.body).toBe(200);
    const goal = created.json().data;
    expect(goal).toMatchObject({ manifestGoal: GOAL, hesitations: [], currentTimeIndex: 0, perfectTimeFrameLabel: null, perfectTimeFrameYears: null });
    expect(goal.id).toMatch(/^[0-9a-f-]{36}$/);

    const replaced = await save(l, {
      id: goal.id,
      manifestGoal: GOAL,
      hesitations: [{ timeFrame: { label: '6 meses', years: 0.5 }, belief: '  Todavía no tengo clientes.  ' }],
      currentTimeIndex: 8,
      perfectTimeFrameLabel: '1 año',
      perfectTimeFrameYears: 1,
    });
    expect(replaced.json().data).toEqual({
      id: goal.id,
      manifestGoal: GOAL,
      hesitations: [{ timeFrame: { label: '6 meses', years: 0.5 }, belief: 'Todavía no tengo clientes.' }],
      currentTimeIndex: 8,
      perfectTimeFrameLabel: '1 año',
      perfectTimeFrameYears: 1,
    });

    const second = (await save(l, { manifestGoal: 'Correr una media maratón en otoño' })).json().data;
    expect((await goals(l)).map((g: { id: string }) => g.id)).toEqual([goal.id, second.id]);

    // Saving the goal again unchanged (as the page does on 'Sí' at the last frame) records nothing.
    const eventsBefore = await countEvents(db.pool);
    const unchanged = await save(l, replaced.json().data);
    expect(unchanged.statusCode).toBe(200);
    expect(await countEvents(db.pool)).toBe(eventsBefore);

    expect((await remove(l, goal.id)).statusCode).toBe(200);
    expect((await goals(l)).map((g: { id: string }) => g.id)).toEqual([second.id]);
    // Gone is gone: deleting it again finds nothing.
    expect((await remove(l, goal.id)).statusCode).toBe(404);

    const log = await db.pool.query(`SELECT type FROM events WHERE stream_id = $1 AND type LIKE 'BeliefGoal%' ORDER BY stream_position`, [
      `learner-${l.userId}`,
    ]);
    expect(log.rows.map((r) => r.type)).toEqual(['BeliefGoalSaved', 'BeliefGoalSaved', 'BeliefGoalSaved', 'BeliefGoalDeleted']);
  });

  it("touches only the learner's own goals: someone else's id is not found", async () => {
    const owner = await readyLearner();
    const intruder = await readyLearner();
    const goal = (await save(owner, { manifestGoal: GOAL })).json().data;
    const before = await countEvents(db.pool);

    const replace = await save(intruder, { id: goal.id, manifestGoal: 'Quedarme con la meta de otra persona' });
    expect(replace.statusCode).toBe(404);
    expect(replace.json().message).toBe('No encontramos esa meta.');
    expect((await remove(intruder, goal.id)).statusCode).toBe(404);
    expect(await countEvents(db.pool)).toBe(before);
    expect(await goals(intruder)).toEqual([]);
    expect((await goals(owner))[0].manifestGoal).toBe(GOAL);
  });

  it('refuses bad input with a Spanish message and writes nothing', async () => {
    const l = await readyLearner();
    const before = await countEvents(db.pool);
    for (const [goal, message] of [
      [{ manifestGoal: '  Casa propi  ' }, GOAL_TOO_SHORT],
      [{}, GOAL_TOO_SHORT],
      [{ manifestGoal: GOAL, hesitations: [{ timeFrame: { label: '20 años', years: 20 }, belief: '   ' }] }, 'Escribe la creencia que te hace dudar.'],
      [{ manifestGoal: GOAL, hesitations: [{ timeFrame: { label: '2 años', years: 2 }, belief: 'Miedo' }] }, /El plazo debe ser uno de: 20 años/],
      [{ manifestGoal: GOAL, hesitations: [{ timeFrame: { label: '1 mes', years: 0.25 }, belief: 'Miedo' }] }, /El plazo debe ser/],
      [{ manifestGoal: GOAL, perfectTimeFrameLabel: '4 años', perfectTimeFrameYears: 4 }, /El plazo debe ser/],
      [{ manifestGoal: GOAL, perfectTimeFrameLabel: '1 año', perfectTimeFrameYears: null }, /El plazo debe ser/],
      [{ manifestGoal: GOAL, currentTimeIndex: 10 }, 'El índice de plazo no es válido.'],
      [{ manifestGoal: GOAL, id: 'no-es-un-id' }, 'Esa meta no existe.'],
    ] as const) {
      const res = await save(l, goal);
      expect(res.statusCode, JSON.stringify(goal)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await post(l, '/api/activity/saveBeliefThreshold', { activityId: '12-areas-balance', manifestGoal: GOAL })).statusCode).toBe(400);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('is locked until the earlier activities are done, and a retried save writes once', async () => {
    const free = await createLearner(t.app, t.store);
    expect((await save(free, { manifestGoal: GOAL })).json().message).toBe(LOCK_MESSAGES.premium);
    const fresh = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    const locked = await save(fresh, { manifestGoal: GOAL });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(LOCK_MESSAGES.previous);

    const l = await readyLearner();
    const headers = { 'idempotency-key': 'meta-reintento-000001' };
    const a = (await save(l, { manifestGoal: GOAL }, headers)).json().data;
    const b = (await save(l, { manifestGoal: GOAL }, headers)).json().data;
    expect(b).toEqual(a);
    expect(await goals(l)).toHaveLength(1);
  });

  it('a save, an edit or a delete retried after the goal was deleted answers as the first time and brings nothing back', async () => {
    const l = await readyLearner();
    const created = { 'idempotency-key': 'meta-borrada-000001' };
    const edited = { 'idempotency-key': 'meta-borrada-000002' };
    const first = await save(l, { manifestGoal: GOAL }, created);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id;
    const edit = await save(l, { id, manifestGoal: `${GOAL}, en mi barrio` }, edited);
    expect(edit.statusCode, edit.body).toBe(200);
    const deleted = { 'idempotency-key': 'meta-borrada-000003' };
    const removed = await post(l, '/api/activity/deleteBeliefThresholdGoal', { id }, deleted);
    expect(removed.statusCode).toBe(200);
    const before = await countEvents(db.pool);

    // The delete sent again: the goal is gone, and that is what the first delete said.
    expect((await post(l, '/api/activity/deleteBeliefThresholdGoal', { id }, deleted)).json()).toEqual(removed.json());

    const retry = await save(l, { manifestGoal: GOAL }, created);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const retriedEdit = await save(l, { id, manifestGoal: `${GOAL}, en mi barrio` }, edited);
    expect(retriedEdit.statusCode, retriedEdit.body).toBe(200);
    expect(retriedEdit.json()).toEqual(edit.json());
    expect(await goals(l)).toEqual([]);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it(`keeps at most ${MAX_BELIEF_GOALS} goals: a new one past that is a 409 that says to delete one, and writes nothing; an edit still works, and a delete makes room`, async () => {
    const l = await readyLearner();
    const ids = Array.from({ length: MAX_BELIEF_GOALS - 1 }, () => crypto.randomUUID());
    const earlier = ids.map((goalId, i) =>
      BeliefGoalSaved.create({
        userId: l.userId,
        goalId,
        manifestGoal: `${GOAL} número ${i + 1}`,
        hesitations: [],
        currentTimeIndex: 0,
        perfectTimeFrameLabel: null,
        perfectTimeFrameYears: null,
      }),
    );
    await t.store.append(learnerStreamId(l.userId), earlier, { expectedVersion: 'any' });
    const last = await save(l, { manifestGoal: `${GOAL}, la última que cabe` });
    expect(last.statusCode, last.body).toBe(200);
    expect(await goals(l)).toHaveLength(MAX_BELIEF_GOALS);

    const before = await countEvents(db.pool);
    const refused = await save(l, { manifestGoal: `${GOAL}, una más` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_GOALS, data: null });
    expect(await countEvents(db.pool)).toBe(before);
    expect(await goals(l)).toHaveLength(MAX_BELIEF_GOALS);

    // Working on a goal already there is not adding one.
    const edit = await save(l, { id: last.json().data.id, manifestGoal: `${GOAL}, la última que cabe`, currentTimeIndex: 3 });
    expect(edit.statusCode, edit.body).toBe(200);
    // Deleting one makes room for a new one.
    expect((await remove(l, ids[0]!)).statusCode).toBe(200);
    const again = await save(l, { manifestGoal: `${GOAL}, una más` });
    expect(again.statusCode, again.body).toBe(200);
    expect(await goals(l)).toHaveLength(MAX_BELIEF_GOALS);
  });
});
