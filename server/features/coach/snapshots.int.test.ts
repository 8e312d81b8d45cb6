// The coach's state and the learner's commands read fold snapshots (fold_snapshots) instead of whole streams: the
// state with snapshots is the state without them at every position; a snapshot of another fold version is never
// read, and is replaced; an erased learner's snapshots go with the erasure; a command in a fresh process starts from
// the snapshot, reads only the tail, and still decides again when the stream moved on under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFE_AREAS } from '../../../course/areas';
import { learnerStreamId, ROLES } from '../../../events/accounts/accounts.events';
import { journeyAt, journeyFold, journeyView } from '../../../events/coach/journey';
import { journeyEvents } from '../../../events/coach/queries';
import { learnerFold } from '../../../events/learner';
import { createCatalog } from '../../../events/registry';
import { handleCommand } from '../../../events/store/command';
import { createEventStore, type EventStore } from '../../../events/store/event-store';
import { openClosed } from '../../../events/store/sealing';
import { createFoldSnapshots, encodeState, foldVersion } from '../../../events/store/snapshots';
import { AreaRated } from '../../../events/wheel/wheel.events';
import { startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, PASSWORD, type Learner } from '../../../tests/setup/learners';

const EVERY = 10;
const catalog = createCatalog();
let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let snapshots: ReturnType<typeof createFoldSnapshots>;

beforeAll(async () => {
  db = await createTestDatabase();
  snapshots = createFoldSnapshots(db.pool, catalog, {
    every: EVERY,
    onError: (err) => {
      throw err;
    },
  });
  t = await startTestApp(db, { wrapStore: (s) => ({ ...s, snapshots }) });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
});
afterAll(async () => {
  await snapshots?.settled();
  await t?.close();
  await db?.drop();
});

const get = (who: Learner, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
async function post(who: Learner, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
  expect(res.statusCode, res.body).toBe(200);
}
const count = async (sql: string, values: unknown[]) => Number((await db.pool.query<{ n: string }>(sql, values)).rows[0]!.n);
const snapshotsOf = (userId: string) => count('SELECT count(*) AS n FROM fold_snapshots WHERE stream_id = $1', [learnerStreamId(userId)]);

/** A learner who rates, rewrites and reflects a few dozen times, with the coach's notes in between. */
async function busyLearner(rounds = 4) {
  const l = await createLearner(t.app, t.store);
  for (let round = 0; round < rounds; round++) {
    for (const [i, area] of LIFE_AREAS.slice(0, 6).entries())
      await post(l, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId: area.id, score: (i + round) % 11 });
    if (round === 0) await post(l, '/api/activity/markAsComplete', { activityId: '12-areas-balance' });
    await post(l, '/api/activity/saveAreaDefinition', {
      activityId: 'concientizando-areas-balance',
      areaId: LIFE_AREAS[round % 3]!.id,
      definition: `Creencia número ${round}`,
    });
    await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: `Nota ${round}` });
  }
  return l;
}

/** The state as it was read before snapshots: the whole journey folded, texts opened where shown. */
async function stateWithout(userId: string, at?: number) {
  const folded = await journeyEvents(db.pool, catalog, userId, { upTo: at, closed: true });
  const view = openClosed(journeyView(journeyAt(folded)));
  return { at: folded.at(-1)?.globalPosition ?? null, ...view };
}

describe('the coach’s state with fold snapshots', () => {
  it('equals the state without them, now and at every position, once the read has written them', async () => {
    const l = await busyLearner();
    expect(await snapshotsOf(l.userId)).toBe(0);
    const first = (await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data;
    expect(first).toEqual(await stateWithout(l.userId));
    await snapshots.settled();
    // 2 account events + 4 × 7 writes + a completion: 31 learner events, a snapshot at 10, 20 and 30.
    expect(await snapshotsOf(l.userId)).toBe(3);

    const positions = (await journeyEvents(db.pool, catalog, l.userId)).map((e) => e.globalPosition);
    for (const at of [0, positions[0]! - 1, ...positions]) {
      const withSnapshots = (await get(coach, `/api/coach/learners/${l.userId}/state?at=${at}`)).json().data;
      expect(withSnapshots, `at ${at}`).toEqual(await stateWithout(l.userId, at));
    }
    expect((await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data).toEqual(first);
  });

  it('never reads a snapshot of another fold version, and replaces it', async () => {
    const l = await busyLearner(2);
    const stream = learnerStreamId(l.userId);
    // A snapshot an older fold wrote, at the stream's end, that would show every area at 10.
    const stale = { ...journeyFold.initial, wheel: { ...journeyFold.initial.wheel, ratings: Object.fromEntries(LIFE_AREAS.map((a) => [a.id, 10])) } };
    const { rows } = await db.pool.query<{ version: string; gp: string }>(
      'SELECT version, (SELECT max(global_position) FROM events WHERE stream_id = $1) AS gp FROM streams WHERE stream_id = $1',
      [stream],
    );
    await db.pool.query(
      `INSERT INTO fold_snapshots (stream_id, fold, fold_version, version, global_position, state, subjects) VALUES ($1, 'journey', 'an-older-fold', $2, $3, $4, '{}')`,
      [stream, rows[0]!.version, rows[0]!.gp, JSON.stringify(encodeState(stale))],
    );
    const now = (await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data;
    expect(now).toEqual(await stateWithout(l.userId));
    expect(Object.values(now.ratings)).not.toContain(10);
    await snapshots.settled();
    const { rows: left } = await db.pool.query<{ fold_version: string }>('SELECT DISTINCT fold_version FROM fold_snapshots WHERE stream_id = $1', [stream]);
    expect(left.map((r) => r.fold_version)).toEqual([foldVersion(journeyFold)]);
  });

  it('the erasure of a learner deletes their snapshots, and none is written after it', async () => {
    const l = await busyLearner(2);
    await get(coach, `/api/coach/learners/${l.userId}/state`);
    await snapshots.settled();
    expect(await snapshotsOf(l.userId)).toBeGreaterThan(0);
    await post(l, '/api/me/delete', { password: PASSWORD });
    expect(await snapshotsOf(l.userId)).toBe(0);
    await snapshots.refresh(learnerStreamId(l.userId), journeyFold);
    expect(await snapshotsOf(l.userId)).toBe(0);
  });
});

describe('a command in a fresh process', () => {
  it('starts from the learner fold’s snapshot, reads only the tail, and decides again when the stream moved on', async () => {
    const l = await busyLearner(3);
    const stream = learnerStreamId(l.userId);
    await snapshots.refresh(stream, learnerFold);
    const version = await t.store.streamVersion(stream);
    expect(version).toBeGreaterThan(2 * EVERY);
    const snapshotAt = Math.floor(version / EVERY) * EVERY;

    // Another process: its own store, nothing in memory.
    const fresh = createEventStore({ pool: db.pool, catalog, snapshots: { every: EVERY } });
    const reads: Array<{ after?: number }> = [];
    const spied: EventStore = { ...fresh, readStream: (id, options) => (reads.push({ ...options }), fresh.readStream(id, options)) };
    const area = LIFE_AREAS[7]!.id;
    const seen: Array<number | undefined> = [];
    const result = await handleCommand(spied, stream, learnerFold, async (state) => {
      seen.push(state.wheel.ratings[area]);
      // Meanwhile, another write reaches the stream: the append must conflict and the command decide again.
      if (seen.length === 1) await t.store.append(stream, [AreaRated.create({ userId: l.userId, areaId: area, score: 4 })], { expectedVersion: version });
      return { events: [AreaRated.create({ userId: l.userId, areaId: area, score: (state.wheel.ratings[area] ?? 0) + 1 })] };
    });
    expect(reads).toEqual([{ after: snapshotAt }, { after: version }]);
    expect(seen).toEqual([undefined, 4]);
    expect(result.nextVersion).toBe(version + 2);
    expect(result.state.wheel.ratings[area]).toBe(5);
    // The state it answered is the fold of the whole stream.
    const all = await t.store.readStream(stream);
    expect(result.state).toEqual(all.reduce(learnerFold.evolve, learnerFold.initial));
  });
});
