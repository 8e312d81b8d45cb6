import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, MAX_SESSION_SECONDS, PREMIUM_SOUND_FILES } from '../../../course/meditation';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { MAX_MEDITATION_SESSIONS, MAX_REVELATIONS, TOO_MANY_REVELATIONS, TOO_MANY_SESSIONS } from '../../../events/meditation/meditation';
import { MeditationSessionCompleted, RevelationSaved } from '../../../events/meditation/meditation.events';
import { rebuildProjections } from '../../../events/store/reader';
import { createCatalog, projections } from '../../../events/registry';
import { count, countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { PRIVATE_SOUNDS_DIR } from './routes';

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
    expect((await get(l, '/api/meditation/history')).json().data).toEqual({
      totalSeconds: 0,
      totalMinutes: 0,
      sessions: 0,
      streakDays: 0,
      meditatedToday: false,
    });
    const first = await session(l, { seconds: 375, activePhases: ['presence', 'gratitude'], outcome: 'completed', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ totalSeconds: 375, totalMinutes: 6, sessions: 1, streakDays: 1, meditatedToday: true });
    const second = await session(l, { seconds: 130, activePhases: ['love'], outcome: 'stopped', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(second.json().data).toEqual({ totalSeconds: 505, totalMinutes: 8, sessions: 2, streakDays: 1, meditatedToday: true });
    const recorded = (
      await db.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'MeditationSessionCompleted' ORDER BY stream_position`, [
        learnerStreamId(l.userId),
      ])
    ).rows;
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
      MeditationSessionCompleted.create({
        userId: l.userId,
        sessionId: crypto.randomUUID(),
        seconds,
        activePhases: ['presence'],
        outcome: 'completed',
        day: day(offset),
      });
    // Five days ago, then three days in a row ending yesterday: a streak of 3 that today can still extend.
    await t.store.append(learnerStreamId(l.userId), [meditated(-5), meditated(-3), meditated(-2), meditated(-1)], { expectedVersion: 'any' });
    expect((await get(l, '/api/meditation/history?timeZone=UTC')).json().data).toEqual({
      totalSeconds: 2400,
      totalMinutes: 40,
      sessions: 4,
      streakDays: 3,
      meditatedToday: false,
    });
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

describe('a session sent later (meditated offline)', () => {
  const session = (l: Learner, payload: object, key: string) => post(l, '/api/meditation/sessions', payload, { 'idempotency-key': key });

  it('counts for the day it ended, not the day it arrived, and a repeat with its key writes once', async () => {
    const l = await createLearner(t.app, t.store);
    const payload = { seconds: 420, activePhases: ['presence'], outcome: 'completed', timeZone: 'UTC', endedSecondsAgo: 24 * 3600 };
    const first = await session(l, payload, 'sesion-sin-conexion-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ totalSeconds: 420, totalMinutes: 7, sessions: 1, streakDays: 1, meditatedToday: false });
    const again = await session(l, payload, 'sesion-sin-conexion-0001');
    expect(again.json().data).toEqual(first.json().data);
    // The browser measures the age again on each try: a later copy of the same session is still that session.
    const later = await session(l, { ...payload, endedSecondsAgo: 24 * 3600 + 95 }, 'sesion-sin-conexion-0001');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toEqual(first.json());
    // Another session under that key is not.
    expect((await session(l, { ...payload, seconds: 421 }, 'sesion-sin-conexion-0001')).statusCode).toBe(422);
    const days = (await db.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'MeditationSessionCompleted'`, [learnerStreamId(l.userId)]))
      .rows;
    expect(days.map((r) => r.data.day)).toEqual([dayIn(new Date(Date.now() - 24 * 3600_000), 'UTC')]);
  });

  it('refuses an age that is not a whole number of seconds within a year, and writes nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    for (const endedSecondsAgo of [-1, 1.5, 366 * 24 * 3600, 'ayer']) {
      const res = await post(l, '/api/meditation/sessions', { seconds: 120, activePhases: ['love'], outcome: 'stopped', endedSecondsAgo });
      expect(res.statusCode, String(endedSecondsAgo)).toBe(400);
      expect(res.json().message).toMatch(/antigüedad de la sesión/);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });
});

describe('what an account keeps', () => {
  /** `n` revelations or sessions already in the learner's stream, as years of practice would leave them. */
  async function recorded(l: Learner, n: number, what: 'revelations' | 'sessions') {
    const events = Array.from({ length: n }, (_, i) =>
      what === 'revelations'
        ? RevelationSaved.create({ userId: l.userId, revelationId: crypto.randomUUID(), revelation: `Revelación ${i + 1}.`, totalTimeMeditated: 900 })
        : MeditationSessionCompleted.create({
            userId: l.userId,
            sessionId: crypto.randomUUID(),
            seconds: 900,
            activePhases: ['presence'],
            outcome: 'completed',
            day: '2026-01-01',
          }),
    );
    await t.store.append(learnerStreamId(l.userId), events, { expectedVersion: 'any' });
  }
  const revelations = (l: Learner) => count(db.pool, 'SELECT count(*) AS n FROM revelations WHERE user_id = $1', [l.userId]);
  const sessions = async (l: Learner) => await count(db.pool, 'SELECT coalesce(sum(sessions), 0) AS n FROM meditation_totals WHERE user_id = $1', [l.userId]);

  it(`${MAX_REVELATIONS.toLocaleString('en')} revelations: the last one fits, the next is refused with 409 in Spanish and nothing is written`, async () => {
    const l = await createLearner(t.app, t.store);
    await recorded(l, MAX_REVELATIONS - 1, 'revelations');
    const last = await save(l, { revelation: 'La última que cabe.', totalTimeMeditated: 600 }, { 'idempotency-key': 'ultima-revelacion-1' });
    expect(last.statusCode, last.body).toBe(200);
    expect(await revelations(l)).toBe(MAX_REVELATIONS);

    const before = await countEvents(db.pool);
    const refused = await save(l, { revelation: 'Una más.', totalTimeMeditated: 600 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_REVELATIONS, data: null });
    expect(refused.headers['x-conflict'], 'not a conflict the client should retry').toBeUndefined();
    expect(await countEvents(db.pool)).toBe(before);
    expect(await revelations(l)).toBe(MAX_REVELATIONS);
    // The last one, sent again with its key (an answer lost on the way), still answers as it did.
    const retried = await save(l, { revelation: 'La última que cabe.', totalTimeMeditated: 600 }, { 'idempotency-key': 'ultima-revelacion-1' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.Id).toBe(last.json().data.Id);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it(`${MAX_MEDITATION_SESSIONS.toLocaleString('en')} sessions: the last one is counted, the next is refused with 409 in Spanish and nothing is written`, async () => {
    const l = await createLearner(t.app, t.store);
    await recorded(l, MAX_MEDITATION_SESSIONS - 1, 'sessions');
    const payload = { seconds: 900, activePhases: ['love'], outcome: 'completed' };
    const last = await post(l, '/api/meditation/sessions', payload);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.sessions).toBe(MAX_MEDITATION_SESSIONS);

    const before = await countEvents(db.pool);
    const refused = await post(l, '/api/meditation/sessions', payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_SESSIONS, data: null });
    expect(await countEvents(db.pool)).toBe(before);
    expect(await sessions(l)).toBe(MAX_MEDITATION_SESSIONS);
    // Revelations are a list of their own: a full history of sessions does not stop one.
    expect((await save(l, { revelation: 'Todavía puedo escribir.', totalTimeMeditated: 900 })).statusCode).toBe(200);
  });
});

describe('premium sounds', () => {
  const sound = (l: Learner | null, file: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/meditation/audio/${file}`, headers: { ...(l ? { cookie: l.cookie } : {}), ...headers } });

  it('are served to premium learners only: 401 without a session, 403 without the role', async () => {
    expect((await sound(null, 'bg-forest.mp3')).statusCode).toBe(401);
    const free = await createLearner(t.app, t.store);
    const refused = await sound(free, 'bg-forest.mp3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: 'Esta es una opción premium. Debes mejorar tu cuenta para usarla.' });

    const premium = await createLearner(t.app, t.store, { roles: [7] });
    const served = await sound(premium, 'bg-forest.mp3');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.headers['cache-control']).toMatch(/no-store/);
    expect(served.rawPayload.length).toBeGreaterThan(10_000);
    expect(served.rawPayload.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/);
  });

  it('answers a media player asking for a part (Range), as phones do before they play', async () => {
    const premium = await createLearner(t.app, t.store, { roles: [7] });
    const whole = (await sound(premium, 'gong-crystal-bell.mp3')).rawPayload;
    const part = await sound(premium, 'gong-crystal-bell.mp3', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    const rest = await sound(premium, 'gong-crystal-bell.mp3', { range: 'bytes=0-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.length).toBe(whole.length);
    expect((await sound(premium, 'gong-crystal-bell.mp3', { range: `bytes=${whole.length + 5}-` })).statusCode).toBe(416);
  });

  it('only the premium files: a free sound or any other name is not served here', async () => {
    const premium = await createLearner(t.app, t.store, { roles: [7] });
    for (const file of ['bell-start.mp3', '..%2F..%2Fpackage.json', 'bg-forest.wav']) {
      const res = await sound(premium, file);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().message).toBe('Ese sonido no existe.');
    }
  });

  it('live outside the public folder, so no static address serves them', () => {
    for (const file of PREMIUM_SOUND_FILES) {
      expect(existsSync(path.join(PRIVATE_SOUNDS_DIR, file)), file).toBe(true);
      expect(existsSync(path.resolve(import.meta.dirname, '../../../client/public/audio/meditation', file)), file).toBe(false);
    }
  });
});
