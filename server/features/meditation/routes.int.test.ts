import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, MAX_SESSION_SECONDS } from '../../../course/meditation';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { MeditationSessionCompleted } from '../../../events/meditation/meditation.events';
import { rebuildProjections } from '../../../events/store/reader';
import { createCatalog, projections } from '../../../events/registry';
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

const post = (l: Learner | null, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...(l ? { cookie: l.cookie } : {}), ...headers }, payload });
const get = (l: Learner | null, url: string) => t.app.inject({ method: 'GET', url, headers: l ? { cookie: l.cookie } : {} });
const save = (l: Learner, payload: object, headers?: Record<string, string>) => post(l, '/api/activity/saveRevelation', payload, headers);

describe('revelations', () => {
  it('round trip: saved trimmed, listed newest first with the spec field names', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await get(l, '/api/activity/getRevelations')).json().data).toEqual([]);
    const first = await save(l, { revelation: '  Me di cuenta de que ya no necesito correr.  ', totalTimeMeditated: 1260 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ Revelation: 'Me di cuenta de que ya no necesito correr.', TotalTimeMeditated: 1260 });
    expect(Date.parse(first.json().data.DateCreated)).not.toBeNaN();
    await save(l, { revelation: 'Gratitud por mi cuerpo.', totalTimeMeditated: 0 });

    const list = (await get(l, '/api/activity/getRevelations')).json().data;
    expect(list.map((r: { Revelation: string }) => r.Revelation)).toEqual(['Gratitud por mi cuerpo.', 'Me di cuenta de que ya no necesito correr.']);
    expect(list[1].Id).toBe(first.json().data.Id);

    // Another learner sees none of them.
    const other = await createLearner(t.app, t.store);
    expect((await get(other, '/api/activity/getRevelations')).json().data).toEqual([]);
  });

  it('refuses bad input with a Spanish message and writes nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    for (const [payload, message] of [
      [{ revelation: '   ', totalTimeMeditated: 60 }, 'Escribe tu revelación antes de guardarla.'],
      [{ totalTimeMeditated: 60 }, 'Escribe tu revelación antes de guardarla.'],
      [{ revelation: 'Algo', totalTimeMeditated: -1 }, /tiempo meditado/],
      [{ revelation: 'Algo', totalTimeMeditated: 1.5 }, /tiempo meditado/],
      [{ revelation: 'Algo', totalTimeMeditated: MAX_SESSION_SECONDS + 1 }, /tiempo meditado/],
      [{ revelation: 'x'.repeat(5001), totalTimeMeditated: 60 }, /hasta 5/],
    ] as const) {
      const res = await save(l, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('needs a session, and a retried request writes once', async () => {
    expect((await post(null, '/api/activity/saveRevelation', { revelation: 'Hola', totalTimeMeditated: 1 })).statusCode).toBe(401);
    expect((await get(null, '/api/activity/getRevelations')).statusCode).toBe(401);
    const l = await createLearner(t.app, t.store);
    const headers = { 'idempotency-key': 'revelacion-reintento-0001' };
    const a = await save(l, { revelation: 'Una sola vez.', totalTimeMeditated: 300 }, headers);
    const b = await save(l, { revelation: 'Una sola vez.', totalTimeMeditated: 300 }, headers);
    expect(b.json().data).toEqual(a.json().data);
    expect((await get(l, '/api/activity/getRevelations')).json().data).toHaveLength(1);
  });
});

describe('meditation history', () => {
  const session = (l: Learner, payload: object) => post(l, '/api/meditation/sessions', payload);

  it('records sessions and answers totals, sessions and today in the streak', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await get(l, '/api/meditation/history')).json().data).toEqual({ totalSeconds: 0, totalMinutes: 0, sessions: 0, streakDays: 0, meditatedToday: false });
    const first = await session(l, { seconds: 375, activePhases: ['presence', 'gratitude'], outcome: 'completed', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ totalSeconds: 375, totalMinutes: 6, sessions: 1, streakDays: 1, meditatedToday: true });
    const second = await session(l, { seconds: 130, activePhases: ['love'], outcome: 'stopped', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(second.json().data).toEqual({ totalSeconds: 505, totalMinutes: 8, sessions: 2, streakDays: 1, meditatedToday: true });
    const recorded = (await db.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'MeditationSessionCompleted' ORDER BY stream_position`, [learnerStreamId(l.userId)])).rows;
    expect(recorded.map((r) => [r.data.seconds, r.data.outcome, r.data.day])).toEqual([
      [375, 'completed', dayIn(new Date(), 'America/Argentina/Buenos_Aires')],
      [130, 'stopped', dayIn(new Date(), 'America/Argentina/Buenos_Aires')],
    ]);
  });

  it('counts the streak across consecutive days and breaks it after a missed day', async () => {
    const l = await createLearner(t.app, t.store);
    const day = (offset: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + offset);
      return dayIn(d, 'UTC');
    };
    const meditated = (offset: number, seconds = 600) =>
      MeditationSessionCompleted.create({ userId: l.userId, sessionId: crypto.randomUUID(), seconds, activePhases: ['presence'], outcome: 'completed', day: day(offset) });
    // Five days ago, then three days in a row ending yesterday: a streak of 3 that today can still extend.
    await t.store.append(learnerStreamId(l.userId), [meditated(-5), meditated(-3), meditated(-2), meditated(-1)], { expectedVersion: 'any' });
    expect((await get(l, '/api/meditation/history?timeZone=UTC')).json().data).toEqual({ totalSeconds: 2400, totalMinutes: 40, sessions: 4, streakDays: 3, meditatedToday: false });
    const today = await session(l, { seconds: 60, activePhases: ['presence'], outcome: 'completed', timeZone: 'UTC' });
    expect(today.json().data).toMatchObject({ sessions: 5, streakDays: 4, meditatedToday: true });

    // Rebuilt from the log, the read model says the same.
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await get(l, '/api/meditation/history?timeZone=UTC')).json().data).toMatchObject({ totalSeconds: 2460, sessions: 5, streakDays: 4 });
  });

  it('refuses bad sessions and unknown time zones', async () => {
    const l = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    for (const payload of [
      { seconds: 10, activePhases: [], outcome: 'completed' },
      { seconds: 10, activePhases: ['siesta'], outcome: 'completed' },
      { seconds: -5, activePhases: ['love'], outcome: 'completed' },
      { seconds: 10, activePhases: ['love'], outcome: 'abandoned' },
      { seconds: 10, activePhases: ['love'], outcome: 'completed', timeZone: 'Marte/Olympus' },
    ]) {
      const res = await session(l, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect((await get(l, '/api/meditation/history?timeZone=Marte/Olympus')).statusCode).toBe(400);
  });
});
