// 20 saves to one learner's stream at the same moment: each is applied or refused with a 409 that says
// "try again" (nothing written); the browser's API client retries those, and no save is lost.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../course/areas';
import { createApiClient, unwrap } from '../../client/src/api/client';
import { startTestApp, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../tests/setup/db';
import { createLearner, type Learner } from '../../tests/setup/learners';
import { CONCURRENCY_CONFLICT, CONFLICT_HEADER } from '../plugins/errors';

let db: TestDatabase;
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  db = await createTestDatabase();
  // 20 saves at once from one learner, twice, plus the client's retries of each conflict: racing tabs, not a
  // person's pace. The per-user write limit is not what this file tests.
  t = await startTestApp(db, { config: { RATE_LIMIT_WRITES_BURST: 1_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const WHEEL = '12-areas-balance';
const BELIEFS = 'concientizando-areas-balance';
const VISION = 'viendo-hacia-atras-desde-el-futuro';

type Save =
  | { url: '/api/activity/saveRating'; body: { activityId: string; areaId: string; score: number } }
  | { url: '/api/activity/saveAreaDefinition'; body: { activityId: string; areaId: string; definition: string } };

/** 12 ratings (one per area) and 8 texts: 20 different saves, each one a new fact the final state must show. */
function twentySaves(round: number): Save[] {
  const ratings: Save[] = AREA_IDS.map((areaId, i) => ({ url: '/api/activity/saveRating', body: { activityId: WHEEL, areaId, score: (i + round) % 11 } }));
  const texts: Save[] = AREA_IDS.slice(0, 8).map((areaId, i) => ({
    url: '/api/activity/saveAreaDefinition',
    body: { activityId: i % 2 ? VISION : BELIEFS, areaId, definition: `Ronda ${round}: lo que escribo sobre ${areaId}.` },
  }));
  return [...ratings, ...texts];
}

/** A learner whose three wheel activities are open (ratings, beliefs and vision can all be saved). */
async function openLearner(): Promise<Learner> {
  const l = await createLearner(t.app, t.store);
  for (const activityId of [WHEEL, BELIEFS]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/activity/markAsComplete', headers: { cookie: l.cookie }, payload: { activityId } });
    expect(res.statusCode).toBe(200);
  }
  return l;
}

async function streamEvents(l: Learner) {
  const rows = await openedEvents(db.pool, 'stream_id = $1', [`learner-${l.userId}`]);
  return rows.map((r) => ({ position: r.streamPosition, type: r.type, data: r.data }));
}

/** The read models as the pages see them. */
async function readModels(l: Learner) {
  const ratings = await db.pool.query<{ area_id: string; score: number }>('SELECT area_id, score FROM area_ratings WHERE user_id = $1', [l.userId]);
  const texts = await db.pool.query<{ activity_id: string; area_id: string; definition: string }>(
    'SELECT activity_id, area_id, definition FROM area_definitions WHERE user_id = $1',
    [l.userId],
  );
  return {
    ratings: Object.fromEntries(ratings.rows.map((r) => [r.area_id, r.score])),
    texts: Object.fromEntries(texts.rows.map((r) => [`${r.activity_id}/${r.area_id}`, r.definition])),
  };
}

const expectedModels = (saves: Save[]) => ({
  ratings: Object.fromEntries(saves.flatMap((s) => ('score' in s.body ? [[s.body.areaId, s.body.score]] : []))),
  texts: Object.fromEntries(saves.flatMap((s) => ('definition' in s.body ? [[`${s.body.activityId}/${s.body.areaId}`, s.body.definition]] : []))),
});

/** The stream has no holes and no duplicates: positions 1..n, and the stream row's version is n. */
async function expectGaplessStream(l: Learner) {
  const events = await streamEvents(l);
  expect(events.map((e) => e.position)).toEqual(events.map((_, i) => i + 1));
  const { rows } = await db.pool.query<{ version: string }>('SELECT version FROM streams WHERE stream_id = $1', [`learner-${l.userId}`]);
  expect(Number(rows[0]!.version)).toBe(events.length);
  return events;
}

/** One line per save, comparable between what was sent and what the log holds. */
const factOfSave = (s: Save) => ('score' in s.body ? `${s.body.areaId}=${s.body.score}` : `${s.body.activityId}/${s.body.areaId}=${s.body.definition}`);
const factOfEvent = (d: Record<string, unknown>) => ('score' in d ? `${d.areaId}=${d.score}` : `${d.activityId}/${d.areaId}=${d.definition}`);

const saveEvents = (events: Awaited<ReturnType<typeof streamEvents>>) => events.filter((e) => e.type === 'AreaRated' || e.type === 'AreaDefinitionSaved');

describe('20 concurrent saves to one stream', () => {
  it('each is applied (200) or refused with a retryable 409 that wrote nothing; the log and read models hold exactly the applied ones', async () => {
    const l = await openLearner();
    const saves = twentySaves(1);
    const answers = await Promise.all(saves.map((s) => t.app.inject({ method: 'POST', url: s.url, headers: { cookie: l.cookie }, payload: s.body })));

    const applied: Save[] = [];
    answers.forEach((res, i) => {
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) applied.push(saves[i]!);
      else {
        expect(res.json()).toEqual({ success: false, message: 'Tus datos cambiaron mientras guardabas. Vuelve a intentarlo.', data: null });
        expect(res.headers[CONFLICT_HEADER]).toBe(CONCURRENCY_CONFLICT);
      }
    });
    expect(applied.length).toBeGreaterThan(0);
    console.info(`concurrent saves without client retries: ${applied.length} applied, ${saves.length - applied.length} refused with 409`);

    const events = saveEvents(await expectGaplessStream(l));
    expect(events.map((e) => factOfEvent(e.data)).sort()).toEqual(applied.map(factOfSave).sort());
    expect(await readModels(l)).toEqual(expectedModels(applied));
  });

  it('through the browser API client, which retries conflicts: all 20 are applied, none lost, in two rounds', async () => {
    const l = await openLearner();
    let conflicts = 0;
    const client = createApiClient({
      baseUrl,
      fetch: async (request) => {
        // Node's fetch keeps no cookie jar: send the session as the browser would.
        const withCookie = new Request(request, { headers: { ...Object.fromEntries(request.headers), cookie: l.cookie } });
        const res = await fetch(withCookie);
        if (res.status === 409) conflicts++;
        return res;
      },
    });

    let all: Save[] = [];
    for (const round of [1, 2]) {
      const saves = twentySaves(round);
      all = [...all, ...saves];
      const results = await Promise.allSettled(
        saves.map(async (s) => unwrap(await client.POST(s.url as '/api/activity/saveRating', { body: s.body as never }))),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await readModels(l)).toEqual(expectedModels(saves));
    }

    // Every save of every round is in the log, once, in a gapless stream; the ratings of round 1 repeat
    // in no other round (scores shift by one), so nothing was folded away as "unchanged".
    const events = saveEvents(await expectGaplessStream(l));
    expect(events).toHaveLength(all.length);
    expect(events.map((e) => factOfEvent(e.data)).sort()).toEqual(all.map(factOfSave).sort());
    console.info(`concurrent saves: ${conflicts} conflicts answered 409 and retried by the client over ${all.length} saves`);
  });
});
